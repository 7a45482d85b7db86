package dev.pz.engine.run;

import dev.pz.duckdb.BackgroundOpen;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Opens a run's {@link RunResources} on a thread of its own while the run's main thread sweeps old
 * temporaries, reads its state and writes {@code dag.json}: attaching {@code staging.duckdb} creates
 * and syncs a file, and none of that work depends on it. {@link #take} hands the resources over, or
 * throws exactly what opening them threw; {@link #close} closes resources nobody took and deletes
 * the staging file they created, so a run that failed before it needed its database leaves its
 * directory as it did when the database was opened only then.
 */
final class RunResourcesOpening implements AutoCloseable {
    private final Path stagingDatabase;
    private final BackgroundOpen<RunResources> opening;

    private RunResourcesOpening(Path stagingDatabase, BackgroundOpen<RunResources> opening) {
        this.stagingDatabase = stagingDatabase;
        this.opening = opening;
    }

    /** Starts {@link RunResources#open} with these arguments. */
    static RunResourcesOpening start(Path stagingDatabase, DuckSettings settings, DuckSession preflightDatabase) {
        return new RunResourcesOpening(stagingDatabase, BackgroundOpen.start("pz-run-database",
                () -> RunResources.open(stagingDatabase, settings, preflightDatabase)));
    }

    /** The opened resources, which the caller now closes. */
    RunResources take() {
        return opening.take();
    }

    @Override
    public void close() {
        if (opening.taken()) {
            return;
        }
        opening.close();
        try {
            Files.deleteIfExists(Path.of(stagingDatabase + ".wal"));
            Files.deleteIfExists(stagingDatabase);
        } catch (IOException ignored) {
            // The run is already failing for another reason, and that one is reported.
        }
    }
}
