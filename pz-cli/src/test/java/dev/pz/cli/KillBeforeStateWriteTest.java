package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.engine.artifacts.RunDirectory;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pz process killed (SIGKILL) after its sink committed but before the watermark was written. The
 * moment is made reliable without any test hook: finalization runs retention before advancing state
 * (docs/delivery.md), and a stale {@code .pz/tmp} workdir of many files makes that sweep
 * take seconds. The test waits until run_results.json shows the sink committed, kills pz while the
 * sweep is still deleting, and checks the contract: the state never passed data that did not reach
 * the sink, the next run re-delivers the same window (at-least-once into append), and no row is lost.
 */
class KillBeforeStateWriteTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int STALE_FILES = 40_000;

    @TempDir
    Path temp;

    @Test
    void killedAfterTheSinkCommittedTheWatermarkStaysBehindAndNothingIsLost() throws Exception {
        TestProject project = Catalogue.f07(temp.resolve("p"));
        project.file("project.yml", "name: windowed_basic\nversion: 0.1.0\n" + Catalogue.LOCALFILES
                + "\nengine:\n  threads: 1\nretention:\n  keep_last: 10\n");
        Path stale = project.resolve(".pz/tmp/restore-stale");
        for (int d = 0; d < STALE_FILES / 1000; d++) {
            Path dir = Files.createDirectories(stale.resolve("d" + d));
            for (int f = 0; f < 1000; f++) {
                Files.write(dir.resolve("f" + f), new byte[] {1});
            }
        }
        Path runs = project.resolve(".pz/runs");
        Path watermarks = project.resolve(".pz/state/watermarks.json");

        PzProcess pz = PzProcess.start(temp.resolve("pz.log"), "run", "--project", project.path().toString());
        boolean sinkCommitted = pz.awaitThenKill(() -> sinkSucceeded(runs), 60_000);
        String log = Files.readString(temp.resolve("pz.log"));
        assertThat(sinkCommitted).as("saw the sink commit while pz was alive; log:\n" + log).isTrue();
        assertThat(log).as("pz never reached its summary line").doesNotContain("succeeded,");
        assertThat(Files.isDirectory(stale)).as("killed during the retention sweep").isTrue();

        // The sink's rows are at the destination, the run never became terminal, and no state was written.
        assertThat(WindowedRunTest.deliveredIds(project.path())).containsExactly("1", "2");
        Path killed = RunArtifacts.onlyRun(project.path());
        assertThat(RunDirectory.isLive(killed)).isFalse();
        JsonNode results = RunArtifacts.results(killed);
        assertThat(results.get("status").asText()).isEqualTo("running");
        assertThat(results.has("finishedAt")).isFalse();
        assertThat(Files.exists(watermarks)).as("the watermark never passed data the state does not know reached "
                + "the sink").isFalse();

        // The next run re-extracts the same window (duplicates into append: at-least-once), then advances.
        CliRun again = CliRun.pz(project.path(), "run");
        assertThat(again.exitCode()).as(again.toString()).isZero();
        assertThat(IncrementalRunTest.storedValue(project.path(), "files.orders")).isEqualTo("2");
        assertThat(WindowedRunTest.deliveredIds(project.path())).containsExactly("1", "1", "2", "2");

        CliRun rest = CliRun.pz(project.path(), "run", "--until-caught-up");
        assertThat(rest.exitCode()).as(rest.toString()).isZero();
        assertThat(IncrementalRunTest.storedValue(project.path(), "files.orders")).isEqualTo("6");
        assertThat(WindowedRunTest.deliveredIds(project.path()).stream().distinct().toList())
                .as("no row lost").containsExactly("1", "2", "3", "4", "5", "6");
    }

    /** Whether the live run's run_results.json records {@code lake.orders_out} as a success. */
    private static boolean sinkSucceeded(Path runs) {
        if (!Files.isDirectory(runs)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(runs)) {
            for (Path run : entries.toList()) {
                Path file = run.resolve("run_results.json");
                if (!Files.exists(file)) {
                    continue;
                }
                JsonNode results = MAPPER.readTree(file.toFile());
                for (JsonNode node : results.get("nodes")) {
                    if (node.get("name").asText().equals("lake.orders_out")
                            && node.get("status").asText().equals("success")) {
                        return true;
                    }
                }
            }
        } catch (Exception racingTheAtomicRename) {
            return false;
        }
        return false;
    }
}
