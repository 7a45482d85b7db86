package dev.pz.connectors.api.error;

import java.time.Duration;
import java.util.Optional;

/**
 * A connector's failure. The message is shown to the user verbatim, so it names the dataset or
 * output and never holds a credential or a data value. Connectors never retry or sleep: they mark
 * a failure transient and the engine's retry policy decides.
 */
public class PzConnectorException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final boolean transientFailure;
    private final transient Duration retryAfter;
    private final transient PzCode code;

    public PzConnectorException(String message, boolean transientFailure) {
        this(null, message, transientFailure, null, null);
    }

    public PzConnectorException(PzCode code, String message) {
        this(code, message, false, null, null);
    }

    public PzConnectorException(PzCode code, String message, boolean transientFailure, Duration retryAfter,
            Throwable cause) {
        super(message, cause);
        this.code = code;
        this.transientFailure = transientFailure;
        this.retryAfter = retryAfter;
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
}
