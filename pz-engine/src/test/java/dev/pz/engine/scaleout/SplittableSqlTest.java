package dev.pz.engine.scaleout;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Which SQL runs shard by shard with the same result, as DuckDB's own parse tree tells. */
class SplittableSqlTest {
    private static DuckSession session;
    private static DuckConnection connection;

    @BeforeAll
    static void open() {
        session = DuckSession.openInMemory(DuckSettings.defaults());
        connection = session.connect();
    }

    @AfterAll
    static void close() {
        connection.close();
        session.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "select id, upper(name) as name, amount * 2 as doubled from staging.src where amount >= 1",
        "select * from staging.src",
        "select id from staging.src where id > 3 union all select id from staging.src where id < 0",
        "with t as (select id, coalesce(name, '?') as n from staging.src) select * from t order by id",
        "select id, case when amount > 10 then 'big' else 'small' end as size, cast(day as varchar) from staging.src",
        "select id, 'sum(' || name || ')' as label from staging.src"})
    void rowByRowSqlSplits(String sql) {
        assertThat(new SplittableSql(connection).obstacle(sql)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "select count(*) from staging.src|the aggregate count_star()",
        "select name, sum(amount) from staging.src group by name|GROUP BY",
        "select max(id) + 1 as top from staging.src|the aggregate max()",
        "select name from staging.src group by name|GROUP BY",
        "select name from staging.src group by all|GROUP BY",
        "select id, row_number() over (order by id) from staging.src|a window function",
        "select id from staging.src qualify id > 1|QUALIFY",
        "select distinct name from staging.src|DISTINCT",
        "select id from staging.src order by id limit 10|LIMIT",
        "select id from staging.src union select id from staging.src|UNION without ALL",
        "select id from staging.src except select id from staging.src|EXCEPT without ALL",
        "select a.id from staging.src a join staging.src b on a.id = b.id + 1|a join",
        "select id from staging.src where id in (select max(id) from staging.src)|a subquery",
        "with t as (select list(name) as names from staging.src) select * from t|the aggregate list()"})
    void sqlThatLooksAtSeveralRowsDoesNot(String sql, String obstacle) {
        assertThat(new SplittableSql(connection).obstacle(sql)).contains(obstacle);
    }

    @ParameterizedTest
    @ValueSource(strings = {"select from where", "selec 1"})
    void sqlDuckDbCannotParseIsLeftToTheDryCompile(String sql) {
        assertThat(new SplittableSql(connection).obstacle(sql)).isEmpty();
    }
}
