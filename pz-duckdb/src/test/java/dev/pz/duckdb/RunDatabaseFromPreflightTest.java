package dev.pz.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The preflight's in-memory DuckDB becoming the run's database: the run sees the staging file as
 * {@code pz} with the run's settings, exactly as a freshly opened session, and none of what the
 * dry compile created, neither in its catalog nor in the staging file.
 */
class RunDatabaseFromPreflightTest {

    @TempDir
    Path dir;

    private static DuckSession preflightWithDryCompiledTables() {
        DuckSession preflight = DuckSession.openInMemory(DuckSettings.defaults());
        try (DuckConnection connection = preflight.connect()) {
            connection.execute("create table staging.orders (id integer, amount double)");
            connection.execute("create view staging.order_totals as select id, sum(amount) total from staging.orders"
                    + " group by id limit 0");
        }
        return preflight;
    }

    private static List<String> tables(DuckConnection connection, String database) {
        return connection.query("select schema_name || '.' || table_name from duckdb_tables() where database_name = '"
                + database + "' union all select schema_name || '.' || view_name from duckdb_views() where"
                + " database_name = '" + database + "' and not internal order by 1", row -> row.getString(1));
    }

    @Test
    void theRunDatabaseHoldsNoneOfThePreflightsObjects() {
        Path staging = dir.resolve("staging.duckdb");
        DuckSession preflight = preflightWithDryCompiledTables();
        try (DuckSession run = preflight.becomeRunDatabase(staging, new DuckSettings("256MiB", 2, null, false))) {
            try (DuckConnection connection = run.connect()) {
                assertThat(connection.queryScalar("select current_database()")).contains("pz");
                assertThat(connection.queryScalar("select current_setting('threads')")).contains(2L);
                assertThat(connection.queryScalar("select current_setting('memory_limit')").map(String::valueOf))
                        .hasValueSatisfying(limit -> assertThat(limit).matches("2\\d\\d\\.\\d+ MiB"));
                assertThat(connection.queryScalar("select current_setting('temp_directory')"))
                        .contains(dir.resolve("duckdb_tmp").toAbsolutePath().toString());
                assertThat(tables(connection, "memory")).isEmpty();
                assertThat(tables(connection, "pz")).isEmpty();
                assertThatThrownBy(() -> connection.execute("select * from staging.orders"))
                        .isInstanceOf(DuckSqlException.class);
                connection.execute("create table staging.orders as select 1 as id");
            }
        }
        try (DuckSession reopened = DuckSession.open(staging, DuckSettings.defaults());
                DuckConnection connection = reopened.connect()) {
            assertThat(tables(connection, "pz")).containsExactly("staging.orders");
        }
    }

    @Test
    void thePreflightSessionIsHandedOver() {
        DuckSession preflight = preflightWithDryCompiledTables();
        try (DuckConnection connection = preflight.connect()) {
            connection.execute("create table memory.main.same_instance as select 42 as answer");
        }
        DuckSession run = preflight.becomeRunDatabase(dir.resolve("staging.duckdb"), DuckSettings.defaults());
        try {
            try (DuckConnection connection = run.connect()) {
                assertThat(connection.queryScalar("select answer from memory.main.same_instance")).contains(42);
            }
            assertThat(preflight.isClosed()).isTrue();
            preflight.close();
            assertThatThrownBy(preflight::connect).isInstanceOf(IllegalStateException.class);
            try (DuckConnection connection = run.connect()) {
                assertThat(connection.queryScalar("select count(*) from duckdb_schemas() where database_name = 'pz'"
                        + " and schema_name = 'staging'")).contains(1L);
            }
        } finally {
            run.close();
        }
        assertThatThrownBy(() -> run.becomeRunDatabase(dir.resolve("other.duckdb"), DuckSettings.defaults()))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aFileSessionDoesNotBecomeAnotherRunsDatabase() {
        try (DuckSession file = DuckSession.open(dir.resolve("staging.duckdb"), DuckSettings.defaults())) {
            assertThatThrownBy(() -> file.becomeRunDatabase(dir.resolve("other.duckdb"), DuckSettings.defaults()))
                    .isInstanceOf(IllegalStateException.class);
            assertThat(file.isClosed()).isFalse();
        }
    }

    @Test
    void whenTheFileCannotBeAttachedTheFailureIsAFreshOpensFailure() throws Exception {
        Path notADirectory = Files.writeString(dir.resolve("file"), "x");
        Path staging = notADirectory.resolve("staging.duckdb");
        DuckSession preflight = preflightWithDryCompiledTables();
        String fresh = null;
        try {
            DuckSession.open(staging, DuckSettings.defaults()).close();
        } catch (DuckSqlException e) {
            fresh = e.getMessage();
        }
        assertThat(fresh).isNotNull();
        assertThatThrownBy(() -> preflight.becomeRunDatabase(staging, DuckSettings.defaults()))
                .isInstanceOf(DuckSqlException.class).hasMessage(fresh);
        assertThat(preflight.isClosed()).isTrue();
    }
}
