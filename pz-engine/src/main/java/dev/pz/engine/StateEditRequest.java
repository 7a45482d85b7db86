package dev.pz.engine;

/**
 * A manual change of a stored watermark: {@code action} is {@code rollback}, {@code set} or
 * {@code clear}; {@code value} is the new value ({@code set}); {@code toRun} the run whose recorded
 * value to restore ({@code rollback}); {@code reason} is recorded in the audit log. Unused fields are
 * null.
 */
public record StateEditRequest(String action, String key, String value, String toRun, String reason) {
}
