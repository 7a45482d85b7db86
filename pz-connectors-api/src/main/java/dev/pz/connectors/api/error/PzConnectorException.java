package dev.pz.connectors.api.error;

import java.time.Duration;
import java.util.Optional;

/**
 * A connector's failure. The message is shown to the user verbatim, so it names the dataset or
 * output and never holds a credential or a data value; it does not repeat the code (pz prints the
 * code in front of it). Connectors never retry or sleep: they mark a failure transient and the
 * engine's retry policy decides.
 */
public class PzConnectorException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final boolean transientFailure;
    private final transient Duration retryAfter;
    private final transient PzCode code;
    private final String hint;

    public PzConnectorException(String message, boolean transientFailure) {
        this(null, message, transientFailure, null, null);
    }

    public PzConnectorException(PzCode code, String message) {
        this(code, message, false, null, null);
    }

    /** A permanent refusal with its code and the user's next step. */
    public PzConnectorException(PzCode code, String message, String hint) {
        this(code, message, false, null, null, hint);
    }

    public PzConnectorException(PzCode code, String message, boolean transientFailure, Duration retryAfter,
            Throwable cause) {
        this(code, message, transientFailure, retryAfter, cause, null);
    }

    private PzConnectorException(PzCode code, String message, boolean transientFailure, Duration retryAfter,
            Throwable cause, String hint) {
        super(withoutCode(code, message), cause);
        this.code = code;
        this.transientFailure = transientFailure;
        this.retryAfter = retryAfter;
        this.hint = hint;
    }

    public boolean isTransient() {
        return transientFailure;
    }

    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }

    /** The specific code this failure carries, if any; the engine falls back to PZ0501. */
    public Optional<PzCode> code() {
        return Optional.ofNullable(code);
    }

    /** What the user can do next, if the connector knows. */
    public Optional<String> hint() {
        return Optional.ofNullable(hint);
    }

    /** A message that starts with its own code (a habit of ported connectors) loses that prefix. */
    private static String withoutCode(PzCode code, String message) {
        String prefix = code == null ? null : code.code() + ": ";
        return prefix != null && message != null && message.startsWith(prefix) ? message.substring(prefix.length())
                : message;
    }
}
