package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.postgres.PostgresProjects;
import dev.pz.connectors.postgres.PostgresTestServer;
import dev.pz.testing.TestProject;
import dev.pz.testing.memory.MemoryConnector;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Run control against a real PostgreSQL server: a read whose query sleeps ten minutes
 * ({@code pg_sleep(600)}) must be stopped on the server, not merely abandoned, by
 * {@code engine.node_timeout} and by {@code --fail-fast}; a sink waiting on a lock in its commit
 * is cancelled and the table keeps its rows. A backend still sleeping after the run would mean the
 * cancel never reached the server.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class PostgresRunControlTest {
    private static final String SLEEPING_QUERY = "select g::bigint as id from generate_series(1, 3) g, pg_sleep(600) s";

    @TempDir
    Path temp;

    private PostgresTestServer.Endpoint server;
    private String marker;
    private final String gate = "gate-" + UUID.randomUUID();

    @BeforeEach
    void server() {
        server = PostgresTestServer.endpoint();
        marker = "pz_rc_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
    }

    /** The sleeping query, tagged with this test's marker so that pg_stat_activity finds only its own. */
    private String sleepingQuery() {
        return SLEEPING_QUERY + " where '" + marker + "' <> ''";
    }

    private TestProject project(String engineLines, String pgEntities, String pipelines) {
        TestProject project = TestProject.in(temp.resolve("p")).projectYml("pg_run_control", "engine:", "  threads: 4",
                engineLines).file("connections.yml", PostgresProjects.connection("pg", "", pgEntities)
                        + "src:\n  connector: memory\n  entities:\n    items:\n      read: {batches: 1, rows: 5}\n"
                        + "    bad:\n      read: {ignore_cancel: true, probe: '" + gate + "'}\n"
                        + "lake:\n  connector: localfiles\n");
        return project.file("pipelines/bad.sql", "INSERT INTO {{ sink('lake', 'bad', strategy: 'replace', format: "
                + "'csv', path: 'out/') }}\nselect * from {{ source('src', 'bad') }}\n").file("pipelines/main.sql",
                        pipelines);
    }

    private CliRun pz(TestProject project, String... args) {
        return CliRun.pzWithEnv(PostgresProjects.environment(server), project.path(), args);
    }

    private long backends(String condition) throws SQLException {
        try (Connection connection = PostgresTestServer.jdbc(); Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("select count(*) from pg_stat_activity where pid <> "
                        + "pg_backend_pid() and query like '%" + marker + "%' and " + condition)) {
            result.next();
            return result.getLong(1);
        }
    }

    /** Waits until pz's backend matches {@code condition}; PostgreSQL offers no event for it, so it is asked. */
    private void awaitBackend(String condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (backends(condition) == 0) {
            assertThat(System.nanoTime()).as("pz's query reached " + condition).isLessThan(deadline);
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }

    private static List<String> withoutTimes(CliRun run) {
        return RunArtifacts.withoutTimes(run);
    }

    @Test
    void aSleepingReadPastTheNodeTimeoutIsCancelledOnTheServerAndNotRetried() throws Exception {
        TestProject project = project("  node_timeout: 2s", "    slow:\n      read:\n        query: \""
                + sleepingQuery() + "\"\n", "INSERT INTO {{ sink('lake', 'slow', strategy: 'replace', format: 'csv', "
                        + "path: 'out/') }}\nselect * from {{ source('pg', 'slow') }}\n");
        MemoryConnector.release(gate);
        CliRun run = pz(project, "run", "main");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(withoutTimes(run)).contains("FAIL src_pg__slow 0 rows",
                "  PZ0525: node 'src_pg__slow' exceeded engine.node_timeout (2s) on attempt 1 and was cancelled.",
                "skip main 0 rows", "skip lake.slow 0 rows");
        assertThat(run.out()).as("the server's 'canceling statement' is transient, yet a timeout is not retried")
                .doesNotContain("retry:");
        assertThat(backends("state = 'active'")).as("no backend still sleeping").isZero();
        assertThat(project.resolve("out/slow.csv")).doesNotExist();
    }

    @Test
    void failFastCancelsAReadWhileTheServerRunsIt() throws Exception {
        TestProject project = project("", "    slow:\n      read:\n        query: \"" + sleepingQuery() + "\"\n",
                "INSERT INTO {{ sink('lake', 'slow', strategy: 'replace', format: 'csv', path: 'out/') }}\n"
                        + "select * from {{ source('pg', 'slow') }}\n");
        CompletableFuture<CliRun> running = CompletableFuture.supplyAsync(() -> pz(project, "run", "--all",
                "--fail-fast"));
        awaitBackend("state = 'active' and query like 'copy (%'");
        MemoryConnector.release(gate);
        CliRun run = running.get();

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(withoutTimes(run)).contains("FAIL src_src__bad 0 rows", "cancelled src_pg__slow 0 rows",
                "skip main 0 rows", "skip lake.slow 0 rows");
        assertThat(RunArtifacts.node(RunArtifacts.results(RunArtifacts.onlyRun(project.path())), "src_pg__slow")
                .get("status").asText()).isEqualTo("skipped");
        assertThat(backends("state = 'active'")).as("no backend still sleeping").isZero();
    }

    @Test
    void sigtermStopsASleepingReadOnTheServerAndTheRunIsFatal() throws Exception {
        TestProject project = project("", "    slow:\n      read:\n        query: \"" + sleepingQuery() + "\"\n",
                "INSERT INTO {{ sink('lake', 'slow', strategy: 'replace', format: 'csv', path: 'out/') }}\n"
                        + "select * from {{ source('pg', 'slow') }}\n");
        Path stdout = temp.resolve("stdout.txt");
        Process pz = StopSignalRunTest.start(PostgresProjects.environment(server), project.path(), stdout, null,
                "run", "main");
        List<String> errors;
        try (BufferedReader err = new BufferedReader(new InputStreamReader(pz.getErrorStream(),
                StandardCharsets.UTF_8))) {
            awaitBackend("state = 'active' and query like 'copy (%'");
            StopSignalRunTest.signal(pz, "TERM");
            errors = err.lines().toList();
        } catch (Exception | AssertionError e) {
            pz.destroyForcibly();
            throw e;
        }
        assertThat(StopSignalRunTest.exitOf(pz)).isEqualTo(3);
        assertThat(errors).contains("run cancelled (SIGTERM): interrupted src_pg__slow");
        assertThat(java.nio.file.Files.readAllLines(stdout)).anySatisfy(line -> assertThat(line)
                .matches("cancelled src_pg__slow 0 rows \\d+ms"));
        assertThat(RunArtifacts.results(RunArtifacts.onlyRun(project.path())).get("status").asText())
                .isEqualTo("fatal");
        assertThat(backends("state = 'active'")).as("no backend still sleeping").isZero();
    }

    @Test
    void aSinkWaitingOnALockInItsCommitIsCancelledAndTheTableKeepsItsRows() throws Exception {
        String table = marker + "_dst";
        try (Connection admin = PostgresTestServer.jdbc(); Statement statement = admin.createStatement()) {
            statement.execute("create table public." + table + " (id bigint, amount double precision, name text)");
            statement.execute("insert into public." + table + " values (1, 1.5, 'kept'), (2, 3.0, 'kept')");
        }
        TestProject project = project("", "", "INSERT INTO {{ sink('pg', 'public." + table + "', strategy: 'replace') }}\n"
                + "select * from {{ source('src', 'items') }}\n");
        try (Connection reader = PostgresTestServer.jdbc(); Statement statement = reader.createStatement()) {
            // An open transaction that read the table: replace's truncate has to wait for it.
            reader.setAutoCommit(false);
            statement.execute("select count(*) from public." + table);
            CompletableFuture<CliRun> running = CompletableFuture.supplyAsync(() -> pz(project, "run", "--all",
                    "--fail-fast"));
            awaitLockWait(table);
            MemoryConnector.release(gate);
            CliRun run = running.get();
            reader.rollback();

            assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
            // The chain streams (docs/performance.md, "Universal chains stream"): its source node runs the
            // sink's write, so the cancel stops that node, and the pipeline and the sink are skipped.
            assertThat(withoutTimes(run)).contains("cancelled src_src__items 0 rows", "skip main 0 rows",
                    "skip pg.public." + table + " 0 rows", "FAIL src_src__bad 0 rows");
        }
        assertThat(rows("select id, name from public." + table + " order by id")).containsExactly("1|kept", "2|kept");
    }

    /** Waits until a backend truncating {@code table} waits on a lock. */
    private void awaitLockWait(String table) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (true) {
            try (Connection connection = PostgresTestServer.jdbc(); Statement statement = connection.createStatement();
                    ResultSet result = statement.executeQuery("select count(*) from pg_stat_activity where "
                            + "wait_event_type = 'Lock' and query like 'truncate table%" + table + "%'")) {
                result.next();
                if (result.getLong(1) > 0) {
                    return;
                }
            }
            assertThat(System.nanoTime()).as("pz's commit waited on the lock").isLessThan(deadline);
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }

    private static List<String> rows(String query) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection connection = PostgresTestServer.jdbc(); Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(query)) {
            while (result.next()) {
                rows.add(result.getString(1) + "|" + result.getString(2));
            }
        }
        return rows;
    }
}
