package dev.pz.engine.events;

/**
 * A running node's live counters, read on demand (a terminal view polls it a few times a second).
 * Reading is cheap and thread-safe. Counts grow, except DuckDB's own measure of a scan, which can
 * waver. A meter is valid until the node completes; a retried node hands out a fresh one.
 */
@FunctionalInterface
public interface NodeMeter {

    NodeCounters read();

    /**
     * What a node has moved so far. Each field is {@link #UNKNOWN} where the node cannot tell:
     * {@code rows} are the rows landed in or drained from DuckDB (unknown while DuckDB itself reads
     * a file); {@code bytesRead} of {@code bytesTotal} are the source's bytes, known where its size
     * is (local files).
     */
    record NodeCounters(long rows, long bytesRead, long bytesTotal) {
        public static final long UNKNOWN = -1;

        /** The share of the source read, 0 to 1, when both byte counts are known. */
        public java.util.OptionalDouble fractionRead() {
            if (bytesRead < 0 || bytesTotal <= 0) {
                return java.util.OptionalDouble.empty();
            }
            return java.util.OptionalDouble.of(Math.min(1.0, (double) bytesRead / bytesTotal));
        }
    }
}
