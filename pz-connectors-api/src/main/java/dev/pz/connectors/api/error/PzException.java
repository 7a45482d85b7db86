package dev.pz.connectors.api.error;

/** A single pz error raised where it was found; the CLI renders it and picks the exit code. */
public class PzException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient PzError error;

    public PzException(PzError error) {
        super(error.render());
        this.error = error;
    }

    public PzException(PzError error, Throwable cause) {
        super(error.render(), cause);
        this.error = error;
    }

    public PzException(PzCode code, String message) {
        this(PzError.of(code, message));
    }

    public PzError error() {
        return error;
    }

    public PzCode code() {
        return error.code();
    }
}
