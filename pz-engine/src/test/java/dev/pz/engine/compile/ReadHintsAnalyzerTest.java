package dev.pz.engine.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPredicate;
import dev.pz.connectors.api.ReadPredicate.Operator;
import dev.pz.connectors.api.ReadPredicate.Value;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Read hints from a reader's SQL: the columns it uses and the conjuncts a source could apply. */
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
        assertThat(hints.predicates()).containsExactly(
                new ReadPredicate.Comparison("amount", Operator.GREATER_OR_EQUAL, Value.of(10L)),
                new ReadPredicate.In("status", List.of(Value.of("a"), Value.of("b"))));
        assertThat(hints.describePredicates()).isEqualTo("amount >= 10 and status in ('a', 'b')");
    }

    @Test
    void aliasedTargetInAJoinPushesOnlyItsOwnColumnsAndConjuncts() {
        ReadHints hints = hints("select o.id, c.email from staging.src_pg__orders as o join staging.src_crm__c c "
                + "on c.id = o.customer_id where o.amount > 5 and c.email like '%x' and (o.id = 1 or c.id = 2)", null);
        assertThat(hints.columns()).containsExactly("amount", "customer_id", "id");
        assertThat(hints.describePredicates()).isEqualTo("amount > 5");
    }

    @Test
    void starSubqueryAndUnqualifiedRefsInAJoinDisableColumns() {
        assertThat(hints("select * from staging.src_pg__orders where id > 3", null).columns()).isNull();
        assertThat(hints("select * from staging.src_pg__orders where id > 3", null).describePredicates())
                .isEqualTo("id > 3");
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
        assertThat(hints.predicates()).isEmpty();
    }

    @Test
    void nullSupplyingSideOfAnOuterJoinPushesNoPredicateAndVolatileFunctionsStay() {
        ReadHints outer = hints("select c.id, o.status from staging.x c left join staging.src_pg__orders o "
                + "on o.id = c.id where o.status is null", null);
        assertThat(outer.columns()).containsExactly("id", "status");
        assertThat(outer.predicates()).isEmpty();
        assertThat(hints("select id from staging.src_pg__orders where id > random()", null).predicates()).isEmpty();
        assertThat(hints("select 1 from staging.other", null)).isNull();
        assertThat(hints("select id from staging.src_pg__orders", null).columns()).isEqualTo(List.of("id"));
    }

    @Test
    void everyShapeBecomesATypedPredicateWithConstantsEvaluatedByDuckDb() {
        ReadHints hints = hints("select * from staging.src_pg__orders o where 3 < o.id and o.d = date '2026-01-31'"
                + " and ts >= timestamp '2026-01-31 10:00:00.25' and amount between -1.5 and 10.25 and flag and not gone"
                + " and note is not null and other is null and code in (1 + 1, 7) and name <> 'O''Brien'"
                + " and created > '2026-01-01' and n = 12345678901234567890.5", null);
        assertThat(hints.predicates()).containsExactly(
                new ReadPredicate.Comparison("id", Operator.GREATER, Value.of(3L)),
                new ReadPredicate.Comparison("d", Operator.EQUAL, Value.of(LocalDate.of(2026, 1, 31))),
                new ReadPredicate.Comparison("ts", Operator.GREATER_OR_EQUAL,
                        Value.of(LocalDateTime.of(2026, 1, 31, 10, 0, 0, 250_000_000))),
                new ReadPredicate.Between("amount", Value.of(new BigDecimal("-1.5")), Value.of(new BigDecimal("10.25"))),
                new ReadPredicate.Comparison("flag", Operator.EQUAL, Value.of(true)),
                new ReadPredicate.Comparison("gone", Operator.EQUAL, Value.of(false)),
                new ReadPredicate.IsNull("note", true),
                new ReadPredicate.IsNull("other", false),
                new ReadPredicate.In("code", List.of(Value.of(2L), Value.of(7L))),
                new ReadPredicate.Comparison("name", Operator.NOT_EQUAL, Value.of("O'Brien")),
                new ReadPredicate.Comparison("created", Operator.GREATER, Value.of("2026-01-01")),
                new ReadPredicate.Comparison("n", Operator.EQUAL, Value.of(new BigDecimal("12345678901234567890.5"))));
    }

    @Test
    void arithmeticFunctionsAndCastsOnTheColumnStayInDuckDb() {
        for (String where : List.of("id / 2 > 1", "regexp_matches(name, 'a')", "lower(name) = 'x'",
                "cast(id as varchar) = '3'", "id + 0 = 3", "id = other_id", "id is distinct from 3",
                "id not in (1, 2)", "id = null", "coalesce(id, 0) = 1", "id in (1, null)", "id > 3 or id < 1",
                "ts > now()", "id::bigint = 3", "d = interval '1 day'", "id in (1, 2.5)", "id between 1 and 1e3")) {
            ReadHints hints = hints("select * from staging.src_pg__orders where " + where, null);
            assertThat(hints == null ? List.of() : hints.predicates()).as(where).isEmpty();
        }
    }
}
