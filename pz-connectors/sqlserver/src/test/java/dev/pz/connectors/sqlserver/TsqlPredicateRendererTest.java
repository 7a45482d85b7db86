package dev.pz.connectors.sqlserver;

import static dev.pz.connectors.api.ReadPredicate.Operator.EQUAL;
import static dev.pz.connectors.api.ReadPredicate.Operator.GREATER;
import static dev.pz.connectors.api.ReadPredicate.Operator.GREATER_OR_EQUAL;
import static dev.pz.connectors.api.ReadPredicate.Operator.LESS;
import static dev.pz.connectors.api.ReadPredicate.Operator.LESS_OR_EQUAL;
import static dev.pz.connectors.api.ReadPredicate.Operator.NOT_EQUAL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.ReadPredicate;
import dev.pz.connectors.api.ReadPredicate.Operator;
import dev.pz.connectors.api.ReadPredicate.Value;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The engine's structured predicates rendered as T-SQL only where the server keeps at least DuckDB's
 * rows; text only under a binary collation.
 */
class TsqlPredicateRendererTest {

    private static final Map<String, String> COLLATIONS = Map.of("code", "Latin1_General_100_BIN2",
            "name", "Latin1_General_BIN", "fixed", "SQL_Latin1_General_CP1_CI_AS", "utf8", "Latin1_General_100_BIN2_UTF8",
            "memo", "Latin1_General_100_BIN2");

    private static final TsqlPredicateRenderer RENDERER = new TsqlPredicateRenderer(List.of(
            column("id", "bigint"), column("qty", "int"), column("amount", "decimal"), column("price", "money"),
            column("ratio", "float"), column("f32", "real"), column("code", "varchar"), column("name", "nvarchar"),
            column("fixed", "char"), column("utf8", "varchar"), column("plain", "varchar"), column("memo", "ntext"),
            column("guid", "uniqueidentifier"), column("flag", "bit"), column("day", "date"), column("ts", "datetime2"),
            column("small", "smalldatetime"), column("dto", "datetimeoffset"), column("legacy", "datetime"),
            column("blob", "varbinary"), column("weird]col", "int")), COLLATIONS);

    private static final LocalDateTime NOON = LocalDateTime.of(2026, 1, 2, 12, 0, 0, 123_456_000);

    private static SqlServerColumn column(String name, String type) {
        return new SqlServerColumn(name, type, 0, type.startsWith("datetime") ? 7 : 0);
    }

    private static Optional<String> compare(String column, Operator operator, Value value) {
        return RENDERER.render(new ReadPredicate.Comparison(column, operator, value));
    }

    private static Optional<String> in(String column, Value... values) {
        return RENDERER.render(new ReadPredicate.In(column, Arrays.asList(values)));
    }

    private static Optional<String> between(String column, Value low, Value high) {
        return RENDERER.render(new ReadPredicate.Between(column, low, high));
    }

    private static Value decimal(String text) {
        return Value.of(new BigDecimal(text));
    }

    @Test
    void numbersTakeEveryOperator() {
        assertThat(compare("id", GREATER, Value.of(10L))).contains("[id] > 10");
        assertThat(compare("id", GREATER_OR_EQUAL, Value.of(10L))).contains("[id] >= 10");
        assertThat(compare("id", LESS, Value.of(-3L))).contains("[id] < -3");
        assertThat(compare("id", LESS_OR_EQUAL, Value.of(Long.MAX_VALUE))).contains("[id] <= 9223372036854775807");
        assertThat(compare("qty", NOT_EQUAL, Value.of(0L))).contains("[qty] <> 0");
        assertThat(in("qty", Value.of(1L), Value.of(2L), Value.of(3L))).contains("[qty] in (1, 2, 3)");
        assertThat(between("qty", Value.of(1L), Value.of(5L))).contains("[qty] between 1 and 5");
        assertThat(compare("amount", GREATER, decimal("12.50"))).contains("[amount] > 12.50");
        assertThat(compare("amount", LESS, decimal("1E+3"))).contains("[amount] < 1000");
        assertThat(compare("price", GREATER_OR_EQUAL, decimal("-0.0001"))).contains("[price] >= -0.0001");
        assertThat(compare("ratio", LESS, Value.of(0.5))).contains("[ratio] < 0.5E0");
        assertThat(compare("ratio", GREATER, Value.of(1.0e-5))).contains("[ratio] > 1.0E-5");
        assertThat(compare("ratio", EQUAL, decimal("0.1"))).contains("[ratio] = 0.1");
        assertThat(compare("amount", EQUAL, Value.of(1.5))).contains("[amount] = 1.5E0");
    }

    @Test
    void realTakesOnlyDoublesBecauseTheServerRoundsOtherValuesTo32Bits() {
        assertThat(compare("f32", GREATER, Value.of(2.5))).contains("[f32] > 2.5E0");
        assertThat(compare("f32", GREATER, decimal("0.1"))).as("0.1 rounds to the real 0.1 the row holds").isEmpty();
        assertThat(compare("f32", LESS, Value.of(16_777_217L))).isEmpty();
    }

    @Test
    void numbersWithoutAnExactLiteralStayWithDuckDb() {
        assertThat(compare("ratio", GREATER, Value.of(Double.NaN))).isEmpty();
        assertThat(compare("ratio", GREATER, Value.of(Double.POSITIVE_INFINITY))).isEmpty();
        assertThat(compare("amount", EQUAL, decimal("1" + "0".repeat(40)))).isEmpty();
        assertThat(compare("id", EQUAL, Value.of("10"))).isEmpty();
        assertThat(compare("id", EQUAL, Value.of(true))).isEmpty();
        assertThat(in("qty", Value.of(1L), Value.of("2"))).as("one value that cannot be rendered").isEmpty();
    }

    @Test
    void textTakesOnlyEqualityAndInUnderABinaryCollation() {
        assertThat(compare("code", EQUAL, Value.of("shipped"))).contains("[code] = 'shipped'");
        assertThat(in("code", Value.of("a"), Value.of("b'c"))).contains("[code] in ('a', 'b''c')");
        assertThat(compare("name", EQUAL, Value.of("plain"))).as("_BIN").contains("[name] = N'plain'");
        assertThat(compare("utf8", EQUAL, Value.of("x"))).as("_BIN2_UTF8").contains("[utf8] = 'x'");
        for (Operator operator : List.of(NOT_EQUAL, LESS, LESS_OR_EQUAL, GREATER, GREATER_OR_EQUAL)) {
            assertThat(compare("code", operator, Value.of("m"))).as(operator.name()).isEmpty();
        }
        assertThat(between("code", Value.of("a"), Value.of("m"))).isEmpty();
        assertThat(compare("code", EQUAL, Value.of(5L))).isEmpty();
    }

    @Test
    void textUnderALinguisticOrUnknownCollationStaysWithDuckDb() {
        assertThat(compare("fixed", EQUAL, Value.of("abc"))).as("case-insensitive collation").isEmpty();
        assertThat(in("fixed", Value.of("abc"))).isEmpty();
        assertThat(compare("plain", EQUAL, Value.of("abc"))).as("no collation known").isEmpty();
        assertThat(TsqlPredicateRenderer.comparesText(column("plain", "varchar"))).isTrue();
        assertThat(TsqlPredicateRenderer.comparesText(column("id", "bigint"))).isFalse();
    }

    @Test
    void nonAsciiTextAndUnicodeColumnsTakeNvarcharLiterals() {
        assertThat(compare("code", EQUAL, Value.of("café"))).contains("[code] = N'café'");
        assertThat(in("name", Value.of("日本"), Value.of("x"))).contains("[name] in (N'日本', N'x')");
    }

    @Test
    void largeObjectTextAndBinaryAndDatetimeTakeOnlyNullTests() {
        assertThat(compare("memo", EQUAL, Value.of("x"))).isEmpty();
        assertThat(compare("blob", EQUAL, Value.of("AA"))).isEmpty();
        assertThat(compare("legacy", GREATER, Value.of(NOON))).isEmpty();
        assertThat(RENDERER.render(new ReadPredicate.IsNull("memo", false))).contains("[memo] is null");
        assertThat(RENDERER.render(new ReadPredicate.IsNull("blob", true))).contains("[blob] is not null");
        assertThat(RENDERER.render(new ReadPredicate.IsNull("legacy", false))).contains("[legacy] is null");
    }

    @Test
    void guidsTakeEqualityWithWellFormedValuesOnly() {
        String guid = "11111111-2222-3333-4444-555555555555";
        assertThat(compare("guid", EQUAL, Value.of(guid))).contains("[guid] = '" + guid + "'");
        assertThat(in("guid", Value.of(guid), Value.of(guid.toUpperCase()))).contains("[guid] in ('" + guid + "', '"
                + guid.toUpperCase() + "')");
        assertThat(compare("guid", EQUAL, Value.of("not-a-guid"))).isEmpty();
        assertThat(in("guid", Value.of(guid), Value.of("1-1-1-1-1"))).isEmpty();
        assertThat(compare("guid", GREATER, Value.of(guid))).isEmpty();
    }

    @Test
    void bitsTakeEqualityWithBooleans() {
        assertThat(compare("flag", EQUAL, Value.of(true))).contains("[flag] = 1");
        assertThat(compare("flag", NOT_EQUAL, Value.of(false))).contains("[flag] <> 0");
        assertThat(compare("flag", GREATER, Value.of(false))).isEmpty();
        assertThat(compare("flag", EQUAL, Value.of(1L))).isEmpty();
    }

    @Test
    void datesTakeEveryOperatorWithCastLiterals() {
        LocalDate day = LocalDate.of(2026, 3, 27);
        assertThat(compare("day", GREATER_OR_EQUAL, Value.of(day))).contains("[day] >= cast('2026-03-27' as date)");
        assertThat(between("day", Value.of(day), Value.of(day.plusDays(3))))
                .contains("[day] between cast('2026-03-27' as date) and cast('2026-03-30' as date)");
        assertThat(in("day", Value.of(day))).contains("[day] in (cast('2026-03-27' as date))");
        assertThat(compare("day", EQUAL, Value.of(NOON))).isEmpty();
        assertThat(compare("day", EQUAL, Value.of("2026-03-27"))).as("text is DuckDB's to cast").isEmpty();
    }

    @Test
    void timestampsAreRewrittenForTheReadersTruncationToMicroseconds() {
        String at = "cast('2026-01-02 12:00:00.123456' as datetime2(6))";
        String after = "cast('2026-01-02 12:00:00.123457' as datetime2(6))";
        Value noon = Value.of(NOON);
        assertThat(compare("ts", GREATER, noon)).contains("[ts] >= " + after);
        assertThat(compare("ts", GREATER_OR_EQUAL, noon)).contains("[ts] >= " + at);
        assertThat(compare("ts", LESS, noon)).contains("[ts] < " + at);
        assertThat(compare("ts", LESS_OR_EQUAL, noon)).contains("[ts] < " + after);
        assertThat(compare("ts", EQUAL, noon)).contains("[ts] >= " + at + " and [ts] < " + after);
        assertThat(compare("ts", NOT_EQUAL, noon)).contains("[ts] < " + at + " or [ts] >= " + after);
        assertThat(between("ts", Value.of(NOON.minusDays(1)), noon))
                .contains("[ts] >= cast('2026-01-01 12:00:00.123456' as datetime2(6)) and [ts] < " + after);
        assertThat(in("ts", noon, Value.of(NOON.plusSeconds(1)))).contains("([ts] >= " + at + " and [ts] < " + after
                + ") or ([ts] >= cast('2026-01-02 12:00:01.123456' as datetime2(6)) and [ts] < "
                + "cast('2026-01-02 12:00:01.123457' as datetime2(6)))");
        assertThat(compare("small", GREATER, noon)).contains("[small] >= " + after);
        assertThat(compare("dto", GREATER_OR_EQUAL, noon))
                .contains("[dto] >= cast('2026-01-02 12:00:00.123456 +00:00' as datetimeoffset(6))");
    }

    @Test
    void timestampsOutOfRangeOrOfAnotherTypeStayWithDuckDb() {
        assertThat(compare("ts", LESS_OR_EQUAL, Value.of(LocalDateTime.of(9_999, 12, 31, 23, 59, 59, 999_999_000))))
                .isEmpty();
        assertThat(compare("ts", GREATER, Value.of(LocalDate.of(2026, 1, 1)))).isEmpty();
        assertThat(compare("ts", EQUAL, Value.of("2026-01-01"))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void nullTestsWorkOnEveryColumn(boolean negated) {
        assertThat(RENDERER.render(new ReadPredicate.IsNull("weird]col", negated)))
                .contains("[weird]]col] " + (negated ? "is not null" : "is null"));
    }

    @Test
    void unknownColumnsAreNeverPushed() {
        assertThat(RENDERER.render(new ReadPredicate.IsNull("nope", false))).isEmpty();
        assertThat(compare("nope", EQUAL, Value.of(1L))).isEmpty();
    }

    @Test
    void columnsMatchCaseInsensitivelyAndKeepTheirCatalogSpelling() {
        assertThat(compare("ID", GREATER, Value.of(1L))).contains("[id] > 1");
        assertThat(compare("CODE", EQUAL, Value.of("x"))).as("the collation too").contains("[code] = 'x'");
    }

    @Test
    void aConjunctionKeepsThePushablePredicatesEachParenthesized() {
        List<String> rendered = RENDERER.renderAll(List.of(new ReadPredicate.Comparison("id", GREATER, Value.of(10L)),
                new ReadPredicate.Comparison("code", NOT_EQUAL, Value.of("x")),
                new ReadPredicate.Comparison("ts", EQUAL, Value.of(NOON)), new ReadPredicate.IsNull("flag", false)));
        assertThat(rendered).containsExactly("([id] > 10)",
                "([ts] >= cast('2026-01-02 12:00:00.123456' as datetime2(6)) and [ts] < "
                        + "cast('2026-01-02 12:00:00.123457' as datetime2(6)))",
                "([flag] is null)");
        assertThat(RENDERER.renderAll(List.of())).isEmpty();
    }
}
