package dev.pz.connectors.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.ReadPredicate;
import dev.pz.connectors.api.ReadPredicate.Operator;
import dev.pz.connectors.api.ReadPredicate.Value;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which predicates become PostgreSQL conditions, and how they read (the server checks are the differential test's). */
class PostgresPredicatesTest {
    private static final PostgresPredicates.Column INT = column("Qty", "int4");
    private static final PostgresPredicates.Column NUMERIC = column("amount", "numeric");
    private static final PostgresPredicates.Column DOUBLE = column("score", "float8");
    private static final PostgresPredicates.Column TEXT_C = new PostgresPredicates.Column("name", "text", true, true);
    private static final PostgresPredicates.Column TEXT_LOCALE = new PostgresPredicates.Column("name", "text", true, false);
    private static final PostgresPredicates.Column TEXT_NONDETERMINISTIC =
            new PostgresPredicates.Column("name", "varchar", false, false);
    private static final PostgresPredicates.Column PADDED = new PostgresPredicates.Column("code", "bpchar", true, true);
    private static final PostgresPredicates.Column DATE = column("day", "date");
    private static final PostgresPredicates.Column TIMESTAMPTZ = column("at", "timestamptz");
    private static final PostgresPredicates.Column TIMESTAMP = column("local", "timestamp");
    private static final PostgresPredicates.Column BOOL = column("flag", "bool");

    private static PostgresPredicates.Column column(String name, String type) {
        return new PostgresPredicates.Column(name, type, false, false);
    }

    private static Optional<String> render(ReadPredicate predicate, PostgresPredicates.Column column) {
        return PostgresPredicates.render(predicate, column);
    }

    private static ReadPredicate compare(String column, Operator operator, Value value) {
        return new ReadPredicate.Comparison(column, operator, value);
    }

    @Test
    void numbersCompareWhereBothEnginesConvertAlike() {
        assertThat(render(compare("qty", Operator.GREATER, Value.of(-3L)), INT)).contains("\"Qty\" > -3");
        assertThat(render(compare("qty", Operator.LESS, Value.of(new BigDecimal("2.5"))), INT)).contains("\"Qty\" < 2.5");
        assertThat(render(compare("qty", Operator.EQUAL, Value.of(Double.NaN)), INT)).contains("\"Qty\" = 'NaN'::float8");
        assertThat(render(compare("amount", Operator.EQUAL, Value.of(new BigDecimal("10.125"))), NUMERIC))
                .contains("\"amount\" = 10.125");
        assertThat(render(compare("amount", Operator.EQUAL, Value.of(0.1)), NUMERIC)).as("double vs numeric").isEmpty();
        assertThat(render(compare("amount", Operator.EQUAL, Value.of(new BigDecimal("0.0000000001"))), NUMERIC))
                .as("more fraction digits than DECIMAL(38,9)").isEmpty();
        assertThat(render(compare("score", Operator.GREATER_OR_EQUAL, Value.of(new BigDecimal("0.1"))), DOUBLE))
                .contains("\"score\" >= '0.1'::float8");
        assertThat(render(compare("score", Operator.GREATER, Value.of(new BigDecimal("12345678901234567.5"))), DOUBLE))
                .as("a decimal DuckDB may round twice").isEmpty();
        assertThat(render(compare("score", Operator.LESS, Value.of(Double.NEGATIVE_INFINITY)), DOUBLE))
                .contains("\"score\" < '-Infinity'::float8");
        assertThat(render(compare("qty", Operator.EQUAL, Value.of("3")), INT)).as("text vs a number").isEmpty();
    }

    @Test
    void textFollowsTheCollation() {
        ReadPredicate equal = compare("name", Operator.EQUAL, Value.of("O'Brien \\ é"));
        ReadPredicate greater = compare("name", Operator.GREATER, Value.of("m"));
        assertThat(render(equal, TEXT_LOCALE)).contains("\"name\" = E'O''Brien \\\\ é'");
        assertThat(render(greater, TEXT_LOCALE)).isEmpty();
        assertThat(render(greater, TEXT_C)).contains("\"name\" > E'm'");
        assertThat(render(new ReadPredicate.Between("name", Value.of("a"), Value.of("m")), TEXT_C))
                .contains("\"name\" between E'a' and E'm'");
        assertThat(render(equal, TEXT_NONDETERMINISTIC)).isEmpty();
        assertThat(render(equal, PADDED)).as("char(n) ignores trailing blanks").isEmpty();
        assertThat(render(compare("name", Operator.EQUAL, Value.of("a\0b")), TEXT_C)).isEmpty();
    }

    @Test
    void datesAndTimestampsBecomeTypedLiteralsAndTimestamptzIsUtc() {
        assertThat(render(compare("day", Operator.GREATER_OR_EQUAL, Value.of("2026-01-31")), DATE))
                .contains("\"day\" >= '2026-01-31 00:00:00.000000'::timestamp");
        assertThat(render(compare("day", Operator.EQUAL, Value.of("2026-01-31 10:00")), DATE)).isEmpty();
        assertThat(render(compare("day", Operator.EQUAL, Value.of("31/01/2026")), DATE)).isEmpty();
        assertThat(render(compare("at", Operator.LESS, Value.of(LocalDateTime.of(2026, 1, 31, 10, 0, 0, 1000))),
                TIMESTAMPTZ)).contains("\"at\" < '2026-01-31 10:00:00.000001+00'::timestamptz");
        assertThat(render(compare("at", Operator.LESS, Value.of("2026-01-31T10:00")), TIMESTAMPTZ))
                .contains("\"at\" < '2026-01-31 10:00:00.000000+00'::timestamptz");
        assertThat(render(compare("local", Operator.GREATER, Value.of(LocalDate.of(2026, 2, 1))), TIMESTAMP))
                .contains("\"local\" > '2026-02-01 00:00:00.000000'::timestamp");
        assertThat(render(compare("local", Operator.GREATER, Value.of("2026-02-30")), TIMESTAMP)).isEmpty();
        assertThat(render(compare("local", Operator.GREATER, Value.of(LocalDate.of(0, 1, 1))), TIMESTAMP))
                .as("no year 0 in PostgreSQL").isEmpty();
    }

    @Test
    void nullsBooleansListsAndUnknownColumns() {
        assertThat(render(new ReadPredicate.IsNull("code", true), PADDED)).contains("\"code\" is not null");
        assertThat(render(compare("flag", Operator.EQUAL, Value.of(true)), BOOL)).contains("\"flag\" = true");
        assertThat(render(new ReadPredicate.In("qty", List.of(Value.of(1L), Value.of(2L))), INT))
                .contains("\"Qty\" in (1, 2)");
        assertThat(render(new ReadPredicate.In("name", List.of(Value.of("a"), Value.of("b"))), TEXT_NONDETERMINISTIC))
                .isEmpty();
        assertThat(PostgresPredicates.render(List.of(compare("QTY", Operator.EQUAL, Value.of(1L)),
                compare("missing", Operator.EQUAL, Value.of(1L))), Map.of("qty", INT))).containsExactly("\"Qty\" = 1");
    }
}
