package dev.pz.cli;

import static dev.pz.cli.RunResultsFiles.latestRun;
import static dev.pz.cli.RunResultsFiles.nodeRows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.postgres.PostgresProjects;
import dev.pz.connectors.postgres.PostgresTestServer;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PostgreSQL → PostgreSQL, universal at both ends, streams by default (the source's COPY feeds the
 * pipeline's query, whose result the sink's COPY writes; nothing staged) and gives the rows, console
 * lines and counts of the staged run ({@code engine.fusion: false}); a sink the server fails
 * mid-stream leaves its table as it was and is reported on the sink, as when staged.
 */
class PostgresChainStreamingTest {

    @TempDir
    Path temp;

    private PostgresTestServer.Endpoint server;
    private String suffix;

    @BeforeEach
    void server() {
        server = PostgresTestServer.endpoint();
        suffix = Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
    }

    /** A source of {@code rows} rows with text, numeric, timestamp and nulls; returns its name. */
    private String seedSource(int rows) throws SQLException {
        String table = "us_src_" + suffix;
        PostgresProjects.execute("create table public." + table + " (id bigint, name text, amount numeric(18,2),"
                + " ts timestamptz)", "insert into public." + table + " select i, case when i % 7 = 0 then null else"
                + " 'naïve-☃-' || i end, (i * 97 % 100000) / 100.0, timestamptz '2026-01-01 00:00:00+00'"
                + " + make_interval(secs => i * 61) from generate_series(1, " + rows + ") i");
        return table;
    }

    private TestProject project(String dir, Boolean fusion, String source, String target, String strategy) {
        return projectWriting(dir, fusion, source, target, "strategy: '" + strategy + "'");
    }

    private TestProject projectWriting(String dir, Boolean fusion, String source, String target, String sinkOptions) {
        return TestProject.in(temp.resolve(dir)).projectYml("pg_" + dir, "engine:", "  threads: 2"
                + (fusion == null ? "" : "\n  fusion: " + fusion))
                .file("connections.yml", PostgresProjects.connection("pg", "", ""))
                .file("pipelines/p.sql", "INSERT INTO {{ sink('pg', 'public." + target + "', " + sinkOptions
                        + ") }}\nselect id, upper(name) as name, amount, ts from {{ source('pg', 'public." + source
                        + "') }}\nwhere id % 10 <> 3\n");
    }

    private CliRun pz(TestProject project, String... args) {
        return CliRun.pzWithEnv(PostgresProjects.environment(server), project.path(), args);
    }

    @Test
    void anAppendStreamsWithTheStagedRunsRowsAndCounts() throws Exception {
        String source = seedSource(30000);
        String staged = "us_staged_" + suffix;
        String streamed = "us_streamed_" + suffix;
        for (String target : List.of(staged, streamed)) {
            PostgresProjects.execute("create table public." + target + " (id bigint, name text, amount numeric(38,9),"
                    + " ts timestamptz)", "insert into public." + target + " (id, name) values (0, 'kept')");
        }
        CliRun stagedRun = pz(project("staged", false, source, staged, "append"), "run", "--all");
        assertThat(stagedRun.exitCode()).as(stagedRun.toString()).isZero();
        TestProject project = project("streamed", null, source, streamed, "append");
        assertThat(pz(project, "plan").out()).contains("streamed: receives p as it is computed from src_pg__public_"
                + source);
        CliRun streamedRun = pz(project, "run", "--all");
        assertThat(streamedRun.exitCode()).as(streamedRun.toString()).isZero();

        assertThat(normalized(streamedRun, streamed)).isEqualTo(normalized(stagedRun, staged))
                .contains("ok src_pg__public_" + source + " 30000 rows", "ok p 27000 rows",
                        "ok pg.public.<target> 27000 rows");
        assertThat(nodeRows(latestRun(project.path()))).containsEntry("p", "success 27000");
        assertThat(RunArtifacts.stagingTables(latestRun(project.path()))).as("nothing staged").isEmpty();
        assertThat(PostgresProjects.rows("select count(*) from ((select * from public." + staged + " except all"
                + " select * from public." + streamed + ") union all (select * from public." + streamed
                + " except all select * from public." + staged + ")) d")).containsExactly("0");
        assertThat(PostgresProjects.rows("select count(*) from public." + streamed)).containsExactly("27001");
    }

    /**
     * A merge streams too: PostgreSQL counts the repeated keys in its temp table. The streamed run and
     * the staged one ({@code engine.fusion: false}) give the same console lines and tables, and the
     * warning carries the numbers the engine's scan of the staged rows gives for the same rows merged
     * into DuckDB.
     */
    @Test
    void aMergeStreamsAndReportsTheStagedRunsRepeatedKeys() throws Exception {
        String source = seedSource(30000);
        // Ids 20001..30000 become 0..4999, twice each: after the pipeline's filter (id % 10 <> 3), key 0
        // occurs twice and the 4,499 other keys below 5,000 three times.
        PostgresProjects.execute("update public." + source + " set id = id % 5000 where id > 20000");
        String staged = "us_mstaged_" + suffix;
        String streamed = "us_mstreamed_" + suffix;
        for (String target : List.of(staged, streamed)) {
            PostgresProjects.execute("create table public." + target + " (id bigint primary key, name text,"
                    + " amount numeric(38,9), ts timestamptz)", "insert into public." + target + " (id, name) values"
                    + " (0, 'kept'), (-1, 'kept')");
        }
        String merge = "strategy: 'merge', keys: ['id']";
        CliRun stagedRun = pz(projectWriting("staged", false, source, staged, merge), "run", "--all");
        assertThat(stagedRun.exitCode()).as(stagedRun.toString()).isZero();
        TestProject project = projectWriting("streamed", null, source, streamed, merge);
        assertThat(pz(project, "plan").out()).contains("streamed: receives p as it is computed from src_pg__public_"
                + source);
        CliRun streamedRun = pz(project, "run", "--all");
        assertThat(streamedRun.exitCode()).as(streamedRun.toString()).isZero();

        String warning = duplicatesWarning("public.<target>");
        assertThat(normalized(stagedRun, staged)).contains(warning);
        // Lines in any order (the streamed warning comes on the source node), without the timing hints.
        assertThat(withoutHints(normalized(streamedRun, streamed)))
                .containsExactlyInAnyOrderElementsOf(withoutHints(normalized(stagedRun, staged))).contains("ok src_pg__public_" + source + " 30000 rows", "ok p 27000 rows",
                        "ok pg.public.<target> 27000 rows");
        assertThat(RunArtifacts.stagingTables(latestRun(project.path()))).as("nothing staged").isEmpty();
        assertThat(PostgresProjects.rows("select count(*) from ((select * from public." + staged + " except all"
                + " select * from public." + streamed + ") union all (select * from public." + streamed
                + " except all select * from public." + staged + ")) d")).containsExactly("0");
        assertThat(PostgresProjects.rows("select count(*) from public." + streamed)).containsExactly("18002");

        // The same rows merged into DuckDB, whose keys the engine counts over the staged relation.
        TestProject duck = TestProject.in(temp.resolve("duck")).projectYml("pg_duck", "engine:", "  threads: 2")
                .file("connections.yml", PostgresProjects.connection("pg", "", "")
                        + "wh:\n  connector: duckdb\n  path: warehouse.duckdb\n")
                .file("pipelines/p.sql", "INSERT INTO {{ sink('wh', 'merged', " + merge + ") }}\nselect id,"
                        + " upper(name) as name, amount, ts from {{ source('pg', 'public." + source + "') }}\n"
                        + "where id % 10 <> 3\n");
        Duck.execute("attach '" + duck.resolve("warehouse.duckdb") + "' as w; create table w.merged (id bigint,"
                + " name varchar, amount decimal(18,2), ts timestamptz)");
        CliRun duckRun = pz(duck, "run", "--all");
        assertThat(duckRun.exitCode()).as(duckRun.toString()).isZero();
        assertThat(duckRun.outLines().stream().filter(line -> line.startsWith("warning:")))
                .containsExactly(duplicatesWarning("merged"));
    }

    /** Lines without the load-dependent {@code hint:} lines (e.g. "source-bound"). */
    private static List<String> withoutHints(List<String> lines) {
        return lines.stream().filter(line -> !line.startsWith("hint:")).toList();
    }

    private static String duplicatesWarning(String output) {
        return "warning: output '" + output + "': 4500 merge key group(s) [id] have 8999 duplicate staged row(s) --"
                + " merge keeps one connector-determined survivor per key (staging order, not cursor order); dedup in"
                + " the pipeline if a specific row must win";
    }

    /** A value too long for the target's column fails the server's COPY part-way through the stream. */
    @Test
    void aSinkFailingMidStreamLeavesItsTableAndFailsOnTheSinkAsWhenStaged() throws Exception {
        String source = seedSource(30000);
        PostgresProjects.execute("update public." + source + " set name = repeat('x', 40) where id = 29000");
        String target = "us_long_" + suffix;
        PostgresProjects.execute("create table public." + target + " (id bigint, name varchar(20),"
                + " amount numeric(38,9), ts timestamptz)", "insert into public." + target + " (id, name) values"
                + " (0, 'kept')");
        CliRun stagedRun = pz(project("staged", false, source, target, "append"), "run", "--all");
        assertThat(stagedRun.exitCode()).as(stagedRun.toString()).isEqualTo(1);
        CliRun streamedRun = pz(project("streamed", null, source, target, "append"), "run", "--all");
        assertThat(streamedRun.exitCode()).as(streamedRun.toString()).isEqualTo(1);

        assertThat(normalized(streamedRun, target)).isEqualTo(normalized(stagedRun, target))
                .contains("ok src_pg__public_" + source + " 30000 rows", "ok p 27000 rows",
                        "FAIL pg.public.<target> 0 rows");
        assertThat(streamedRun.out()).contains("too long");
        assertThat(PostgresProjects.rows("select id, name from public." + target)).containsExactly("0|kept");
    }

    /** Console lines without durations, run ids, project directories and the target's name. */
    private static List<String> normalized(CliRun run, String target) {
        return run.outLines().stream().map(line -> line.replaceAll(" \\d+ms$", "").replaceAll(" in \\d+ms ", " in ")
                .replaceAll("\\d{8}T\\d{9}Z-[0-9a-f]{4}", "<run>").replaceAll("/tmp/\\S+/\\.pz/", "<dir>/.pz/")
                .replace(target, "<target>")).toList();
    }
}
