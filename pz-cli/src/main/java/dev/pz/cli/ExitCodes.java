package dev.pz.cli;

/** pz's exit codes; the only place they are defined. */
public final class ExitCodes {
    /** Everything succeeded, or there was nothing to do. */
    public static final int OK = 0;
    /** At least one node or check failed. */
    public static final int NODE_FAILURES = 1;
    /** A configuration, validation or usage error; nothing ran. */
    public static final int CONFIG_ERROR = 2;
    /** The run could not finish: cancelled, or an unexpected engine failure. */
    public static final int FATAL = 3;
    /**
     * A transient failure of a shard ({@code run --shard}) or of {@code pz commit}, worth retrying
     * (EX_TEMPFAIL); a plain run never exits with it.
     */
    public static final int TEMPFAIL = 75;

    private ExitCodes() {
    }
}
