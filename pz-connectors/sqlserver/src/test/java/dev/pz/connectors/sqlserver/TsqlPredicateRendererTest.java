package dev.pz.connectors.sqlserver;

import static dev.pz.connectors.sqlserver.TsqlPredicate.Operator.BETWEEN;
import static dev.pz.connectors.sqlserver.TsqlPredicate.Operator.EQ;
import static dev.pz.connectors.sqlserver.TsqlPredicate.Operator.GE;
import static dev.pz.connectors.sqlserver.TsqlPredicate.Operator.GT;
import static dev.pz.connectors.sqlserver.TsqlPredicate.Operator.IN;
import static dev.pz.connectors.sqlserver.TsqlPredicate.Operator.IS_NOT_NULL;
import static dev.pz.connectors.sqlserver.TsqlPredicate.Operator.IS_NULL;
import static dev.pz.connectors.sqlserver.TsqlPredicate.Operator.LE;
import static dev.pz.connectors.sqlserver.TsqlPredicate.Operator.LT;
import static dev.pz.connectors.sqlserver.TsqlPredicate.Operator.NE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.sqlserver.TsqlPredicate.Operator;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Structured conjuncts rendered as T-SQL only where the server keeps at least DuckDB's rows. */
class TsqlPredicateRendererTest {

    private static final TsqlPredicateRenderer RENDERER = new TsqlPredicateRenderer(List.of(
            column("id", "bigint"), column("qty", "int"), column("amount", "decimal"), column("price", "money"),
            column("ratio", "float"), column("f32", "real"), column("code", "varchar"), column("name", "nvarchar"),
            column("fixed", "char"), column("memo", "ntext"), column("guid", "uniqueidentifier"), column("flag", "bit"),
            column("day", "date"), column("ts", "datetime2"), column("ts3", "datetime2"), column("small", "smalldatetime"),
            column("dto", "datetimeoffset"), column("legacy", "datetime"), column("blob", "varbinary"),
            column("weird]col", "int")));

    private static final LocalDateTime NOON = LocalDateTime.of(2026, 1, 2, 12, 0, 0, 123_456_000);

    private static SqlServerColumn column(String name, String type) {
        return new SqlServerColumn(name, type, 0, type.startsWith("datetime") ? 7 : 0);
    }

    private static Optional<String> render(String column, Operator operator, Object... values) {
        return RENDERER.render(new TsqlPredicate(column, operator, Arrays.asList(values)));
    }

    @Test
    void numbersTakeEveryOperator() {
        assertThat(render("id", GT, 10L)).contains("[id] > 10");
        assertThat(render("id", GE, 10)).contains("[id] >= 10");
        assertThat(render("id", LT, (short) 3)).contains("[id] < 3");
        assertThat(render("id", LE, (byte) 3)).contains("[id] <= 3");
        assertThat(render("id", EQ, BigInteger.TEN.pow(20))).contains("[id] = 100000000000000000000");
        assertThat(render("qty", NE, 0L)).contains("[qty] <> 0");
        assertThat(render("qty", IN, 1L, 2L, 3L)).contains("[qty] in (1, 2, 3)");
        assertThat(render("qty", BETWEEN, 1L, 5L)).contains("[qty] between 1 and 5");
        assertThat(render("amount", GT, new BigDecimal("12.50"))).contains("[amount] > 12.50");
        assertThat(render("amount", LT, new BigDecimal("1E+3"))).contains("[amount] < 1000");
        assertThat(render("price", GE, new BigDecimal("-0.0001"))).contains("[price] >= -0.0001");
        assertThat(render("ratio", LT, 0.5)).contains("[ratio] < 0.5E0");
        assertThat(render("ratio", GT, 1.0e-5)).contains("[ratio] > 1.0E-5");
        assertThat(render("f32", EQ, 2.5f)).contains("[f32] = 2.5E0");
        assertThat(render("amount", EQ, 1.5)).contains("[amount] = 1.5E0");
    }

    @Test
    void numbersWithoutAnExactLiteralStayWithDuckDb() {
        assertThat(render("ratio", GT, Double.NaN)).isEmpty();
        assertThat(render("ratio", GT, Double.POSITIVE_INFINITY)).isEmpty();
        assertThat(render("amount", EQ, new BigDecimal("1" + "0".repeat(40)))).isEmpty();
        assertThat(render("id", EQ, BigInteger.TEN.pow(38))).isEmpty();
        assertThat(render("id", EQ, "10")).isEmpty();
        assertThat(render("id", EQ, true)).isEmpty();
    }

    @Test
    void textTakesOnlyEqualityAndInBecauseCollationsMayMatchMore() {
        assertThat(render("code", EQ, "shipped")).contains("[code] = 'shipped'");
        assertThat(render("code", IN, "a", "b'c")).contains("[code] in ('a', 'b''c')");
        assertThat(render("fixed", EQ, "abc")).contains("[fixed] = 'abc'");
        for (Operator operator : List.of(NE, LT, LE, GT, GE)) {
            assertThat(render("code", operator, "m")).as(operator.name()).isEmpty();
        }
        assertThat(render("code", BETWEEN, "a", "m")).isEmpty();
        assertThat(render("code", EQ, 5L)).isEmpty();
    }

    @Test
    void nonAsciiTextAndUnicodeColumnsTakeNvarcharLiterals() {
        assertThat(render("code", EQ, "café")).contains("[code] = N'café'");
        assertThat(render("name", EQ, "plain")).contains("[name] = N'plain'");
        assertThat(render("name", IN, "日本", "x")).contains("[name] in (N'日本', N'x')");
    }

    @Test
    void largeObjectTextAndBinaryAndDatetimeTakeOnlyNullTests() {
        assertThat(render("memo", EQ, "x")).isEmpty();
        assertThat(render("blob", EQ, new byte[] {1})).isEmpty();
        assertThat(render("legacy", GT, NOON)).isEmpty();
        assertThat(render("memo", IS_NULL)).contains("[memo] is null");
        assertThat(render("blob", IS_NOT_NULL)).contains("[blob] is not null");
        assertThat(render("legacy", IS_NULL)).contains("[legacy] is null");
    }

    @Test
    void guidsTakeEqualityWithWellFormedValuesOnly() {
        String guid = "11111111-2222-3333-4444-555555555555";
        assertThat(render("guid", EQ, guid)).contains("[guid] = '" + guid + "'");
        assertThat(render("guid", IN, guid, guid.toUpperCase())).contains("[guid] in ('" + guid + "', '"
                + guid.toUpperCase() + "')");
        assertThat(render("guid", EQ, "not-a-guid")).isEmpty();
        assertThat(render("guid", IN, guid, "1-1-1-1-1")).isEmpty();
        assertThat(render("guid", GT, guid)).isEmpty();
    }

    @Test
    void bitsTakeEqualityWithBooleans() {
        assertThat(render("flag", EQ, true)).contains("[flag] = 1");
        assertThat(render("flag", NE, false)).contains("[flag] <> 0");
        assertThat(render("flag", GT, false)).isEmpty();
        assertThat(render("flag", EQ, 1L)).isEmpty();
    }

    @Test
    void datesTakeEveryOperatorWithCastLiterals() {
        LocalDate day = LocalDate.of(2026, 3, 27);
        assertThat(render("day", GE, day)).contains("[day] >= cast('2026-03-27' as date)");
        assertThat(render("day", BETWEEN, day, day.plusDays(3)))
                .contains("[day] between cast('2026-03-27' as date) and cast('2026-03-30' as date)");
        assertThat(render("day", IN, day)).contains("[day] in (cast('2026-03-27' as date))");
        assertThat(render("day", EQ, NOON)).isEmpty();
        assertThat(render("day", EQ, LocalDate.of(10_000, 1, 1))).isEmpty();
        assertThat(render("day", EQ, LocalDate.of(0, 12, 31))).isEmpty();
    }

    @Test
    void timestampsAreRewrittenForTheReadersTruncationToMicroseconds() {
        String at = "cast('2026-01-02 12:00:00.123456' as datetime2(6))";
        String after = "cast('2026-01-02 12:00:00.123457' as datetime2(6))";
        assertThat(render("ts", GT, NOON)).contains("[ts] >= " + after);
        assertThat(render("ts", GE, NOON)).contains("[ts] >= " + at);
        assertThat(render("ts", LT, NOON)).contains("[ts] < " + at);
        assertThat(render("ts", LE, NOON)).contains("[ts] < " + after);
        assertThat(render("ts", EQ, NOON)).contains("[ts] >= " + at + " and [ts] < " + after);
        assertThat(render("ts", NE, NOON)).contains("[ts] < " + at + " or [ts] >= " + after);
        assertThat(render("ts", BETWEEN, NOON.minusDays(1), NOON))
                .contains("[ts] >= cast('2026-01-01 12:00:00.123456' as datetime2(6)) and [ts] < " + after);
        assertThat(render("ts", IN, NOON, NOON.plusSeconds(1))).contains("([ts] >= " + at + " and [ts] < " + after
                + ") or ([ts] >= cast('2026-01-02 12:00:01.123456' as datetime2(6)) and [ts] < "
                + "cast('2026-01-02 12:00:01.123457' as datetime2(6)))");
        assertThat(render("small", GT, NOON)).contains("[small] >= " + after);
    }

    @Test
    void instantsAndOffsetsBecomeUtcAndDatetimeoffsetColumnsGetOffsetLiterals() {
        Instant instant = NOON.toInstant(ZoneOffset.UTC);
        OffsetDateTime plusTwo = NOON.plusHours(2).atOffset(ZoneOffset.ofHours(2));
        String expected = "[dto] >= cast('2026-01-02 12:00:00.123456 +00:00' as datetimeoffset(6))";
        assertThat(render("dto", GE, instant)).contains(expected);
        assertThat(render("dto", GE, plusTwo)).contains(expected);
        assertThat(render("ts", GE, instant)).contains("[ts] >= cast('2026-01-02 12:00:00.123456' as datetime2(6))");
    }

    @Test
    void timestampsThatAreNotMicrosecondsOrOutOfRangeStayWithDuckDb() {
        assertThat(render("ts", EQ, NOON.plusNanos(1))).isEmpty();
        assertThat(render("ts", LE, LocalDateTime.of(9_999, 12, 31, 23, 59, 59, 999_999_000))).isEmpty();
        assertThat(render("ts", GT, LocalDate.of(2026, 1, 1))).isEmpty();
        assertThat(render("ts", EQ, "2026-01-01")).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(value = Operator.class, names = {"IS_NULL", "IS_NOT_NULL"})
    void nullTestsWorkOnEveryColumnAndTakeNoValue(Operator operator) {
        assertThat(render("weird]col", operator)).contains("[weird]]col] " + operator.sql());
        assertThat(render("id", operator, 1L)).isEmpty();
    }

    @Test
    void wrongArityNullValuesAndUnknownColumnsAreNeverPushed() {
        assertThat(render("id", GT)).isEmpty();
        assertThat(render("id", GT, 1L, 2L)).isEmpty();
        assertThat(render("id", BETWEEN, 1L)).isEmpty();
        assertThat(render("id", IN)).isEmpty();
        assertThat(render("id", EQ, (Object) null)).isEmpty();
        assertThat(render("id", IN, 1L, null)).isEmpty();
        assertThat(render("nope", IS_NULL)).isEmpty();
    }

    @Test
    void columnsMatchCaseInsensitivelyAndKeepTheirCatalogSpelling() {
        assertThat(render("ID", GT, 1L)).contains("[id] > 1");
    }

    @Test
    void aConjunctionKeepsThePushableConjunctsEachParenthesized() {
        List<String> rendered = RENDERER.renderAll(List.of(TsqlPredicate.of("id", GT, 10L),
                TsqlPredicate.of("code", NE, "x"), TsqlPredicate.of("ts", EQ, NOON), TsqlPredicate.of("flag", IS_NULL)));
        assertThat(rendered).containsExactly("([id] > 10)",
                "([ts] >= cast('2026-01-02 12:00:00.123456' as datetime2(6)) and [ts] < "
                        + "cast('2026-01-02 12:00:00.123457' as datetime2(6)))",
                "([flag] is null)");
        assertThat(RENDERER.renderAll(List.of())).isEmpty();
    }
}
