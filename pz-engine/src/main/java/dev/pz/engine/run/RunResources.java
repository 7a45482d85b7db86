package dev.pz.engine.run;

import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import dev.pz.engine.execute.AbandonedWork;
import dev.pz.engine.execute.ArrowPeak;
import java.nio.file.Path;

/**
 * What a run's nodes share: the DuckDB session and the Arrow peak the universal nodes report (each
 * has an allocator of its own, which checks for leaked Arrow memory when the node ends). When the
 * run abandoned a node that ignored cancellation, its thread may still use the session, so it is
 * closed only after that thread ends.
 */
final class RunResources implements AutoCloseable {
    private final DuckSession session;
    private final ArrowPeak arrowPeak = new ArrowPeak();
    private final AbandonedWork abandoned = new AbandonedWork();

    private RunResources(DuckSession session) {
        this.session = session;
    }

    /**
     * Opens the run's DuckDB over {@code stagingDatabase}, made from {@code preflightDatabase} (the
     * preflight's in-memory DuckDB, see {@link DuckSession#becomeRunDatabase}) when there is one.
     */
    static RunResources open(Path stagingDatabase, DuckSettings settings, DuckSession preflightDatabase) {
        return new RunResources(preflightDatabase == null ? DuckSession.open(stagingDatabase, settings)
                : preflightDatabase.becomeRunDatabase(stagingDatabase, settings));
    }

    ArrowPeak arrowPeak() {
        return arrowPeak;
    }

    DuckSession session() {
        return session;
    }

    AbandonedWork abandoned() {
        return abandoned;
    }

    @Override
    public void close() {
        if (!abandoned.isEmpty()) {
            abandoned.closeAfter(() -> {
                try {
                    session.close();
                } catch (RuntimeException ignored) {
                    // Nobody is left to tell: the run has ended and reported the abandoned node.
                }
            });
            return;
        }
        session.close();
    }
}
