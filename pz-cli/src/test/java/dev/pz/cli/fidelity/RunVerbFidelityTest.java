package dev.pz.cli.fidelity;

import static dev.pz.cli.fidelity.Reference.json;
import static dev.pz.cli.fidelity.Reference.ok;
import static dev.pz.cli.fidelity.Reference.runCount;
import static dev.pz.cli.fidelity.Reference.watermark;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.cli.CliRun;
import dev.pz.cli.RunArtifacts;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz run} as the reference's RunCommandTests, UntilCaughtUpCliTests, CaughtUpLoopTests and
 * WatermarkCliTests pin it: usage errors, the pre-run dry compile, retention lines, timings, the
 * until-caught-up loop and its summary line, watermark persistence.
 */
class RunVerbFidelityTest {
    @TempDir
    Path temp;

    // R1
    @Test
    void zeroEngineThreadsIsAConfigErrorNotACrash() {
        TestProject project = Catalogue.f05(temp);
        project.projectYml("retry_basic", Catalogue.LOCALFILES, "engine:\n  threads: 0");
        CliRun run = CliRun.pz(project.path(), "run");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0120");
    }

    // R2, SH5
    @Test
    void varsThatAreNotJsonArePz0102WithTheJsonObjectHint() {
        CliRun run = CliRun.pz(Catalogue.f05(temp).path(), "run", "--vars", "not json");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0102", "--vars is not valid JSON",
                "--vars must be a JSON object, e.g. '{\"key\": 1}'");
    }

    // R3, SH6
    @Test
    void varsWhoseRootIsNotAnObjectArePz0102NamingTheKind() {
        Path project = Catalogue.f05(temp).path();
        String[][] cases = {{"[1,2]", "a JSON array"}, {"\"hi\"", "a JSON string"}, {"42", "a JSON number"},
            {"true", "a JSON boolean"}, {"null", "JSON null"}};
        for (String[] c : cases) {
            CliRun run = CliRun.pz(project, "run", "--vars", c[0]);
            assertThat(run.exitCode()).as(c[0]).isEqualTo(2);
            assertThat(run.err()).as(c[0]).contains("PZ0102", "--vars must be a JSON object", c[1]);
        }
    }

    // R4, H4
    @Test
    void aColumnTypoOnAContractSourceIsPz0401BeforeAnyRunDirectoryExists() {
        TestProject project = Catalogue.f05(temp)
                .file("pipelines/totals.sql", "INSERT INTO {{ sink('lake', 'totals', strategy: 'replace', format: "
                        + "'parquet', path: 'out/') }}\nselect customer, sum(no_such_column) as total\n"
                        + "from {{ source('files', 'orders') }}\ngroup by customer\n");
        CliRun run = CliRun.pz(project.path(), "run");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0401", "no_such_column");
        assertThat(project.resolve(".pz/runs")).doesNotExist();
    }

    // R7 (the sink writes csv)
    @Test
    void runResultsCarryTimingsForUniversalLoadsAndSinksOnly() {
        TestProject project = Catalogue.f05(temp);
        project.projectYml("retry_basic", Catalogue.LOCALFILES, "engine:\n  threads: 1\n  force_universal: true")
                .file("pipelines/totals.sql", project.read("pipelines/totals.sql").replace("'parquet'", "'csv'"));
        ok(project.path(), "run");
        JsonNode results = RunArtifacts.results(RunArtifacts.onlyRun(project.path()));
        assertThat(results.get("version").asInt()).isEqualTo(1);
        for (JsonNode node : results.get("nodes")) {
            String kind = node.get("kind").asText();
            if (kind.equals("SourceLoad") || kind.equals("SinkWrite")) {
                assertThat(node.get("timings")).as(node.toString()).isNotNull();
                assertThat(node.get("timings").get("producerStallMs").asLong()).isNotNegative();
                assertThat(node.get("timings").get("consumerStallMs").asLong()).isNotNegative();
            } else {
                assertThat(node.has("timings")).as(node.toString()).isFalse();
            }
        }
        assertThat(results.get("nodes")).extracting(node -> node.get("kind").asText())
                .containsExactlyInAnyOrder("SourceLoad", "Pipeline", "SinkWrite");
    }

    // R9, W3
    @Test
    void anUnwritableWatermarkFileIsANoteNotAFailure() throws Exception {
        TestProject project = Catalogue.f06(temp);
        Files.createDirectories(project.resolve(".pz/state/watermarks.json"));
        CliRun run = ok(project.path(), "run");
        assertThat(run.out()).contains("note: could not persist watermarks",
                "the next run will re-extract from the previous watermark");
        assertThat(project.resolve(".pz/state/watermarks.json")).isDirectory();
    }

    // W4
    @Test
    void inJsonModeTheWatermarkNoteGoesToStderrAndStdoutStaysJson() throws Exception {
        TestProject project = Catalogue.f06(temp);
        Files.createDirectories(project.resolve(".pz/state/watermarks.json"));
        CliRun run = ok(project.path(), "run", "--log-format", "json");
        assertThat(run.outLines()).isNotEmpty().allSatisfy(line -> assertThat(json(line).isObject()).isTrue());
        assertThat(run.err()).contains("note: could not persist watermarks");
    }

    // R10
    @Test
    void anUnknownLogFormatIsAConfigError() {
        CliRun run = CliRun.pz(Catalogue.f05(temp).path(), "run", "--log-format", "xml");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("invalid --log-format value");
    }

    // R11: an endpoint pz cannot use is refused before anything runs (a malformed --otel-endpoint; a --state-url
    // must be an http(s) URL)
    @Test
    void unusableEndpointsAreRefusedNotIgnored() {
        Path project = Catalogue.f05(temp).path();
        for (String[] option : new String[][] {{"--otel-endpoint", "not-a-url"}, {"--state-url", "not-a-url"}}) {
            CliRun run = CliRun.pz(project, "run", option[0], option[1]);
            assertThat(run.exitCode()).as(option[0]).isEqualTo(2);
            assertThat(run.err()).as(option[0]).contains(option[0]);
        }
        assertThat(runCount(project)).isZero();
    }

    private static List<Path> plantPriorRuns(Path project, int count) throws Exception {
        List<Path> priors = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            Path run = project.resolve(String.format(".pz/runs/20250101T00000%03dZ-%04x", i, i));
            Files.createDirectories(run);
            Files.writeString(run.resolve("run_results.json"), "{}");
            Files.write(run.resolve("staging.duckdb"), new byte[4096]);
            priors.add(run);
        }
        return priors;
    }

    // R12, R14
    @Test
    void retentionKeepsTheTenNewestStagingDatabasesAndEveryRunResult() throws Exception {
        Path project = Catalogue.f05(temp).path();
        List<Path> priors = plantPriorRuns(project, 12);
        Files.createDirectories(project.resolve(".pz/state"));
        Files.writeString(project.resolve(".pz/state/watermarks.json"), "{}\n");
        CliRun run = ok(project, "run");
        assertThat(priors.stream().filter(p -> Files.exists(p.resolve("staging.duckdb")))).hasSize(9);
        assertThat(priors).allSatisfy(p -> assertThat(p.resolve("run_results.json")).isRegularFile());
        assertThat(RunArtifacts.latestRun(project).resolve("staging.duckdb")).isRegularFile();
        assertThat(project.resolve(".pz/state/watermarks.json")).hasContent("{}\n");
        assertThat(run.out()).contains("cleaned 3 staging database(s)");
    }

    // R13
    @Test
    void retentionOffSweepsNothingAndSaysNothing() throws Exception {
        TestProject project = Catalogue.f05(temp);
        project.file("project.yml", project.read("project.yml") + "\nretention: off\n");
        List<Path> priors = plantPriorRuns(project.path(), 12);
        CliRun run = ok(project.path(), "run");
        assertThat(priors).allSatisfy(p -> assertThat(p.resolve("staging.duckdb")).isRegularFile());
        assertThat(run.out()).doesNotContain("cleaned");
    }

    // R15
    @Test
    void aStaleWorkdirAloneIsReportedWithTheBytesItFreed() throws Exception {
        TestProject project = Catalogue.f05(temp);
        project.file(".pz/tmp/stale-restore/partial.bin", "x".repeat(12_345));
        CliRun run = ok(project.path(), "run");
        assertThat(run.out()).contains("cleaned 0 staging database(s) and 1 stale workdir(s) — freed ")
                .doesNotContain("freed 0 B");
        assertThat(project.resolve(".pz/tmp/stale-restore")).doesNotExist();
    }

    // R16, J7
    @Test
    void theRetentionEventFollowsRunCompletedInTheJsonStream() throws Exception {
        Path project = Catalogue.f05(temp).path();
        plantPriorRuns(project, 12);
        CliRun run = ok(project, "run", "--log-format", "json");
        List<String> events = run.outLines().stream().map(line -> json(line).get("event").asText()).toList();
        assertThat(events.indexOf("retention_swept")).isGreaterThan(events.indexOf("run_completed"));
        assertThat(events.indexOf("run_completed")).isNotNegative();
    }

    // U1, C1
    @Test
    void untilCaughtUpRepeatsTheRunUntilTheWindowReachesUntil() {
        Path project = Catalogue.f07(temp).path();
        CliRun run = ok(project, "run", "--until-caught-up");
        assertThat(watermark(project, "files.orders").get("value").asText()).isEqualTo("6");
        assertThat(runCount(project)).isEqualTo(3);
        assertThat(run.out()).contains("until-caught-up: 3 passes, stopped: caught up\n");
    }

    // U2, C3
    @Test
    void maxRunsStopsEarlyWithoutFailing() {
        Path project = Catalogue.f07(temp).path();
        CliRun run = ok(project, "run", "--until-caught-up", "--max-runs", "2");
        assertThat(watermark(project, "files.orders").get("value").asText()).isEqualTo("4");
        assertThat(runCount(project)).isEqualTo(2);
        assertThat(run.out()).contains("until-caught-up: 2 passes, stopped: max runs (2) reached before every source "
                + "caught up -- run again to continue from the stored watermarks");
    }

    // C5
    @Test
    void catchingUpOnTheLastAllowedPassCountsAsCaughtUp() {
        Path project = Catalogue.f07(temp).path();
        CliRun run = ok(project, "run", "--until-caught-up", "--max-runs", "3");
        assertThat(run.out()).contains("until-caught-up: 3 passes, stopped: caught up\n");
    }

    // U3, C4
    @Test
    void aProjectWithoutAWindowedStopRunsOnce() {
        Path project = Catalogue.f06(temp).path();
        CliRun run = ok(project, "run", "--until-caught-up");
        assertThat(runCount(project)).isEqualTo(1);
        assertThat(run.out()).contains("until-caught-up: 1 pass, stopped: no windowed source with a stop "
                + "(`until` or a SQL ceiling) in this run");
    }

    // C2, C6
    @Test
    void aFailedPassStopsTheLoopAsRunFailed() {
        TestProject project = Catalogue.f07(temp);
        project.file("out", "a file where the sink's directory must go");
        CliRun run = CliRun.pz(project.path(), "run", "--until-caught-up", "--max-runs", "1");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("until-caught-up: 1 pass, stopped: run failed\n");
    }

    // U4
    @Test
    void inJsonModeTheLoopSummaryGoesToStderr() {
        CliRun run = ok(Catalogue.f07(temp).path(), "run", "--until-caught-up", "--log-format", "json");
        assertThat(run.err()).contains("until-caught-up: 3 passes, stopped: caught up");
        assertThat(run.outLines()).allSatisfy(line -> assertThat(json(line).isObject()).isTrue());
    }

    // U5
    @Test
    void maxRunsWithoutUntilCaughtUpIsAUsageError() {
        Path project = Catalogue.f07(temp).path();
        CliRun run = CliRun.pz(project, "run", "--max-runs", "3");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--max-runs needs --until-caught-up");
        assertThat(runCount(project)).isZero();
    }

    // U6
    @Test
    void maxRunsBelowOneIsAUsageError() {
        Path project = Catalogue.f07(temp).path();
        CliRun run = CliRun.pz(project, "run", "--until-caught-up", "--max-runs", "0");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--max-runs must be at least 1");
        assertThat(runCount(project)).isZero();
    }

    // W1
    @Test
    void anIncrementalRunStoresItsWatermark() {
        Path project = Catalogue.f06(temp).path();
        ok(project, "run");
        JsonNode entry = watermark(project, "files.orders");
        assertThat(entry.get("cursor").asText()).isEqualTo("id");
        assertThat(entry.get("type").asText()).isEqualTo("bigint");
        assertThat(entry.get("value").asText()).isEqualTo("4");
    }

    // W2
    @Test
    void fullRefreshIsAcceptedAndReestablishesTheWatermark() {
        Path project = Catalogue.f06(temp).path();
        ok(project, "run");
        ok(project, "run", "--full-refresh");
        JsonNode entry = watermark(project, "files.orders");
        assertThat(entry.get("cursor").asText() + ":" + entry.get("type").asText() + ":" + entry.get("value").asText())
                .isEqualTo("id:bigint:4");
        assertThat(runCount(project)).isEqualTo(2);
    }

    // P6-like for run: an empty directory is not a project (LsCommandTests L3 shape)
    @Test
    void runOutsideAProjectNamesProjectYml() {
        CliRun run = CliRun.pz(temp, "run");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("project.yml");
    }

    // PL4 through run: a missing environment variable names itself and connections.yml
    @Test
    void aMissingEnvironmentVariableIsPz0103NamingItAndTheFile() {
        TestProject project = Catalogue.f02(temp);
        CliRun run = CliRun.pzWithEnv(java.util.Map.of("OUT_DIR", "/tmp/pz-out"), project.path(), "compile");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0103", "DATA_DIR", "connections.yml");
    }

    // SB1 (the plan of the writer flow alone is a deliberate difference: see the catalogue)
    @Test
    void aWriterFlowBootstrapsTheDuckdbFileItsReaderFlowReadsNext() {
        String columns = "        columns:\n          id: bigint\n          amount: double\n";
        TestProject project = TestProject.in(temp.resolve("bootstrap")).projectYml("bootstrap")
                .file("connections.yml", "raw:\n  connector: localfiles\n  entities:\n    orders:\n      read:\n"
                        + "        path: data/orders.csv\n        format: csv\n" + columns
                        + "\nwh:\n  connector: duckdb\n  path: data/wh.duckdb\n  entities:\n    orders_current:\n"
                        + "      read:\n" + columns + "\nout:\n  connector: localfiles\n  root: out\n")
                .file("data/orders.csv", "id,amount\n1,10.5\n2,20.0\n")
                .file("pipelines/load_orders.sql", "INSERT INTO {{ sink('wh', 'orders_current', strategy: 'replace') }}\n"
                        + "select id, amount from {{ source('raw', 'orders') }}\n")
                .file("pipelines/readback.sql", "INSERT INTO {{ sink('out', 'readback', format: 'csv', strategy: "
                        + "'replace') }}\nselect id, amount from {{ source('wh', 'orders_current') }}\n");
        Path warehouse = project.resolve("data/wh.duckdb");

        CliRun all = CliRun.pz(project.path(), "run", "--all");
        assertThat(all.exitCode()).as(all.toString()).isEqualTo(2);
        assertThat(all.err()).contains("PZ0353");
        assertThat(warehouse).doesNotExist();

        // A deliberate difference: pz plan plans the whole project (a selection only filters the table), so
        // the reader's refusal is not deferred there; pz run <writer> defers it.
        CliRun plan = CliRun.pz(project.path(), "plan", "load_orders");
        assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(2);
        assertThat(plan.err()).contains("PZ0353", "wh.duckdb");

        CliRun writer = CliRun.pz(project.path(), "run", "load_orders");
        assertThat(writer.exitCode()).as(writer.toString()).isZero();
        assertThat(writer.err()).doesNotContain("PZ0353");
        assertThat(warehouse).exists();
        assertThat(project.read(".pz/target/plan.json")).contains("PZ0353 deferred because this node is not part of the run");

        CliRun reader = CliRun.pz(project.path(), "run", "readback");
        assertThat(reader.exitCode()).as(reader.toString()).isZero();
        assertThat(reader.err()).doesNotContain("PZ0353");
        assertThat(RunArtifacts.listFiles(project.resolve("out/readback"))).singleElement()
                .satisfies(name -> assertThat(project.read("out/readback/" + name).lines()).hasSize(3));
    }
}
