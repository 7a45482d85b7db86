package dev.pz.engine.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading prior runs back from {@code .pz/runs/}: newest first, broken files skipped, not fatal. */
class RunHistoryTest {
    @TempDir
    Path project;

    private void run(String runId, String json) throws IOException {
        Path directory = project.resolve(".pz/runs").resolve(runId);
        Files.createDirectories(directory);
        if (json != null) {
            Files.writeString(directory.resolve("run_results.json"), json);
        }
    }

    @Test
    void listsNewestFirstAndSkipsMissingOrUnparseableFiles() throws IOException {
        run("20260101T000000000Z-aaaa", "{\"version\":1,\"runId\":\"20260101T000000000Z-aaaa\",\"status\":\"success\","
                + "\"startedAt\":\"2026-01-01T00:00:00.000Z\",\"finishedAt\":\"2026-01-01T00:00:05.000Z\",\"nodes\":["
                + "{\"id\":\"0123456789abcdef\",\"kind\":\"SourceLoad\",\"name\":\"src_erp__dbo_orders\",\"status\":\"success\","
                + "\"provenance\":\"reused\",\"rows\":5,\"durationMs\":23,\"error\":null,"
                + "\"watermark\":{\"cursor\":\"updated_at\",\"type\":\"timestamp\",\"value\":\"2026-01-08T13:30:00.000000\"}},"
                + "{\"id\":\"fedcba9876543210\",\"kind\":\"Check\",\"name\":\"check_x\",\"status\":\"failed\",\"rows\":1,"
                + "\"durationMs\":4,\"error\":{\"code\":\"PZ0510\",\"message\":\"check failed\"}}]}");
        run("20260102T000000000Z-bbbb", "{ not json");
        run("20260103T000000000Z-cccc", null);
        run("99999999T999999999Z-fake", "{\"version\":1,\"runId\":\"99999999T999999999Z-fake\",\"status\":\"running\","
                + "\"startedAt\":\"2026-01-04T00:00:00.000Z\",\"nodes\":[]}");

        assertThat(RunHistory.list(project)).extracting(RunRecord::runId)
                .containsExactly("99999999T999999999Z-fake", "20260101T000000000Z-aaaa");
        assertThat(RunHistory.latest(project)).get().satisfies(latest -> {
            assertThat(latest.status()).isEqualTo("running");
            assertThat(latest.finishedAt()).isNull();
            assertThat(latest.directory()).isEqualTo(project.resolve(".pz/runs/99999999T999999999Z-fake"));
        });

        RunRecord older = RunHistory.list(project).get(1);
        assertThat(older.finishedAt()).isEqualTo("2026-01-01T00:00:05.000Z");
        assertThat(older.nodes()).containsExactly(
                new NodeRecord("0123456789abcdef", "SourceLoad", "src_erp__dbo_orders", "success", "reused", 5, 23, null,
                        null, new Watermark("updated_at", "timestamp", "2026-01-08T13:30:00.000000", null)),
                new NodeRecord("fedcba9876543210", "Check", "check_x", "failed", null, 1, 4, "PZ0510", "check failed",
                        null));
    }

    @Test
    void noRunsDirectoryMeansNoRuns() {
        assertThat(RunHistory.list(project)).isEmpty();
        assertThat(RunHistory.latest(project)).isEmpty();
    }
}
