package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.testing.TestProject;
import dev.pz.testing.memory.MemoryConnector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults on the universal tier (issue 4), through the {@code memory} test connector: a source that
 * throws mid-stream, a batch typed differently from the declared schema, a slow reader, a sink
 * whose write or commit throws. Each node fails with a PZ code, nothing is half-written, and no
 * Arrow memory leaks: the run's root allocator is closed at the end of every run and throws on a
 * leak, which would turn the run fatal (exit 2) with "Memory was leaked" in its output.
 */
class UniversalFaultTest {

    @TempDir
    Path dir;

    private final String probe = UUID.randomUUID().toString();

    private TestProject project(String readOptions, String sinkCall) {
        return TestProject.in(dir).projectYml("faults", "engine:", "  threads: 2")
                .file("connections.yml", "src:\n  connector: memory\n  entities:\n    items:\n      read:\n"
                        + readOptions.lines().map(line -> "        " + line + "\n").reduce("", String::concat)
                        + "bad:\n  connector: memory\nlake:\n  connector: localfiles\n")
                .file("pipelines/copied.sql", "INSERT INTO {{ " + sinkCall + " }}\nselect id, amount, name\nfrom "
                        + "{{ source('src', 'items') }}\n");
    }

    private static final String CSV_SINK = "sink('lake', 'copied', strategy: 'replace', format: 'csv', path: 'out/')";

    private String memorySink(String fault) {
        return "sink('bad', 'copied', strategy: 'replace', path: 'out/', probe: '" + probe + "'"
                + (fault.isEmpty() ? "" : ", " + fault + ": true") + ")";
    }

    private static void assertNoLeak(CliRun run) {
        assertThat(run.out() + run.err()).doesNotContainIgnoringCase("leak").doesNotContain("IllegalStateException")
                .doesNotContain("Allocator(");
    }

    private List<String> stagingTables() {
        return RunArtifacts.stagingTables(RunArtifacts.onlyRun(dir));
    }

    @Test
    void aHealthyUniversalRunSucceedsWithoutLeaking() throws Exception {
        project("batches: 4\nrows: 25", CSV_SINK);
        CliRun run = CliRun.pz(dir, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertNoLeak(run);
        assertThat(RunArtifacts.withoutTimes(run)).contains("ok src_src__items 100 rows", "ok lake.copied 100 rows");
        assertThat(Duck.rows("select count(*), sum(id), sum(amount) from read_csv('" + dir.resolve("out/copied.csv")
                + "')")).containsExactly("100|5050|7575.0");
    }

    @Test
    void aSourceThatThrowsMidStreamFailsItsNodeAndSkipsDescendants() {
        project("batches: 5\nfail_after: 2", CSV_SINK);
        CliRun run = CliRun.pz(dir, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertNoLeak(run);
        assertThat(RunArtifacts.withoutTimes(run)).contains("FAIL src_src__items 0 rows", "skip copied 0 rows",
                "skip lake.copied 0 rows");
        JsonNode node = RunArtifacts.node(RunArtifacts.results(RunArtifacts.onlyRun(dir)), "src_src__items");
        assertThat(node.get("status").asText()).isEqualTo("failed");
        assertThat(node.get("error").get("code").asText()).matches("PZ\\d{4}");
        assertThat(node.get("error").get("message").asText()).contains("memory source gave up after 2 batches");
        assertThat(stagingTables()).isEmpty();
        assertThat(dir.resolve("out/copied.csv")).doesNotExist();
    }

    @Test
    void aBatchWhoseSchemaDiffersFromTheDeclaredOneIsAClearError() {
        project("bad_schema: true", CSV_SINK);
        CliRun run = CliRun.pz(dir, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertNoLeak(run);
        JsonNode node = RunArtifacts.node(RunArtifacts.results(RunArtifacts.onlyRun(dir)), "src_src__items");
        assertThat(node.get("error").get("code").asText()).isEqualTo("PZ0501");
        assertThat(node.get("error").get("message").asText()).contains("source 'src' dataset 'items'")
                .contains("differ from the declared schema");
        assertThat(stagingTables()).isEmpty();
        assertThat(dir.resolve("out/copied.csv")).doesNotExist();
    }

    @Test
    void aReaderSlowerThanTheSinkSucceedsAndSaysSo() {
        project("batches: 6\nrows: 5\nsleep_ms: 150", CSV_SINK);
        CliRun run = CliRun.pz(dir, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertNoLeak(run);
        assertThat(run.out()).containsPattern("hint: src_src__items: source-bound — ingest idle \\d+% of the node's "
                + "runtime");
        assertThat(Duck.rows("select count(*) from read_csv('" + dir.resolve("out/copied.csv") + "')"))
                .containsExactly("30");
    }

    @Test
    void aSinkDeclaringTextLengthStatsIsToldTheLongestValueOfEachTextColumn() {
        project("batches: 4\nrows: 25", memorySink(""));
        TestProject.in(dir).file("pipelines/copied.sql", "INSERT INTO {{ " + memorySink("") + " }}\nselect id, name,"
                + " 'é' || name as accented, null::varchar as unknown\nfrom {{ source('src', 'items') }}\n");
        CliRun run = CliRun.pz(dir, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(MemoryConnector.textLengths(probe)).as("characters, not bytes; an all-null column is absent")
                .isEqualTo(java.util.Map.of("name", 4L, "accented", 5L));
    }

    @Test
    void aSinkWhoseCommitThrowsFailsWithoutAnAbort() {
        project("batches: 2", memorySink("fail_commit"));
        CliRun run = CliRun.pz(dir, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertNoLeak(run);
        JsonNode node = RunArtifacts.node(RunArtifacts.results(RunArtifacts.onlyRun(dir)), "bad.copied");
        assertThat(node.get("status").asText()).isEqualTo("failed");
        assertThat(node.get("error").get("code").asText()).matches("PZ\\d{4}");
        assertThat(node.get("error").get("message").asText()).contains("lost the connection while committing");
        assertThat(MemoryConnector.events(probe)).containsExactly("begin", "write", "commit", "close");
        assertThat(dir.resolve("out/copied.txt")).doesNotExist();
    }

    @Test
    void aSinkWhoseWriteThrowsIsAbortedOnceAndPublishesNothing() {
        project("batches: 2", memorySink("fail_write"));
        CliRun run = CliRun.pz(dir, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertNoLeak(run);
        JsonNode node = RunArtifacts.node(RunArtifacts.results(RunArtifacts.onlyRun(dir)), "bad.copied");
        assertThat(node.get("error").get("code").asText()).matches("PZ\\d{4}");
        assertThat(node.get("error").get("message").asText()).contains("memory sink refused a batch");
        assertThat(MemoryConnector.events(probe)).containsExactly("begin", "write", "abort", "close");
        assertThat(dir.resolve("out/copied.txt")).doesNotExist();
    }

    @Test
    void aHealthyMemorySinkCommitsOnce() throws Exception {
        project("batches: 2\nrows: 3", memorySink(""));
        CliRun run = CliRun.pz(dir, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertNoLeak(run);
        assertThat(MemoryConnector.events(probe)).containsExactly("begin", "write", "commit", "close");
        assertThat(Files.readAllLines(dir.resolve("out/copied.txt"))).hasSize(6).contains("1|1.5|n1", "6|9.0|n6");
    }

    @Test
    void aLeakedBufferIsCaught() {
        // The negative control: a reader that leaks proves the allocator accounting is live.
        project("leak: true", CSV_SINK);
        CliRun run = CliRun.pz(dir, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isNotZero();
        assertThat(run.out() + run.err()).containsIgnoringCase("leak");
    }
}
