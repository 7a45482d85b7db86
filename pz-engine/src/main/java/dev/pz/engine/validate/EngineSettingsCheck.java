package dev.pz.engine.validate;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import dev.pz.duckdb.DuckSqlException;
import dev.pz.engine.model.EngineConfig;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.Project;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The {@code engine.duckdb} values only DuckDB can judge ({@code memory_limit}, {@code threads}),
 * judged by DuckDB itself before anything runs; a thread count DuckDB accepts but cannot start (it
 * starts every worker at the first query, and tens of thousands exhaust the machine's threads); and a
 * {@code temp_directory} that names something other than a directory. Each refusal is PZ0120 at the
 * line where the value was written.
 */
final class EngineSettingsCheck {
    static final int MAX_DUCKDB_THREADS = 1024;

    private EngineSettingsCheck() {
    }

    /**
     * Opens the preflight's in-memory DuckDB with the project's {@code memory_limit} and
     * {@code threads}, which is how DuckDB judges them, then gives it back its defaults for the dry
     * compile (a small memory limit must not fail a compile against empty tables).
     *
     * @throws dev.pz.connectors.api.error.PzValidationException PZ0120 for every value refused
     */
    static DuckSession open(Project project) {
        EngineConfig.DuckDbSettings duckdb = project.engine().duckdb();
        Problems problems = new Problems();
        Integer threads = duckdb.threads();
        if (threads != null && threads > MAX_DUCKDB_THREADS) {
            problems.error(PzCode.INVALID_ENGINE_CONFIG, "project.yml: engine.duckdb.threads " + threads
                    + " is more than the " + MAX_DUCKDB_THREADS + " worker threads pz lets DuckDB start",
                    duckdb.location("threads"), "DuckDB starts every worker at once; use at most the machine's cores");
            threads = null;
        }
        if (duckdb.tempDirectory() != null) {
            checkTempDirectory(project, duckdb, problems);
        }
        DuckSettings settings = new DuckSettings(duckdb.memoryLimit(), threads, null, false);
        DuckSession session = null;
        try {
            session = DuckSession.openInMemory(settings);
        } catch (DuckSqlException refused) {
            Map<String, String> reasons = DuckSession.refusedSettings(settings);
            if (reasons.isEmpty()) {
                throw refused;
            }
            reasons.forEach((key, reason) -> problems.error(PzCode.INVALID_ENGINE_CONFIG, "project.yml: engine.duckdb."
                    + key + " " + quoted(key, duckdb) + " is refused by DuckDB: " + reason, duckdb.location(key),
                    key.equals("memory_limit") ? "write a size DuckDB understands, e.g. 4GiB, 512MB or 80%"
                            : "write a positive number of threads, e.g. 2"));
        }
        if (problems.hasErrors()) {
            if (session != null) {
                session.close();
            }
            problems.throwIfErrors();
        }
        try (DuckConnection connection = session.connect()) {
            connection.execute("RESET memory_limit");
            connection.execute("RESET threads");
        }
        return session;
    }

    private static void checkTempDirectory(Project project, EngineConfig.DuckDbSettings duckdb, Problems problems) {
        Path directory;
        try {
            directory = project.directory().resolve(duckdb.tempDirectory());
        } catch (InvalidPathException e) {
            problems.error(PzCode.INVALID_ENGINE_CONFIG, "project.yml: engine.duckdb.temp_directory '"
                    + duckdb.tempDirectory() + "' is not a valid path", duckdb.location("temp_directory"), null);
            return;
        }
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            problems.error(PzCode.INVALID_ENGINE_CONFIG, "project.yml: engine.duckdb.temp_directory '"
                    + duckdb.tempDirectory() + "' exists and is not a directory", duckdb.location("temp_directory"),
                    "name a directory DuckDB may spill into (it is created when missing)");
        }
    }

    private static String quoted(String key, EngineConfig.DuckDbSettings duckdb) {
        return "'" + (key.equals("memory_limit") ? duckdb.memoryLimit() : String.valueOf(duckdb.threads())) + "'";
    }
}
