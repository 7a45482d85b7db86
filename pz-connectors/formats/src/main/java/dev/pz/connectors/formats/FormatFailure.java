package dev.pz.connectors.formats;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;

/**
 * A file this module cannot read as asked. The message names the file (and sheet, cell or
 * column), never a value from it. {@link #planCode()} is the code for a refusal found before a run
 * ({@code pz validate}/{@code pz plan}); during a run the failure is a node failure (PZ0501).
 */
public final class FormatFailure extends PzConnectorException {
    private static final long serialVersionUID = 1L;

    private final transient PzCode planCode;

    private FormatFailure(PzCode planCode, String message) {
        super(PzCode.NODE_FAILED, message);
        this.planCode = planCode;
    }

    /** PZ0362 for an option the file contradicts (a sheet it lacks), PZ0361 for content this build cannot map, else PZ0353. */
    public PzCode planCode() {
        return planCode;
    }

    static FormatFailure missing(String message) {
        return new FormatFailure(PzCode.NATIVE_PATH_CONTRACT_MISMATCH, message);
    }

    static FormatFailure unreadable(String message) {
        return new FormatFailure(PzCode.NATIVE_PATH_CONTRACT_MISMATCH, message);
    }

    static FormatFailure badOption(String message) {
        return new FormatFailure(PzCode.FILE_FORMAT_OPTION_INVALID, message);
    }

    static FormatFailure unsupported(String message) {
        return new FormatFailure(PzCode.FILE_FORMAT_UNSUPPORTED, message);
    }

    static FormatFailure contract(String message) {
        return new FormatFailure(PzCode.NATIVE_PATH_CONTRACT_MISMATCH, message);
    }

    static FormatFailure value(String message) {
        return new FormatFailure(PzCode.NODE_FAILED, message);
    }
}
