package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bounded windows ({@code max_window}, {@code initial}, {@code until}) end to end on real files
 * (docs/incremental.md), on the native tier (the connector
 * wraps its scan) and the universal tier (the connector over-delivers and the engine trims).
 */
class WindowedRunTest {
    @TempDir
    Path temp;

    private static List<String> landedIds(Path project) {
        Path staging = RunArtifacts.latestRun(project).resolve("staging.duckdb");
        return Duck.rows("attach '" + staging + "' as s (read_only); select id from s.staging.src_files__orders order by id");
    }

    static List<String> deliveredIds(Path project) {
        boolean csv = RunArtifacts.listFiles(project.resolve("out")).stream().anyMatch(f -> f.endsWith(".csv"));
        String glob = project.resolve("out") + "/*";
        return Duck.rows(csv ? "select id from read_csv('" + glob + ".csv') order by id"
                : "select id from read_parquet('" + glob + ".parquet') order by id");
    }

    @Test
    void f07ASinglePassExtractsTheFirstWindow() throws Exception {
        TestProject project = Catalogue.f07(temp);
        CliRun run = CliRun.pz(project.path(), "run");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(RunArtifacts.withoutTimes(run)).startsWith("ok src_files__orders 2 rows", "ok orders_out 2 rows",
                "ok lake.orders_out 2 rows");
        assertThat(landedIds(project.path())).containsExactly("1", "2");
        assertThat(IncrementalRunTest.storedValue(project.path(), "files.orders")).isEqualTo("2");
        assertThat(RunArtifacts.node(RunArtifacts.results(RunArtifacts.onlyRun(project.path())), "src_files__orders")
                .get("watermark").toString()).isEqualTo("{\"cursor\":\"id\",\"type\":\"bigint\",\"value\":\"2\"}");
    }

    @Test
    void untilCaughtUpStopsAtMaxRuns() throws Exception {
        TestProject project = Catalogue.f07(temp);
        CliRun run = CliRun.pz(project.path(), "run", "--until-caught-up", "--max-runs", "2");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(RunArtifacts.runDirectories(project.path())).hasSize(2);
        assertThat(IncrementalRunTest.storedValue(project.path(), "files.orders")).isEqualTo("4");
        assertThat(run.outLines()).filteredOn(line -> line.startsWith("until-caught-up:")).containsExactly(
                "until-caught-up: 2 passes, stopped: max runs (2) reached before every source caught up -- run again "
                        + "to continue from the stored watermarks");

        CliRun rest = CliRun.pz(project.path(), "run", "--until-caught-up");
        assertThat(rest.exitCode()).as(rest.toString()).isZero();
        assertThat(rest.outLines()).filteredOn(line -> line.startsWith("until-caught-up:"))
                .containsExactly("until-caught-up: 1 pass, stopped: caught up");
        assertThat(IncrementalRunTest.storedValue(project.path(), "files.orders")).isEqualTo("6");
        assertThat(deliveredIds(project.path())).containsExactly("1", "2", "3", "4", "5", "6");
    }

    @ParameterizedTest(name = "universal={0}")
    @ValueSource(booleans = {false, true})
    void windowEdgeSemantics(boolean universal) throws Exception {
        // ids 1..30 and 41..50: the slice (30, 40] is empty but not caught up.
        String csv = "id,customer,amount\n" + IntStream.rangeClosed(1, 50).filter(i -> i <= 30 || i > 40)
                .mapToObj(i -> i + ",c" + i + "," + i + ".5\n").collect(Collectors.joining());
        TestProject project = Catalogue.windowed(temp, "edges", "\"10\"", "\"0\"", "\"45\"", universal, csv);
        Path dir = project.path();
        String[][] expected = {{"1", "10", "10"}, {"11", "20", "20"}, {"21", "30", "30"}, {null, null, "40"},
                {"41", "45", "45"}};
        for (String[] slice : expected) {
            CliRun run = CliRun.pz(dir, "run");
            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(run.out()).doesNotContain("caught up");
            List<String> ids = landedIds(dir);
            if (slice[0] == null) {
                assertThat(ids).as("empty slice").isEmpty();
                assertThat(RunArtifacts.withoutTimes(run)).contains("ok src_files__orders 0 rows");
            } else {
                assertThat(ids).first().isEqualTo(slice[0]);
                assertThat(ids).last().isEqualTo(slice[1]);
                assertThat(RunArtifacts.withoutTimes(run)).contains("ok src_files__orders " + ids.size() + " rows");
            }
            assertThat(IncrementalRunTest.storedValue(dir, "files.orders")).isEqualTo(slice[2]);
        }
        String advancedBy = IncrementalRunTest.json(dir.resolve(".pz/state/watermarks.json")).get("watermarks")
                .get("files.orders").get("runId").asText();

        // wm == until: caught up, 0 rows, no advancement, a notice, an empty staging table.
        CliRun caughtUp = CliRun.pz(dir, "run");
        assertThat(caughtUp.exitCode()).as(caughtUp.toString()).isZero();
        assertThat(RunArtifacts.withoutTimes(caughtUp)).contains("ok src_files__orders 0 rows", "ok lake.orders_out 0 rows");
        assertThat(caughtUp.outLines()).contains(
                "note: source 'files.orders' is caught up (watermark 45 has reached until 45)");
        assertThat(landedIds(dir)).isEmpty();
        JsonNode source = RunArtifacts.node(RunArtifacts.results(RunArtifacts.latestRun(dir)), "src_files__orders");
        assertThat(source.has("watermark")).as("no candidate").isFalse();
        assertThat(IncrementalRunTest.json(dir.resolve(".pz/state/watermarks.json")).get("watermarks")
                .get("files.orders").get("runId").asText()).isEqualTo(advancedBy);

        // Every delivered row exactly once, none past until.
        assertThat(deliveredIds(dir)).containsExactlyElementsOf(IntStream.rangeClosed(1, 45).filter(i -> i <= 30 || i > 40)
                .mapToObj(String::valueOf).toList());

        // --full-refresh restarts from initial.
        CliRun refresh = CliRun.pz(dir, "run", "--full-refresh");
        assertThat(refresh.exitCode()).as(refresh.toString()).isZero();
        assertThat(landedIds(dir)).first().isEqualTo("1");
        assertThat(IncrementalRunTest.storedValue(dir, "files.orders")).isEqualTo("10");
    }

    @Test
    void timestampAndDateCursorsStepByDurations() throws Exception {
        TestProject project = TestProject.in(temp)
                .projectYml("ts_window", Catalogue.LOCALFILES, "engine:\n  threads: 1")
                .file("connections.yml", "files:\n  connector: localfiles\n  entities:\n    events:\n      read:\n"
                        + "        path: data/events.csv\n        format: csv\n        columns:\n          id: bigint\n"
                        + "          at: timestamp\n        sync:\n          mode: incremental\n          cursor: at\n"
                        + "          max_window: 12h\n          initial: \"2026-01-01\"\n"
                        + "          until: \"2026-01-02T06:00:00Z\"\n"
                        + "    days:\n      read:\n        path: data/days.csv\n        format: csv\n        columns:\n"
                        + "          d: date\n        sync:\n          mode: incremental\n          cursor: d\n"
                        + "          max_window: 2d\n          initial: \"2026-03-01\"\n"
                        + "lake:\n  connector: localfiles\n")
                .file("pipelines/events_out.sql", "INSERT INTO {{ sink('lake', 'events_out', strategy: 'append', "
                        + "duplicates: 'accept', format: 'csv', path: 'out/events/') }}\nselect * from {{ source('files', 'events') }}\n")
                .file("pipelines/days_out.sql", "select * from {{ source('files', 'days') }}\n")
                .file("data/events.csv", "id,at\n1,2026-01-01 03:00:00\n2,2026-01-01 12:00:00\n3,2026-01-01 12:00:01\n"
                        + "4,2026-01-02 05:59:59\n5,2026-01-02 06:00:00\n6,2026-01-02 06:00:01\n")
                .file("data/days.csv", "d\n2026-03-01\n2026-03-02\n2026-03-03\n2026-03-04\n2026-03-05\n");
        List<String> events = new java.util.ArrayList<>();
        List<String> days = new java.util.ArrayList<>();
        for (int pass = 0; pass < 4; pass++) {
            CliRun run = CliRun.pz(project.path(), "run", "--all");
            assertThat(run.exitCode()).as(run.toString()).isZero();
            events.add(IncrementalRunTest.storedValue(project.path(), "files.events"));
            days.add(IncrementalRunTest.storedValue(project.path(), "files.days"));
        }
        // (00:00, 12:00] -> 12:00; (12:00, 24:00] -> 12:00:01 (the max, not the upper bound);
        // (12:00:01, 00:00:01] is empty -> its upper bound; (00:00:01, min(12:00:01, until 06:00)] -> 06:00.
        assertThat(events).containsExactly("2026-01-01T12:00:00.000000", "2026-01-01T12:00:01.000000",
                "2026-01-02T00:00:01.000000", "2026-01-02T06:00:00.000000");
        // Whole-day windows; without an until an empty window keeps stepping by max_window.
        assertThat(days).containsExactly("2026-03-03", "2026-03-05", "2026-03-07", "2026-03-09");
        CliRun caughtUp = CliRun.pz(project.path(), "run", "--all");
        assertThat(caughtUp.outLines()).contains("note: source 'files.events' is caught up (watermark "
                + "2026-01-02T06:00:00.000000 has reached until 2026-01-02T06:00:00.000000)");
    }

    @Test
    void windowDeclarationsAreCheckedAtCompileTime() {
        record Case(String sync, String columns, String expected) {
        }
        String contract = "        columns:\n          id: bigint\n          day: date\n          at: timestamp\n"
                + "          name: varchar\n";
        List<Case> cases = List.of(
                new Case("cursor: id\n          max_window: \"2\"", contract, "max_window requires initial"),
                new Case("cursor: id\n          initial: \"0\"", contract, "initial and until need max_window"),
                new Case("cursor: id\n          max_window: \"2\"\n          initial: \"0\"", "",
                        "max_window needs a typed cursor"),
                new Case("cursor: missing\n          max_window: \"2\"\n          initial: \"0\"", contract,
                        "max_window needs a typed cursor"),
                new Case("cursor: name\n          max_window: \"2\"\n          initial: \"0\"", contract,
                        "max_window needs a typed cursor"),
                new Case("cursor: id\n          max_window: \"2\"\n          initial: \"5\"\n          until: \"5\"",
                        contract, "until '5' must be greater than initial '5'"),
                new Case("cursor: id\n          max_window: 1d\n          initial: \"0\"", contract,
                        "max_window '1d' is not a window for a bigint cursor"),
                new Case("cursor: id\n          max_window: \"0\"\n          initial: \"0\"", contract,
                        "is not a window for a bigint cursor"),
                new Case("cursor: day\n          max_window: 36h\n          initial: \"2026-01-01\"", contract,
                        "positive whole-day duration"),
                new Case("cursor: at\n          max_window: \"10\"\n          initial: \"2026-01-01\"", contract,
                        "positive duration"),
                new Case("cursor: at\n          max_window: 90s\n          initial: \"2026-01-01T00:00:00+02:00\"",
                        contract, "initial '2026-01-01T00:00:00+02:00' is not a valid timestamp value"),
                new Case("cursor: day\n          max_window: 1d\n          initial: \"2026-02-30\"", contract,
                        "is not a valid date value"));
        int n = 0;
        for (Case c : cases) {
            Path dir = temp.resolve("c" + n++);
            TestProject.in(dir).projectYml("bad_window", Catalogue.LOCALFILES)
                    .file("connections.yml", "files:\n  connector: localfiles\n  entities:\n    orders:\n      read:\n"
                            + "        path: data/orders.csv\n        format: csv\n" + c.columns()
                            + "        sync:\n          mode: incremental\n          " + c.sync() + "\n")
                    .file("pipelines/p.sql", "select * from {{ source('files', 'orders') }}\n");
            CliRun compile = CliRun.pz(dir, "compile");
            assertThat(compile.exitCode()).as(c + "\n" + compile).isEqualTo(2);
            assertThat(compile.err()).as(c.toString()).contains("PZ0213", c.expected()).doesNotContain("PZ0212");
        }
        // Valid declarations of each unit compile.
        Path ok = temp.resolve("ok");
        TestProject.in(ok).projectYml("ok_window", Catalogue.LOCALFILES)
                .file("connections.yml", "files:\n  connector: localfiles\n  entities:\n    orders:\n      read:\n"
                        + "        path: data/orders.csv\n        format: csv\n" + contract
                        + "        sync:\n          mode: incremental\n          cursor: at\n          max_window: 500ms\n"
                        + "          initial: \"2026-01-01T00:00:00Z\"\n          until: \"2026-01-01T00:00:01\"\n")
                .file("pipelines/p.sql", "select * from {{ source('files', 'orders') }}\n");
        CliRun compile = CliRun.pz(ok, "compile");
        assertThat(compile.exitCode()).as(compile.toString()).isZero();
    }

    @Test
    void aStoredWatermarkOfAnotherTypeFailsAWindowedSourceBeforeItReads() {
        TestProject project = Catalogue.f07(temp);
        project.file(".pz/state/watermarks.json", "{\n  \"version\": 1,\n  \"watermarks\": {\n    \"files.orders\": {\n"
                + "      \"cursor\": \"id\",\n      \"type\": \"timestamp\",\n      \"value\": \"2026-01-01T00:00:00.000000\",\n"
                + "      \"runId\": \"manual\"\n    }\n  }\n}\n");
        CliRun run = CliRun.pz(project.path(), "run");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.out()).contains("FAIL src_files__orders", "PZ0505: source 'files.orders': the stored watermark "
                + "is a timestamp but cursor 'id' is declared bigint -- run once with --full-refresh to start over");
        CliRun untilCaughtUp = CliRun.pz(project.path(), "run", "--until-caught-up");
        assertThat(untilCaughtUp.exitCode()).isEqualTo(1);
        assertThat(untilCaughtUp.outLines()).filteredOn(l -> l.startsWith("until-caught-up:"))
                .containsExactly("until-caught-up: 1 pass, stopped: run failed");
    }
}
