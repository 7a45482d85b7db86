package dev.pz.engine.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.sql.SQLException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Permission denied, disk full and a locked file under the project are PZ0531/PZ0532/PZ0533 with the
 * path and a hint ending in the caller's next step; anything else is not the machine's doing. Tests
 * run as root, where chmod denies nothing, so the classifier is fed the exceptions the JDK and DuckDB
 * raise.
 */
class EngineFailuresTest {

    private static PzError classified(Throwable failure) {
        Optional<PzError> error = EngineFailures.classify(failure, "run it again");
        assertThat(error).as(String.valueOf(failure)).isPresent();
        return error.get();
    }

    @Test
    void accessDeniedCreatingRunsIsPz0531WithThePath() {
        PzError error = classified(new UncheckedIOException("could not create /p/.pz/runs/r1",
                new AccessDeniedException("/p/.pz/runs/r1")));
        assertThat(error.code()).isEqualTo(PzCode.ENGINE_ACCESS_DENIED);
        assertThat(error.message()).contains("/p/.pz/runs/r1");
        assertThat(error.hint()).endsWith(", then run it again");
    }

    @Test
    void permissionDeniedFromDuckDbIsPz0531() {
        PzError error = classified(new RuntimeException("run failed", new SQLException(
                "IO Error: Cannot open file \"/p/.pz/runs/r1/staging.duckdb\": Permission denied")));
        assertThat(error.code()).isEqualTo(PzCode.ENGINE_ACCESS_DENIED);
        assertThat(error.message()).contains("/p/.pz/runs/r1/staging.duckdb");
    }

    @Test
    void noSpaceLeftIsPz0532WithThePath() {
        PzError error = classified(new UncheckedIOException(new FileSystemException("/p/.pz/runs/r1/run_results.json",
                null, "No space left on device")));
        assertThat(error.code()).isEqualTo(PzCode.ENGINE_DISK_FULL);
        assertThat(error.message()).contains("/p/.pz/runs/r1/run_results.json");
        assertThat(classified(new IOException("No space left on device")).code()).isEqualTo(PzCode.ENGINE_DISK_FULL);
    }

    @Test
    void lockedFileIsPz0533() {
        PzError error = classified(new SQLException("IO Error: Could not set lock on file \"/p/.pz/runs/r1/staging.duckdb\": "
                + "Conflicting lock is held in /usr/bin/java (PID 42)"));
        assertThat(error.code()).isEqualTo(PzCode.ENGINE_FILE_LOCKED);
        assertThat(error.message()).contains("/p/.pz/runs/r1/staging.duckdb");
    }

    @Test
    void aFileWherePzKeepsADirectoryIsPz0531ButAFileWhereASinkWritesIsNot() {
        PzError error = classified(new FileSystemException("/p/.pz/runs", null, "Not a directory"));
        assertThat(error.code()).isEqualTo(PzCode.ENGINE_ACCESS_DENIED);
        assertThat(EngineFailures.classify(new UncheckedIOException(new FileSystemException("/p/out/.pz-tmp", null,
                "Not a directory")), "x")).as("the output folder is a file: the sink's failure").isEmpty();
    }

    @Test
    void anythingElseIsNotAnEnvironmentFailure() {
        assertThat(EngineFailures.classify(new IllegalStateException("boom"), "x")).isEmpty();
        assertThat(EngineFailures.classify(new UncheckedIOException(new IOException("stream closed")), "x")).isEmpty();
    }
}
