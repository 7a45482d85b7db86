package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.DatasetSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The select a read sends: table mode with projection and bounds, query mode verbatim. */
class SqlServerReadQueryTest {

    private static final List<SqlServerColumn> ORDERS = List.of(new SqlServerColumn("id", "bigint", 19, 0),
            new SqlServerColumn("updated_at", "datetime2", 27, 7), new SqlServerColumn("legacy_ts", "datetime", 23, 3),
            new SqlServerColumn("small_ts", "smalldatetime", 16, 0), new SqlServerColumn("day", "date", 10, 0));

    private static DatasetSpec entity(String entity) {
        return DatasetSpec.of("ms", entity, Map.of(), null);
    }

    private static DatasetSpec incremental(String cursor, String lower, boolean inclusive, String upper) {
        return new DatasetSpec("ms", "orders", Map.of(), null, new DatasetSpec.Watermark(cursor, lower, inclusive, upper));
    }

    private static String select(DatasetSpec spec, List<String> columns, List<String> conjuncts) {
        return SqlServerReadQuery.select(spec, SqlServerReadQuery.projection(spec, columns), conjuncts, ORDERS);
    }

    @Test
    void aTableReadSelectsEveryColumnOfTheEntity() {
        assertThat(select(entity("orders"), null, List.of())).isEqualTo("select * from [dbo].[orders]");
        assertThat(select(entity("sales.orders"), null, List.of())).isEqualTo("select * from [sales].[orders]");
    }

    @Test
    void pruningProjectsTheQuotedColumns() {
        assertThat(select(entity("orders"), List.of("id", "na]me"), List.of()))
                .isEqualTo("select [id], [na]]me] from [dbo].[orders]");
    }

    @Test
    void hintsWinOverTheContractWhichWinsOverEveryColumn() {
        Map<String, String> contract = new LinkedHashMap<>();
        contract.put("id", "bigint");
        contract.put("status", "varchar");
        DatasetSpec spec = DatasetSpec.of("ms", "orders", Map.of(), contract);
        assertThat(SqlServerReadQuery.projectedColumns(spec, List.of("id"))).containsExactly("id");
        assertThat(SqlServerReadQuery.projectedColumns(spec, null)).containsExactly("id", "status");
        assertThat(SqlServerReadQuery.projectedColumns(entity("orders"), null)).isNull();
    }

    @Test
    void conjunctsWatermarkAndWindowJoinWithAndEachParenthesized() {
        String sql = select(incremental("updated_at", "2026-01-01T00:00:00.000000", false,
                "2026-02-01T00:00:00.000000"), null, List.of("([id] > 10 or [id] < 2)"));
        assertThat(sql).isEqualTo("select * from [dbo].[orders] where ([id] > 10 or [id] < 2) "
                + "and ([updated_at] > '2026-01-01T00:00:00.000000') "
                + "and ([updated_at] <= '2026-02-01T00:00:00.000000')");
    }

    @Test
    void anInclusiveLowerBoundUsesGreaterOrEqual() {
        assertThat(select(incremental("updated_at", "2020-01-01T00:00:00.000000", true, null), null, List.of()))
                .isEqualTo("select * from [dbo].[orders] where ([updated_at] >= '2020-01-01T00:00:00.000000')");
    }

    @Test
    void theWatermarkIsQuoteDoubledAndTheColumnNeverCast() {
        String sql = select(incremental("c", "o'brien", false, null), null, List.of());
        assertThat(sql).contains("([c] > 'o''brien')").doesNotContain("cast([c]");
    }

    @Test
    void aCursorWithoutAStoredValueAddsNoLowerBound() {
        assertThat(select(incremental("updated_at", null, false, null), null, List.of()))
                .isEqualTo(select(entity("orders"), null, List.of()));
        assertThat(select(incremental("updated_at", null, false, "2026-02-01T00:00:00.000000"), null, List.of()))
                .isEqualTo("select * from [dbo].[orders] where ([updated_at] <= '2026-02-01T00:00:00.000000')");
    }

    @Test
    void datetimeCursorsCompareWithADatetime2LiteralBecauseTheyCannotParseSixDigits() {
        assertThat(select(incremental("legacy_ts", "2026-01-01T10:00:00.123456", false, "2026-01-02T00:00:00.000000"),
                null, List.of())).isEqualTo("select * from [dbo].[orders] where "
                        + "([legacy_ts] > cast('2026-01-01T10:00:00.123456' as datetime2(7))) "
                        + "and ([legacy_ts] <= cast('2026-01-02T00:00:00.000000' as datetime2(7)))");
        assertThat(select(incremental("small_ts", "2026-01-01T10:00:00.000000", true, null), null, List.of()))
                .contains("([small_ts] >= cast('2026-01-01T10:00:00.000000' as datetime2(7)))");
    }

    @Test
    void otherCursorTypesTakeTheUntypedLiteral() {
        assertThat(select(incremental("id", "42", false, null), null, List.of())).endsWith("where ([id] > '42')");
        assertThat(select(incremental("day", "2026-01-01", false, null), null, List.of()))
                .endsWith("where ([day] > '2026-01-01')");
        assertThat(select(incremental("Updated_At", "2026-01-01T00:00:00.000000", false, null), null, List.of()))
                .endsWith("where ([Updated_At] > '2026-01-01T00:00:00.000000')");
    }

    @Test
    void aQueryIsSentAsWrittenWithoutPushdown() {
        DatasetSpec spec = new DatasetSpec("ms", "recent", Map.of("query", "select 1 as x;"), null,
                new DatasetSpec.Watermark("x", "1", false, "9"));
        assertThat(SqlServerReadQuery.isQuery(spec)).isTrue();
        assertThat(SqlServerReadQuery.select(spec, SqlServerReadQuery.projection(spec, List.of("x")),
                List.of("([x] = 1)"), List.of())).isEqualTo("select 1 as x");
    }

    @Test
    void aBlankQueryReadsTheEntity() {
        DatasetSpec spec = DatasetSpec.of("ms", "orders", Map.of("query", "  "), null);
        assertThat(SqlServerReadQuery.isQuery(spec)).isFalse();
        assertThat(SqlServerReadQuery.projection(spec, null)).isEqualTo("select * from [dbo].[orders]");
    }
}
