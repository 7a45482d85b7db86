package dev.pz.engine.scaleout;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.ReadPredicate;
import dev.pz.connectors.api.ReadPredicate.Value;
import dev.pz.connectors.api.ReadPredicate.ValueType;
import dev.pz.connectors.api.Source;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Shard ranges: every row, NULLs and values outside the frozen range included, in exactly one shard. */
class ShardCutsTest {

    private static ShardPlan plan(ValueType type, List<String> cuts, int shards) {
        return new ShardPlan("r", "pg.public.t", "pg.public.s", shards, "k", type, cuts, null, null, null, null);
    }

    @Test
    void integerRangesAreCutEvenlyWithExactArithmetic() {
        assertThat(ShardCuts.cuts(Optional.of(new Source.ColumnRange(Value.of(1L), Value.of(20_000L))), 8))
                .containsExactly("2500", "5000", "7500", "10000", "12500", "15000", "17500");
        assertThat(ShardCuts.cuts(Optional.of(new Source.ColumnRange(Value.of(Long.MIN_VALUE),
                Value.of(Long.MAX_VALUE))), 2)).containsExactly("-1");
    }

    @Test
    void datesAndDecimalsAreCutToo() {
        assertThat(ShardCuts.cuts(Optional.of(new Source.ColumnRange(Value.of(LocalDate.of(2026, 1, 1)),
                Value.of(LocalDate.of(2026, 1, 31)))), 3)).containsExactly("2026-01-11", "2026-01-21");
        assertThat(ShardCuts.cuts(Optional.of(new Source.ColumnRange(Value.of(new BigDecimal("0.00")),
                Value.of(new BigDecimal("10.00")))), 4)).containsExactly("2.50", "5.00", "7.50");
    }

    @Test
    void anEmptyOrConstantColumnGivesEveryRowToShardZero() {
        assertThat(ShardCuts.cuts(Optional.empty(), 8)).isEmpty();
        assertThat(ShardCuts.cuts(Optional.of(new Source.ColumnRange(Value.of(5L), Value.of(5L))), 8)).isEmpty();
        ShardPlan constant = plan(ValueType.INTEGER, List.of(), 3);
        assertThat(ShardCuts.keep(constant, 0)).isEqualTo("true");
        assertThat(ShardCuts.keep(constant, 2)).isEqualTo("false");
    }

    @Test
    void everyRowIsKeptByExactlyOneShardInDuckDb() {
        ShardPlan plan = plan(ValueType.INTEGER, ShardCuts.cuts(Optional.of(new Source.ColumnRange(Value.of(10L),
                Value.of(90L))), 4), 4);
        try (DuckSession session = DuckSession.openInMemory(DuckSettings.defaults());
                DuckConnection connection = session.connect()) {
            // Values below, inside and above the frozen range, the cuts themselves, and NULLs.
            connection.execute("create table t as select case when i % 17 = 0 then null else i end as k"
                    + " from range(-50, 150) r(i)");
            List<String> conditions = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                conditions.add("coalesce((" + ShardCuts.keep(plan, i) + "), false)::int");
            }
            Object misplaced = connection.queryScalar("select count(*) from t where " + String.join(" + ", conditions)
                    + " <> 1").orElseThrow();
            assertThat(((Number) misplaced).longValue()).isZero();
        }
    }

    @Test
    void theFirstShardAsksTheConnectorForNothingTheOthersForTheirRange() {
        ShardPlan plan = plan(ValueType.INTEGER, List.of("30", "50", "70"), 4);
        assertThat(ShardCuts.pushdown(plan, 0)).isEmpty();
        assertThat(ShardCuts.pushdown(plan, 1)).extracting(ReadPredicate::describe).containsExactly("k >= 30", "k < 50");
        assertThat(ShardCuts.pushdown(plan, 3)).extracting(ReadPredicate::describe).containsExactly("k >= 70");
    }

    @Test
    void aPlanSurvivesItsJsonForm() {
        ShardPlan plan = new ShardPlan("r-1", "pg.public.t", "pg.public.s", 8, "id", ValueType.INTEGER,
                List.of("1", "2"), "updated_at", new dev.pz.engine.state.Watermark("updated_at", "timestamp",
                        "2026-01-01T00:00:00.000000", "r-0"), "2026-01-02T00:00:00.000000", ValueType.TIMESTAMP);
        assertThat(ShardPlan.parse(plan.toJson())).isEqualTo(plan);
        assertThat(plan.toJson()).endsWith("}\n").doesNotContain("\r");
    }
}
