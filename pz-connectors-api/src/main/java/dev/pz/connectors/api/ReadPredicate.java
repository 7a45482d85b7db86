package dev.pz.connectors.api;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One condition on one column of a dataset that a source may apply while reading, as part of
 * {@link ReadHints#predicates()}: a column compared with a typed value, {@code IN} a list of
 * values, {@code IS [NOT] NULL}, or {@code BETWEEN} two values (inclusive).
 *
 * <p>Meaning: exactly what DuckDB computes for the condition on the staged column, under SQL's
 * three-valued logic (a row stays only where the condition is TRUE; a NULL column value makes
 * every comparison, {@code IN} and {@code BETWEEN} unknown, so the row goes). The staged column has
 * the type the connector reads the source column as; the value has the type DuckDB gave the literal
 * in the pipeline's SQL, and DuckDB compares them the usual way: numbers as numbers (an integer
 * column with a decimal value compares exactly), a {@link ValueType#TEXT} value against a date or
 * timestamp column as that string cast to the column's type, dates and timestamps by the calendar
 * (a date is its midnight), text byte by byte (UTF-8, no collation), booleans with false before
 * true, and for doubles NaN equal to itself and greater than every number.
 *
 * <p>A source applies a predicate only when its own dialect gives the same result for every
 * value the column can hold; otherwise it skips that predicate (the pipeline's own filter runs in
 * DuckDB either way, so skipping is always correct, applying a different meaning never is).
 * Column names are the ones the pipeline wrote; sources resolve them ignoring case.
 */
public sealed interface ReadPredicate {

    /** The dataset column the condition is on. */
    String column();

    /** A short, SQL-like reading for plans and messages, e.g. {@code amount > 500}. */
    String describe();

    /** {@code column <operator> value}. */
    record Comparison(String column, Operator operator, Value value) implements ReadPredicate {
        public Comparison {
            Objects.requireNonNull(column, "column");
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(value, "value");
        }

        @Override
        public String describe() {
            return column + " " + operator.symbol() + " " + value.describe();
        }
    }

    /** {@code column IN (values…)}: at least one value, none null. */
    record In(String column, List<Value> values) implements ReadPredicate {
        public In {
            Objects.requireNonNull(column, "column");
            values = List.copyOf(values);
            if (values.isEmpty()) {
                throw new IllegalArgumentException("IN needs at least one value");
            }
        }

        @Override
        public String describe() {
            return column + " in (" + values.stream().map(Value::describe).collect(Collectors.joining(", ")) + ")";
        }
    }

    /** {@code column IS NULL}, or {@code IS NOT NULL} when negated. */
    record IsNull(String column, boolean negated) implements ReadPredicate {
        public IsNull {
            Objects.requireNonNull(column, "column");
        }

        @Override
        public String describe() {
            return column + (negated ? " is not null" : " is null");
        }
    }

    /** {@code column BETWEEN low AND high}: {@code low <= column AND column <= high}. */
    record Between(String column, Value low, Value high) implements ReadPredicate {
        public Between {
            Objects.requireNonNull(column, "column");
            Objects.requireNonNull(low, "low");
            Objects.requireNonNull(high, "high");
        }

        @Override
        public String describe() {
            return column + " between " + low.describe() + " and " + high.describe();
        }
    }

    /** The comparison operators. */
    enum Operator {
        EQUAL("="),
        NOT_EQUAL("<>"),
        LESS("<"),
        LESS_OR_EQUAL("<="),
        GREATER(">"),
        GREATER_OR_EQUAL(">=");

        private final String symbol;

        Operator(String symbol) {
            this.symbol = symbol;
        }

        /** The standard SQL spelling. */
        public String symbol() {
            return symbol;
        }

        /** Whether the operator orders values (everything but {@code =} and {@code <>}). */
        public boolean orders() {
            return this != EQUAL && this != NOT_EQUAL;
        }

        /** The operator with its sides swapped: {@code 3 < x} is {@code x > 3}. */
        public Operator mirrored() {
            return switch (this) {
                case LESS -> GREATER;
                case LESS_OR_EQUAL -> GREATER_OR_EQUAL;
                case GREATER -> LESS;
                case GREATER_OR_EQUAL -> LESS_OR_EQUAL;
                case EQUAL, NOT_EQUAL -> this;
            };
        }
    }

    /** The value types and the Java class that carries each. */
    enum ValueType {
        BOOLEAN(Boolean.class),
        /** Any integer that fits 64 bits. */
        INTEGER(Long.class),
        /** An exact decimal (DuckDB's DECIMAL). */
        DECIMAL(BigDecimal.class),
        /** A 64-bit float, NaN and the infinities included. */
        DOUBLE(Double.class),
        TEXT(String.class),
        /** A calendar date, years 1 to 9999. */
        DATE(LocalDate.class),
        /** A timestamp without time zone to the microsecond, years 1 to 9999. */
        TIMESTAMP(LocalDateTime.class);

        private final Class<?> javaClass;

        ValueType(Class<?> javaClass) {
            this.javaClass = javaClass;
        }

        public Class<?> javaClass() {
            return javaClass;
        }
    }

    /** A typed, non-null value. */
    record Value(ValueType type, Object value) {
        public Value {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(value, "value");
            if (!type.javaClass().isInstance(value)) {
                throw new IllegalArgumentException(type + " needs a " + type.javaClass().getSimpleName() + ", got "
                        + value.getClass().getSimpleName());
            }
        }

        public static Value of(boolean value) {
            return new Value(ValueType.BOOLEAN, value);
        }

        public static Value of(long value) {
            return new Value(ValueType.INTEGER, value);
        }

        public static Value of(BigDecimal value) {
            return new Value(ValueType.DECIMAL, value);
        }

        public static Value of(double value) {
            return new Value(ValueType.DOUBLE, value);
        }

        public static Value of(String value) {
            return new Value(ValueType.TEXT, value);
        }

        public static Value of(LocalDate value) {
            return new Value(ValueType.DATE, value);
        }

        public static Value of(LocalDateTime value) {
            return new Value(ValueType.TIMESTAMP, value);
        }

        /** {@code 'text'}, {@code date '2026-01-01'}, {@code 2.50}, {@code true} … */
        public String describe() {
            return switch (type) {
                case TEXT -> "'" + ((String) value).replace("'", "''") + "'";
                case DATE -> "date '" + value + "'";
                case TIMESTAMP -> "timestamp '" + value.toString().replace('T', ' ') + "'";
                case DECIMAL -> ((BigDecimal) value).toPlainString();
                case BOOLEAN, INTEGER, DOUBLE -> String.valueOf(value);
            };
        }
    }
}
