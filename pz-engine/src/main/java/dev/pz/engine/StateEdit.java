package dev.pz.engine;

import dev.pz.engine.state.WatermarkEdit;
import java.util.List;
import java.util.Optional;

/**
 * A checked manual change of a stored watermark, not yet applied: the caller shows
 * {@link #preview()}, asks for confirmation, then calls {@link #apply()}.
 */
public final class StateEdit {
    private final WatermarkEdit edit;

    StateEdit(WatermarkEdit edit) {
        this.edit = edit;
    }

    /** Why no edit can be made at all (the watermark file is corrupt), if it cannot. */
    public Optional<String> blockedBy() {
        return edit.blockedBy();
    }

    /** What the user should know before confirming (printed with the change, on stdout). */
    public List<String> warnings() {
        return edit.warnings();
    }

    /** The change and what the next run will do because of it, one line each. */
    public List<String> preview() {
        return edit.preview();
    }

    /**
     * Applies the change and records it in {@code .pz/state/audit.jsonl}; refused (PZ0517) when a run
     * went live meanwhile. Returns the audit line to append by hand, with the reason, when the state
     * changed but the audit could not be written.
     */
    public Optional<AuditFailure> apply() {
        return Guard.call(() -> edit.apply().map(failure -> new AuditFailure(failure.problem(), failure.line())));
    }

    /** The state changed but its audit line could not be appended. */
    public record AuditFailure(String problem, String line) {
    }
}
