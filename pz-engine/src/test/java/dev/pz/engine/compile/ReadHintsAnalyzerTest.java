package dev.pz.engine.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.ReadHints;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Read hints from a reader's SQL (engine.md §2.3.2). */
class ReadHintsAnalyzerTest {
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

    private static ReadHints hints(String sql, String cursor) {
        return new ReadHintsAnalyzer(connection).analyze(sql, "src_pg__orders", cursor, true, true);
    }

    @Test
    void soleTableGivesSortedColumnsAndUnqualifiedPredicate() {
        ReadHints hints = hints("select id, customer_id, amount, status from staging.src_pg__orders "
                + "where amount >= 10 and status in ('a', 'b')", null);
        assertThat(hints.columns()).containsExactly("amount", "customer_id", "id", "status");
        assertThat(hints.predicateSql()).isEqualTo("(amount >= 10) AND (status IN ('a', 'b'))");
    }

    @Test
    void aliasedTargetInAJoinPushesOnlyItsOwnColumnsAndConjuncts() {
        ReadHints hints = hints("select o.id, c.email from staging.src_pg__orders as o join staging.src_crm__c c "
                + "on c.id = o.customer_id where o.amount > 5 and c.email like '%x' and (o.id = 1 or c.id = 2)", null);
        assertThat(hints.columns()).containsExactly("amount", "customer_id", "id");
        assertThat(hints.predicateSql()).isEqualTo("(amount > 5)");
    }

    @Test
    void starSubqueryAndUnqualifiedRefsInAJoinDisableColumns() {
        assertThat(hints("select * from staging.src_pg__orders where id > 3", null).columns()).isNull();
        assertThat(hints("select * from staging.src_pg__orders where id > 3", null).predicateSql()).isEqualTo("(id > 3)");
        assertThat(hints("select id from staging.src_pg__orders where id in (select 1)", null)).isNull();
        assertThat(hints("select o.id, email from staging.src_pg__orders o join staging.x c on c.id = o.id", null))
                .isNull();
    }

    @Test
    void cursorIsKeptButNeverFilteredAndWatermarkConjunctsStay() {
        ReadHints hints = hints("select id from staging.src_pg__orders where updated_at > 3 and "
                + "(('__pz_watermark__pg__orders__') IS NULL OR updated_at > '__pz_watermark__pg__orders__')",
                "updated_at");
        assertThat(hints.columns()).containsExactly("id", "updated_at");
        assertThat(hints.predicateSql()).isNull();
    }

    @Test
    void nullSupplyingSideOfAnOuterJoinPushesNoPredicateAndVolatileFunctionsStay() {
        ReadHints outer = hints("select c.id, o.status from staging.x c left join staging.src_pg__orders o "
                + "on o.id = c.id where o.status is null", null);
        assertThat(outer.columns()).containsExactly("id", "status");
        assertThat(outer.predicateSql()).isNull();
        assertThat(hints("select id from staging.src_pg__orders where id > random()", null).predicateSql()).isNull();
        assertThat(hints("select 1 from staging.other", null)).isNull();
        assertThat(hints("select id from staging.src_pg__orders", null).columns()).isEqualTo(List.of("id"));
    }
}
