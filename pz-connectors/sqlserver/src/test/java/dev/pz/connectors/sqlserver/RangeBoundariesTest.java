package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.error.PzConnectorException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Range partitions: boundary literals, the per-partition selects and the partitions option. */
class RangeBoundariesTest {

    @Test
    void integerBoundariesAreExactEndpointsWithEqualWidthInterior() {
        assertThat(RangeBoundaries.integers(0, 100, 4)).containsExactly("0", "25", "50", "75", "100");
        assertThat(RangeBoundaries.integers(0, 7, 3)).containsExactly("0", "2", "4", "7");
        assertThat(RangeBoundaries.integers(-10, -1, 2)).containsExactly("-10", "-6", "-1");
    }

    @Test
    void theWholeBigintRangeDoesNotOverflow() {
        assertThat(RangeBoundaries.integers(Long.MIN_VALUE, Long.MAX_VALUE, 2)).containsExactly(
                Long.toString(Long.MIN_VALUE), "-1", Long.toString(Long.MAX_VALUE));
    }

    @Test
    void decimalBoundariesKeepExactEndpointsAndRoundInteriorDown() {
        assertThat(RangeBoundaries.decimals(new BigDecimal("0.0"), new BigDecimal("10"), 4))
                .containsExactly("0.0", "2.5", "5.0", "7.5", "10");
        assertThat(RangeBoundaries.decimals(new BigDecimal("1"), new BigDecimal("2"), 3))
                .containsExactly("1", "1", "1", "2");
        assertThat(RangeBoundaries.decimals(BigDecimal.ZERO, new BigDecimal("1E+30"), 2))
                .containsExactly("0", "500000000000000000000000000000", "1000000000000000000000000000000");
    }

    @Test
    void doubleBoundariesAreFloatLiteralsWithoutOverflow() {
        assertThat(RangeBoundaries.doubles(0.5, 2.5, 2)).containsExactly("0.5E0", "1.5E0", "2.5E0");
        List<String> extreme = RangeBoundaries.doubles(-Double.MAX_VALUE, Double.MAX_VALUE, 3);
        assertThat(extreme).hasSize(4).noneMatch(text -> text.contains("Infinity") || text.contains("NaN"));
        assertThat(extreme.get(0)).isEqualTo("-1.7976931348623157E308");
        assertThat(extreme.get(3)).isEqualTo("1.7976931348623157E308");
    }

    @Test
    void dateBoundariesAreDateCasts() {
        assertThat(RangeBoundaries.dates(LocalDate.of(2026, 1, 1), LocalDate.of(2026, 1, 5), 2)).containsExactly(
                "cast('2026-01-01' as date)", "cast('2026-01-03' as date)", "cast('2026-01-05' as date)");
    }

    @Test
    void datetimeBoundariesAreDatetime2CastsToTheMicrosecond() {
        assertThat(RangeBoundaries.datetimes(LocalDateTime.of(2026, 1, 1, 0, 0), LocalDateTime.of(2026, 1, 2, 0, 0), 2))
                .containsExactly("cast('2026-01-01 00:00:00.000000' as datetime2(6))",
                        "cast('2026-01-01 12:00:00.000000' as datetime2(6))",
                        "cast('2026-01-02 00:00:00.000000' as datetime2(6))");
        assertThat(RangeBoundaries.datetimes(LocalDateTime.of(2026, 1, 1, 0, 0),
                LocalDateTime.of(2026, 1, 1, 0, 0, 0, 3_000), 3)).containsExactly(
                        "cast('2026-01-01 00:00:00.000000' as datetime2(6))",
                        "cast('2026-01-01 00:00:00.000001' as datetime2(6))",
                        "cast('2026-01-01 00:00:00.000002' as datetime2(6))",
                        "cast('2026-01-01 00:00:00.000003' as datetime2(6))");
    }

    @Test
    void datetimeoffsetBoundariesAreUtcOffsetCasts() {
        assertThat(RangeBoundaries.datetimeoffsets(LocalDateTime.of(2026, 1, 1, 0, 0), LocalDateTime.of(2026, 1, 1, 4, 0),
                2)).containsExactly("cast('2026-01-01 00:00:00.000000 +00:00' as datetimeoffset(6))",
                        "cast('2026-01-01 02:00:00.000000 +00:00' as datetimeoffset(6))",
                        "cast('2026-01-01 04:00:00.000000 +00:00' as datetimeoffset(6))");
    }

    @Test
    void partitionsAreHalfOpenWithAnInclusiveTailAndTheNullsInTheFirst() {
        assertThat(SqlServerPartitioner.partitionSelects("select * from [dbo].[t]", "id", List.of("0", "50", "100")))
                .containsExactly(
                        "select * from (select * from [dbo].[t]) q where (([id] is null or ([id] >= 0 and [id] < 50)))",
                        "select * from (select * from [dbo].[t]) q where (([id] >= 50 and [id] <= 100))");
        assertThat(SqlServerPartitioner.partitionSelects("select 1", "weird]col", List.of("0", "1", "2", "3")))
                .hasSize(3).allMatch(sql -> sql.contains("[weird]]col]"))
                .element(1).isEqualTo("select * from (select 1) q where (([weird]]col] >= 1 and [weird]]col] < 2))");
    }

    @Test
    void thePartitionsOptionIsAnIntegerFromOneToSixteen() {
        assertThat(spec(Map.of()).get(SqlServerOptions.PARTITIONS)).isEqualTo(1);
        assertThat(spec(Map.of("partitions", 16L)).get(SqlServerOptions.PARTITIONS)).isEqualTo(16);
        assertThatThrownBy(() -> spec(Map.of("partitions", 17L)).get(SqlServerOptions.PARTITIONS))
                .isInstanceOf(PzConnectorException.class)
                .hasMessage("dataset 'orders': 'partitions' must be between 1 and 16 (got 17)");
        assertThatThrownBy(() -> spec(Map.of("partitions", "four")).get(SqlServerOptions.PARTITIONS))
                .hasMessage("dataset 'orders': 'partitions' must be an integer (got 'four')");
        assertThatThrownBy(() -> spec(Map.of("partitions", 0L)).get(SqlServerOptions.PARTITIONS))
                .hasMessageContaining("between 1 and 16 (got 0)");
    }

    private static DatasetSpec spec(Map<String, Object> options) {
        return DatasetSpec.of("ms", "orders", options, null);
    }
}
