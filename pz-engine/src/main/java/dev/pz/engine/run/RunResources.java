package dev.pz.engine.run;

import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import dev.pz.engine.execute.AbandonedWork;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * What a run's nodes share: the root Arrow allocator and the DuckDB session. Closing them checks
 * for leaked Arrow memory (a leak throws, and the run becomes fatal). When the run abandoned a node
 * that ignored cancellation, its thread may still use both, so they are closed only after it ends.
 */
final class RunResources implements AutoCloseable {
    private final BufferAllocator allocator;
    private final DuckSession session;
    private final AbandonedWork abandoned = new AbandonedWork();

    private RunResources(BufferAllocator allocator, DuckSession session) {
        this.allocator = allocator;
        this.session = session;
    }

    /**
     * Opens the run's DuckDB over {@code stagingDatabase}, made from {@code preflightDatabase} (the
     * preflight's in-memory DuckDB, see {@link DuckSession#becomeRunDatabase}) when there is one.
     */
    static RunResources open(Path stagingDatabase, DuckSettings settings, DuckSession preflightDatabase) {
        BufferAllocator allocator = new RootAllocator();
        try {
            return new RunResources(allocator, preflightDatabase == null ? DuckSession.open(stagingDatabase, settings)
                    : preflightDatabase.becomeRunDatabase(stagingDatabase, settings));
        } catch (RuntimeException e) {
            allocator.close();
            throw e;
        }
    }

    BufferAllocator allocator() {
        return allocator;
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
                    closeBoth();
                } catch (RuntimeException ignored) {
                    // Nobody is left to tell: the run has ended and reported the abandoned node.
                }
            });
            return;
        }
        closeBoth();
    }

    private void closeBoth() {
        try {
            session.close();
        } finally {
            allocator.close();
        }
    }
}
