package dev.pz.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run's session: staging file attached as {@code pz}, settings applied database-wide, spills
 * kept out of the working directory, extensions never fetched behind the user's back, and
 * duplicated connections that work side by side over one database.
 */
class DuckSessionTest {

    @TempDir
    Path dir;

    @Test
    void duplicatedConnectionsCreateTablesConcurrently() throws Exception {
        try (DuckSession session = DuckSession.open(dir.resolve("staging.duckdb"), DuckSettings.defaults())) {
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                List<Future<Long>> created = new ArrayList<>();
                for (String table : List.of("a", "b")) {
                    Callable<Long> task = () -> {
                        try (DuckConnection connection = session.connect()) {
                            return connection.execute("create table staging." + table
                                    + " as select range as id from range(100000)");
                        }
                    };
                    created.add(pool.submit(task));
                }
                for (Future<Long> rows : created) {
                    assertThat(rows.get(30, TimeUnit.SECONDS)).isEqualTo(100_000L);
                }
            } finally {
                pool.shutdownNow();
            }
            try (DuckConnection connection = session.connect()) {
                assertThat(connection.queryScalar("select current_database()")).contains("pz");
                assertThat(connection.queryScalar(
                        "select (select count(*) from pz.staging.a) + (select count(*) from pz.staging.b)"))
                        .contains(200_000L);
            }
        }
        assertThat(dir.resolve("staging.duckdb")).exists();
    }

    @Test
    void stagingFileKeepsTablesAfterClose() {
        Path staging = dir.resolve("staging.duckdb");
        try (DuckSession session = DuckSession.open(staging, DuckSettings.defaults());
                DuckConnection connection = session.connect()) {
            connection.execute("create table staging.kept as select 42 as answer");
        }
        try (DuckSession session = DuckSession.open(staging, DuckSettings.defaults());
                DuckConnection connection = session.connect()) {
            assertThat(connection.queryScalar("select answer from staging.kept")).contains(42);
        }
    }

    @Test
    void settingsApplyToEveryConnection() {
        DuckSettings settings = new DuckSettings("256MiB", 2, null, false);
        try (DuckSession session = DuckSession.open(dir.resolve("staging.duckdb"), settings);
                DuckConnection connection = session.connect()) {
            assertThat(connection.queryScalar("select current_setting('threads')")).contains(2L);
            assertThat(connection.queryScalar("select current_setting('memory_limit')").map(String::valueOf))
                    .hasValueSatisfying(limit -> assertThat(limit).matches("2\\d\\d\\.\\d+ MiB"));
            assertThat(connection.queryScalar("select current_setting('temp_directory')"))
                    .contains(dir.resolve("duckdb_tmp").toAbsolutePath().toString());
        }
    }

    @Test
    void tempDirectoryIsNeverUnderTheWorkingDirectory() {
        Path cwd = Path.of("").toAbsolutePath();
        try (DuckSession session = DuckSession.openInMemory(DuckSettings.defaults());
                DuckConnection connection = session.connect()) {
            String temp = String.valueOf(connection.queryScalar("select current_setting('temp_directory')").orElseThrow());
            assertThat(Path.of(temp)).isAbsolute();
            assertThat(Path.of(temp).startsWith(cwd)).isFalse();
        }
    }

    @Tag("slow")
    @Test
    void spillsUnderTheConfiguredTempDirectory() {
        Path spill = dir.resolve("spill");
        DuckSettings settings = new DuckSettings("64MiB", 1, spill.toString(), false);
        try (DuckSession session = DuckSession.open(dir.resolve("staging.duckdb"), settings);
                DuckConnection connection = session.connect()) {
            assertThat(connection.queryScalar("select current_setting('temp_directory')")).contains(spill.toString());
            // Ordering 5M rows of wide strings cannot fit in 64MiB: DuckDB spills or fails.
            connection.execute("create table staging.sorted as select range as id, repeat('x', 40) || range as v"
                    + " from range(5000000) order by v desc");
            assertThat(connection.queryScalar("select count(*) from staging.sorted")).contains(5_000_000L);
        }
    }

    @Test
    void extensionsAreNeverInstalledOrLoadedAutomatically() {
        try (DuckSession session = DuckSession.open(dir.resolve("staging.duckdb"), DuckSettings.defaults());
                DuckConnection connection = session.connect()) {
            assertThat(connection.queryScalar("select current_setting('autoinstall_known_extensions')")).contains(false);
            assertThat(connection.queryScalar("select current_setting('autoload_known_extensions')")).contains(false);
            // DuckDB names the extension to install instead of trying to download it.
            assertThatThrownBy(() -> connection.execute("select * from read_xlsx('" + dir.resolve("x.xlsx") + "')"))
                    .isInstanceOf(DuckSqlException.class).hasMessageContaining("INSTALL excel")
                    .hasMessageNotContaining("download");
        }
    }

    @Test
    void extensionAutoloadingCanBeEnabled() {
        try (DuckSession session = DuckSession.openInMemory(new DuckSettings(null, null, null, true));
                DuckConnection connection = session.connect()) {
            assertThat(connection.queryScalar("select current_setting('autoload_known_extensions')")).contains(true);
        }
    }

    @Test
    void inMemorySessionHasStagingSchema() {
        try (DuckSession session = DuckSession.openInMemory(DuckSettings.defaults());
                DuckConnection connection = session.connect()) {
            connection.execute("create table staging.t as select 1 as x");
            assertThat(connection.queryScalar("select count(*) from staging.t")).contains(1L);
        }
    }

    @Test
    void closeIsIdempotentAndClosesConnections() {
        DuckSession session = DuckSession.open(dir.resolve("staging.duckdb"), DuckSettings.defaults());
        DuckConnection first = session.connect();
        DuckConnection second = session.connect();
        second.close();
        session.close();
        session.close();
        assertThat(session.isClosed()).isTrue();
        assertThat(first.isClosed()).isTrue();
        assertThatThrownBy(session::connect).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> first.execute("select 1")).isInstanceOf(IllegalStateException.class);
        first.close();
    }

    @Test
    void closingTheSessionInterruptsARunningStatement() throws Exception {
        DuckSession session = DuckSession.open(dir.resolve("staging.duckdb"), DuckSettings.defaults());
        DuckConnection connection = session.connect();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<Long> running = pool.submit(() -> connection.execute(
                    "create table staging.huge as select count(*) as n from range(10000000000)"));
            Throwable stopped = interruptUntilDone(running, session::close);
            assertThat(stopped).isInstanceOf(RuntimeException.class);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void stagingFileMayNotBeOpenedTwice() {
        Path staging = dir.resolve("staging.duckdb");
        try (DuckSession session = DuckSession.open(staging, DuckSettings.defaults())) {
            assertThat(session.isClosed()).isFalse();
            assertThatThrownBy(() -> DuckSession.open(staging, DuckSettings.defaults()))
                    .isInstanceOf(DuckSqlException.class);
        }
        assertThat(Files.exists(staging)).isTrue();
    }

    /**
     * Calls {@code interrupt} until {@code running} returns, and returns what it failed with (null if it
     * succeeded). A cancel that lands before DuckDB starts the statement is lost, so one call is not
     * enough; each retry waits on the call itself, never for a guessed time.
     */
    static Throwable interruptUntilDone(Future<?> running, Runnable interrupt) throws InterruptedException {
        while (true) {
            interrupt.run();
            try {
                running.get(50, TimeUnit.MILLISECONDS);
                return null;
            } catch (TimeoutException stillRunning) {
                // Interrupt again.
            } catch (ExecutionException failed) {
                return failed.getCause();
            }
        }
    }
}
