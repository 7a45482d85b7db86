package dev.pz.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One node's connection: it survives a failed statement (duckdb_jdbc closes the statement, not the
 * connection), reports counts and, when asked to track it, its progress, and can be cancelled from
 * another thread.
 */
class DuckConnectionTest {

    @TempDir
    Path dir;

    private DuckSession session;
    private DuckConnection connection;

    @BeforeEach
    void open() {
        session = DuckSession.open(dir.resolve("staging.duckdb"), DuckSettings.defaults());
        connection = session.connect();
    }

    @AfterEach
    void close() {
        session.close();
    }

    @Test
    void failedStatementLeavesConnectionUsable() {
        assertThatThrownBy(() -> connection.execute("select no_such_column from range(1)"))
                .isInstanceOf(DuckSqlException.class)
                .hasMessageStartingWith("Binder Error")
                .hasMessageNotContaining("LINE 1");
        assertThat(connection.execute("create table staging.ok as select 1 as x")).isEqualTo(1L);
        assertThat(connection.queryScalar("select x from staging.ok")).contains(1);
    }

    @Test
    void executeReturnsCopyAndCreateTableRowCounts() {
        assertThat(connection.execute("create table staging.t as select range as id from range(7)")).isEqualTo(7L);
        Path target = dir.resolve("t.csv");
        assertThat(connection.execute("copy staging.t to " + SqlLiterals.string(target.toString())
                + " (format csv, header)")).isEqualTo(7L);
        assertThat(connection.execute("set threads = 1")).isEqualTo(-1L);
    }

    @Test
    void queryMapsEveryRowInOrder() {
        assertThat(connection.query("select range as id from range(3) order by id", row -> row.getLong("id")))
                .containsExactly(0L, 1L, 2L);
        assertThat(connection.queryScalar("select null")).isEmpty();
        assertThat(connection.queryScalar("select 1 where false")).isEmpty();
    }

    @Test
    void cancelStopsALongQueryAndKeepsTheConnection() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<Long> running = pool.submit(() -> connection.execute(
                    "create table staging.huge as select count(*) as n from range(10000000000)"));
            Throwable stopped = DuckSessionTest.interruptUntilDone(running, connection::cancel);
            assertThat(stopped).isInstanceOf(DuckSqlException.class)
                    .satisfies(e -> assertThat(((DuckSqlException) e).interrupted()).isTrue());
        } finally {
            pool.shutdownNow();
        }
        assertThat(connection.queryScalar("select count(*) from information_schema.tables where table_name = 'huge'"))
                .contains(0L);
        assertThat(connection.queryScalar("select 41 + 1")).contains(42);
    }

    @Test
    void trackedProgressIsAShareOfTheRunningStatementThatGrows() throws Exception {
        assertThat(connection.progress()).as("nothing runs").isEmpty();
        connection.trackProgress();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<Long> running = pool.submit(() -> connection.execute(
                    "create table staging.huge as select count(*) as n from range(10000000000)"));
            double first = awaitProgressAbove(0, running);
            assertThat(first).isLessThanOrEqualTo(1.0);
            assertThat(awaitProgressAbove(first, running)).isLessThanOrEqualTo(1.0);
            DuckSessionTest.interruptUntilDone(running, connection::cancel);
        } finally {
            pool.shutdownNow();
        }
        assertThat(connection.progress()).as("nothing runs").isEmpty();
        assertThat(connection.queryScalar("select 41 + 1")).contains(42);
    }

    /** Polls the connection's progress until it exceeds {@code floor}; the statement never ends on its own. */
    private double awaitProgressAbove(double floor, Future<Long> running) throws InterruptedException {
        while (true) {
            assertThat(running).as("the statement still runs").isNotDone();
            java.util.OptionalDouble progress = connection.progress();
            if (progress.isPresent() && progress.getAsDouble() > floor) {
                return progress.getAsDouble();
            }
            Thread.sleep(5);
        }
    }

    @Test
    void cancelWithoutARunningStatementDoesNothing() {
        connection.cancel();
        assertThat(connection.queryScalar("select 1")).contains(1);
    }
}
