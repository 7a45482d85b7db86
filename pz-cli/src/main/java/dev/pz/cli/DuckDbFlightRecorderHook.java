package dev.pz.cli;

/**
 * Keeps DuckDB's JDBC driver from starting Java Flight Recorder in every pz process.
 *
 * <p>When its classes load, the driver registers a periodic JFR event (its memory monitor) whether or
 * not anything records. Registering the first event initialises JFR's metadata repository and
 * generates an event-handler class, a measurable share of a small run's start-up
 * (docs/performance.md, "Start-up"). The JDK's {@code jfr.unsupported.vm} property turns JFR's
 * registration calls into no-ops, so the driver's monitor is not registered. Nothing is lost: the
 * event reports only for connections opened with the driver's {@code jdbc_jfr_memory_monitor}
 * property, which pz never sets.
 *
 * <p>A JVM started with {@code -XX:StartFlightRecording} has initialised JFR before {@code main} and
 * is not affected: the event type is registered as before. To attach a recording later
 * ({@code jcmd <pid> JFR.start}), start pz with {@code PZ_JAVA_OPTS=-Djfr.unsupported.vm=false}: a
 * value given on the command line is left as it is.
 */
final class DuckDbFlightRecorderHook {
    static final String PROPERTY = "jfr.unsupported.vm";

    private DuckDbFlightRecorderHook() {
    }

    /** Call before the first DuckDB class loads. */
    static void skipUnlessAsked() {
        if (System.getProperty(PROPERTY) == null) {
            System.setProperty(PROPERTY, "true");
        }
    }
}
