package dev.pz.cli;

import static dev.pz.connectors.postgres.ShardedPostgresFlow.count;
import static dev.pz.connectors.postgres.ShardedPostgresFlow.difference;
import static dev.pz.connectors.postgres.ShardedPostgresFlow.sink;
import static dev.pz.connectors.postgres.ShardedPostgresFlow.tableExists;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.postgres.PostgresProjects;
import dev.pz.connectors.postgres.ShardedPostgresFlow;
import dev.pz.testing.TestProject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sharded runs end to end with real parts: a PostgreSQL table read with a partition_column, split
 * into 8 shards run as 8 separate pz processes (child JVMs) into a staging folder, then
 * {@code pz commit} into a PostgreSQL sink, with watermarks and commit records in the PostgreSQL
 * state backend. Every assertion is on what a user would see: the sink's rows against a
 * single-process run of the same flow, the stored watermark, the exit codes.
 */
class ShardedRunTest {
    private static final int SHARDS = 8;
    private static final long WAIT_MS = 240_000;

    @TempDir
    Path temp;

    private ShardedPostgresFlow flow;
    private String source;
    private Map<String, String> env;

    @BeforeEach
    void seed() throws SQLException {
        flow = ShardedPostgresFlow.seed(temp);
        source = flow.source();
        env = flow.environment();
    }

    private TestProject project(String dir, String target, String select) {
        return flow.project(dir, target, select);
    }

    private TestProject shardedProject(String dir, String target) {
        return flow.shardedProject(dir, target);
    }

    @Test
    void eightShardProcessesThenACommitLandTheSameRowsAsOneRunExactlyOnce() throws Exception {
        String target = "shard_dst_" + Long.toHexString(System.nanoTime());
        String reference = target.replace("dst", "ref");
        TestProject sharded = shardedProject("sharded", target);
        TestProject single = shardedProject("single", reference);

        runShards(sharded, target, "r1");
        assertThat(markers(sharded, target, "r1")).hasSize(SHARDS);
        assertThat(tableExists(target)).as("a shard never writes the sink").isFalse();
        assertThat(watermark("sharded", source)).as("a shard never advances state").isEmpty();

        CliRun commit = pz(sharded, "commit", "--select", sink(target), "--run-id", "r1");
        assertThat(commit.exitCode()).as(commit.toString()).isZero();
        assertThat(commit.out()).contains("note: committed run r1:", "from 8 shard(s)",
                "advanced to 2026-01-01T05:33:19.000000 by run r1");
        assertThat(stagingFolder(sharded, target, "r1")).as("staged shards removed after the commit").doesNotExist();

        CliRun plain = pz(single, "run", "--select", sink(reference));
        assertThat(plain.exitCode()).as(plain.toString()).isZero();
        assertThat(count("select count(*) from public." + target)).isEqualTo(count("select count(*) from public."
                + reference)).isGreaterThan(19_000);
        assertThat(difference(target, reference)).isZero();
        // The largest cursor the shards read (row 20000 fails amount >= 1, which reaches the source as a predicate),
        // the same value a single-process run stores.
        assertThat(watermark("sharded", source)).containsExactly(ShardedPostgresFlow.WATERMARK + "|r1");
        assertThat(watermark("single", source)).singleElement().asString().startsWith(ShardedPostgresFlow.WATERMARK + "|");

        // A replayed commit changes nothing and says so.
        CliRun replay = pz(sharded, "commit", "--select", sink(target), "--run-id", "r1");
        assertThat(replay.exitCode()).as(replay.toString()).isZero();
        assertThat(replay.out()).contains("was already committed; nothing changed");
        assertThat(difference(target, reference)).isZero();

        // The next sharded run reads only what is new past the committed watermark, like the next plain run.
        PostgresProjects.execute("insert into public." + source + " select i, 'late-' || i, 5.00, timestamp '2026-02-01'"
                + " + i * interval '1 second' from generate_series(20001, 20300) i");
        runShards(sharded, target, "r2");
        assertThat(pz(sharded, "commit", "--select", sink(target), "--run-id", "r2").exitCode()).isZero();
        assertThat(pz(single, "run", "--select", sink(reference)).exitCode()).isZero();
        assertThat(count("select count(*) from public." + target + " where id > 20000")).isEqualTo(300);
        assertThat(difference(target, reference)).isZero();
        assertThat(watermark("sharded", source)).contains("2026-02-01T05:38:20.000000|r2");
    }

    @Test
    void aShardKilledMidRunIsRetriedAndTheSinkEndsWithEveryRowOnce() throws Exception {
        String target = "shard_kill_" + Long.toHexString(System.nanoTime());
        TestProject sharded = shardedProject("kill", target);
        Path runs = sharded.path().resolve(".pz/runs");
        for (int i = 0; i < SHARDS; i++) {
            if (i == 3) {
                continue;
            }
            assertThat(shard(sharded, target, i, "k1").waitFor(WAIT_MS)).isZero();
        }
        int before = runDirectories(runs).size();
        PzProcess victim = shard(sharded, target, 3, "k1");
        boolean started = victim.awaitThenKill(() -> runDirectories(runs).size() > before, WAIT_MS);
        assertThat(started).as(victim.log()).isTrue();
        assertThat(markers(sharded, target, "k1")).as("the killed shard left no marker").hasSize(SHARDS - 1);

        CliRun early = pz(sharded, "commit", "--select", sink(target), "--run-id", "k1");
        assertThat(early.exitCode()).as(early.toString()).isEqualTo(75);
        assertThat(early.err()).contains("PZ0705", "1 of 8 shard(s) not finished: 3");
        assertThat(tableExists(target)).isFalse();

        assertThat(shard(sharded, target, 3, "k1").waitFor(WAIT_MS)).isZero();
        CliRun commit = pz(sharded, "commit", "--select", sink(target), "--run-id", "k1");
        assertThat(commit.exitCode()).as(commit.toString()).isZero();
        assertThat(count("select count(*) from public." + target)).isEqualTo(count("select count(*) from public."
                + source + " where amount >= 1"));
        assertThat(count("select count(*) from (select id from public." + target + " group by id having count(*) > 1) d"))
                .isZero();
        assertThat(watermark("kill", source)).contains(ShardedPostgresFlow.WATERMARK + "|k1");
    }

    @Test
    void twoConcurrentCommitsPublishOnceAndAStaleRunIsRefusedByTheCompareAndSet() throws Exception {
        String target = "shard_race_" + Long.toHexString(System.nanoTime());
        TestProject sharded = shardedProject("race", target);
        runShards(sharded, target, "a");
        runShards(sharded, target, "b");

        PzProcess first = PzProcess.start(temp.resolve("commit-1.log"), env, "commit", "--select", sink(target),
                "--run-id", "a", "--project", sharded.path().toString());
        PzProcess second = PzProcess.start(temp.resolve("commit-2.log"), env, "commit", "--select", sink(target),
                "--run-id", "a", "--project", sharded.path().toString());
        int one = first.waitFor(WAIT_MS);
        int two = second.waitFor(WAIT_MS);
        String logs = first.log() + "\n----\n" + second.log();
        assertThat(List.of(one, two)).as(logs).containsAnyOf(0).allMatch(code -> code == 0 || code == 75);
        assertThat(Stream.of(first.log(), second.log()).filter(log -> log.contains("note: committed run a:")).count())
                .as(logs).isEqualTo(1);
        long rows = count("select count(*) from public." + target);
        assertThat(rows).isEqualTo(count("select count(*) from public." + source + " where amount >= 1"));

        // Run b froze the same watermark as a; a committed first, so publishing b would load its rows twice.
        CliRun stale = pz(sharded, "commit", "--select", sink(target), "--run-id", "b");
        assertThat(stale.exitCode()).as(stale.toString()).isEqualTo(1);
        assertThat(stale.err()).contains("PZ0707");
        assertThat(count("select count(*) from public." + target)).isEqualTo(rows);
        assertThat(watermark("race", source)).contains(ShardedPostgresFlow.WATERMARK + "|a");
    }

    @Test
    void badShardInputIsRefusedBeforeAnyRunDirectoryWithExit2() throws Exception {
        String target = "shard_bad_" + Long.toHexString(System.nanoTime());
        TestProject sharded = shardedProject("bad", target);
        expectRefused(sharded, "PZ0703", "run", "--select", sink(target), "--shard", "8/8", "--run-id", "x");
        expectRefused(sharded, "PZ0703", "run", "--select", sink(target), "--shard", "x", "--run-id", "x");
        expectRefused(sharded, "PZ0703", "run", "--select", sink(target), "--shard", "0/8");
        expectRefused(sharded, "PZ0703", "run", "--select", sink(target), "--shard", "0/8", "--run-id", "../up");
        expectRefused(sharded, "PZ0703", "commit", "--select", sink(target));

        TestProject aggregate = project("agg", target, "select name, count(*) as n, max(updated_at) as updated_at"
                + " from SOURCE group by name");
        expectRefused(aggregate, "PZ0701", "run", "--select", sink(target), "--shard", "0/8", "--run-id", "x");
        TestProject window = project("win", target, "select id, row_number() over (order by id) as n, updated_at"
                + " from SOURCE");
        expectRefused(window, "PZ0701", "run", "--select", sink(target), "--shard", "0/8", "--run-id", "x");
        TestProject limited = project("lim", target, "select id, updated_at from SOURCE order by id limit 10");
        expectRefused(limited, "PZ0701", "run", "--select", sink(target), "--shard", "0/8", "--run-id", "x");

        TestProject unpartitioned = TestProject.in(temp.resolve("nopart")).projectYml("nopart",
                        "scale_out:\n  staging: staging\n")
                .file("connections.yml", PostgresProjects.connection("pg", "", "    public." + source + ":\n      read:\n"
                        + "        columns: {id: bigint, updated_at: timestamp}\n"))
                .file("pipelines/p.sql", "INSERT INTO {{ sink('pg', 'public." + target + "', strategy: 'append', duplicates: 'accept') }}\n"
                        + "select id, updated_at from {{ source('pg', 'public." + source + "') }}\n");
        expectRefused(unpartitioned, "PZ0700", "run", "--select", sink(target), "--shard", "0/8", "--run-id", "x");

        TestProject noStaging = TestProject.in(temp.resolve("nostaging")).projectYml("nostaging", "")
                .file("connections.yml", sharded.read("connections.yml").replaceAll("(?s)statedb:.*", ""))
                .file("pipelines/p.sql", sharded.read("pipelines/p.sql"));
        expectRefused(noStaging, "PZ0702", "run", "--select", sink(target), "--shard", "0/8", "--run-id", "x");
        TestProject badStaging = TestProject.in(temp.resolve("badstaging")).projectYml("badstaging",
                        "scale_out:\n  staging: [a]\n  spool: x\n")
                .file("connections.yml", noStaging.read("connections.yml"))
                .file("pipelines/p.sql", sharded.read("pipelines/p.sql"));
        for (String verb : List.of("validate", "plan")) {
            CliRun run = pz(badStaging, verb);
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.err()).contains("PZ0702", "scale_out.staging", "scale_out.spool");
        }
        expectRefused(badStaging, "PZ0702", "run", "--select", sink(target));

        CliRun unfinished = pz(sharded, "commit", "--select", sink(target), "--run-id", "never");
        assertThat(unfinished.exitCode()).as(unfinished.toString()).isEqualTo(75);
        assertThat(unfinished.err()).contains("PZ0705");
        assertThat(tableExists(target)).isFalse();
    }

    private void expectRefused(TestProject project, String code, String... args) throws IOException {
        CliRun run = pz(project, args);
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).as(run.toString()).contains("error " + code);
        assertThat(runDirectories(project.path().resolve(".pz/runs"))).as(run.toString()).isEmpty();
    }

    private CliRun pz(TestProject project, String... args) {
        return CliRun.pzWithEnv(env, project.path(), args);
    }

    /** Starts shard {@code index} of run {@code runId} as its own pz process. */
    private PzProcess shard(TestProject project, String target, int index, String runId) throws IOException {
        return PzProcess.start(temp.resolve(project.path().getFileName() + "-" + runId + "-" + index + "-"
                + System.nanoTime() + ".log"), env, "run", "--select", sink(target), "--shard", index + "/" + SHARDS,
                "--run-id", runId, "--project", project.path().toString());
    }

    /** Runs all shards of {@code runId} at once, each its own process, and expects each to succeed. */
    private void runShards(TestProject project, String target, String runId) throws Exception {
        List<PzProcess> processes = new ArrayList<>();
        for (int i = 0; i < SHARDS; i++) {
            processes.add(shard(project, target, i, runId));
        }
        for (PzProcess process : processes) {
            assertThat(process.waitFor(WAIT_MS)).as(process.log()).isZero();
        }
    }

    private Path stagingFolder(TestProject project, String target, String runId) {
        return project.path().resolve("../staging-" + project.path().getFileName()).normalize().resolve(sink(target))
                .resolve(runId);
    }

    private List<Path> markers(TestProject project, String target, String runId) throws IOException {
        try (Stream<Path> files = Files.walk(stagingFolder(project, target, runId))) {
            return files.filter(path -> path.getFileName().toString().equals("_done.json")).toList();
        }
    }

    private static List<Path> runDirectories(Path runs) {
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(runs)) {
            return entries.filter(Files::isDirectory).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private List<String> watermark(String dir, String table) throws SQLException {
        return flow.watermark(dir, table);
    }
}
