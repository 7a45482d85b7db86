package dev.pz.engine.execute;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which pipelines over a fused source view keep exactly the source's rows, so that the COPY's row
 * count is the source's: decided on DuckDB's own plans of a csv and a parquet source.
 */
class RowPreservingPlanTest {
    @TempDir
    static Path dir;
    private static DuckSession session;
    private static DuckConnection connection;

    @BeforeAll
    static void open() throws IOException {
        session = DuckSession.openInMemory(DuckSettings.defaults());
        connection = session.connect();
        Path csv = dir.resolve("orders.csv");
        Files.writeString(csv, "id,customer,amount\n1,alice,10.25\n2,bob,20.50\n3,alice,30.75\n");
        Path other = dir.resolve("other.csv");
        Files.writeString(other, "id,customer,amount\n1,alice,10.25\n");
        connection.execute("create schema if not exists staging");
        connection.execute("create view staging.src as select * from read_csv('" + csv + "', header = true, "
                + "columns = {'id': 'bigint', 'customer': 'varchar', 'amount': 'double'})");
        connection.execute("create view staging.other as select * from read_csv('" + other + "', header = true, "
                + "columns = {'id': 'bigint', 'customer': 'varchar', 'amount': 'double'})");
        connection.execute("copy (from staging.src) to '" + dir.resolve("orders.parquet") + "' (format parquet)");
        connection.execute("create view staging.psrc as select * from read_parquet('" + dir.resolve("orders.parquet")
                + "')");
    }

    @AfterAll
    static void close() {
        connection.close();
        session.close();
    }

    private static boolean holds(String source, String sql) {
        connection.execute("create or replace view staging.p as (" + sql + ")");
        return RowPreservingPlan.holds(connection, "staging.p", source);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "select * from staging.src",
        "select id, upper(customer) as who, cast(amount * 100 as bigint) as cents from staging.src",
        "select customer, id from staging.src order by customer, id",
        "select *, 'x' as tag from (select id, amount from staging.src) s"})
    void projectionsAndSortsOfTheOneSourceKeepItsRows(String sql) {
        assertThat(holds("staging.src", sql)).as(sql).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "select * from staging.src where amount > 15",
        "select * from staging.src limit 2",
        "select * from staging.src order by id limit 2",
        "select distinct customer from staging.src",
        "select customer, count(*) as n from staging.src group by customer",
        "select * from staging.src union all select * from staging.src",
        "select s.* from staging.src s join staging.src t using (id)",
        "select unnest([id, id]) as twice from staging.src",
        "select * from staging.other",
        "select 1 as one"})
    void filtersLimitsGroupsJoinsAndOtherScansDoNot(String sql) {
        assertThat(holds("staging.src", sql)).as(sql).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"select * from staging.psrc where id > 1", "select * from staging.psrc using sample 1"})
    void aPredicateOrSamplePushedIntoAParquetScanDoesNot(String sql) {
        assertThat(holds("staging.psrc", sql)).as(sql).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"select id, amount from staging.psrc", "select * from staging.psrc order by amount desc"})
    void projectionsOfAParquetSourceDo(String sql) {
        assertThat(holds("staging.psrc", sql)).as(sql).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "select * from staging.src",
        "select amount, upper(customer) as who, id from staging.src order by amount",
        "select * from staging.src where amount > 15"})
    void aPipelineThatReadsEveryColumnConvertsEveryValue(String sql) {
        connection.execute("create or replace view staging.p as (" + sql + ")");
        assertThat(RowPreservingPlan.readsEveryColumn(connection, "staging.p", "staging.src")).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "select upper(customer) as who, amount from staging.src",
        "select count(*) as n from staging.src",
        "select s.* from staging.src s join staging.other o using (id)"})
    void aPipelineThatLeavesAColumnUnreadDoesNot(String sql) {
        connection.execute("create or replace view staging.p as (" + sql + ")");
        assertThat(RowPreservingPlan.readsEveryColumn(connection, "staging.p", "staging.src")).isFalse();
    }
}
