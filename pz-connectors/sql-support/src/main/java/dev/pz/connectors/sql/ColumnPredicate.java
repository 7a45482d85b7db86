package dev.pz.connectors.sql;

import java.util.List;
import java.util.Objects;

/**
 * One comparison of a column with constant values: the shape of predicate a database connector
 * renders in its own dialect (never the engine's DuckDB SQL text). Values are Long, BigDecimal,
 * Double, String, Boolean, LocalDate or LocalDateTime; {@code IS_NULL} and {@code IS_NOT_NULL}
 * take none, {@code IN} one or more, the others exactly one.
 */
public record ColumnPredicate(String column, Operator operator, List<Object> values) {

    public enum Operator {
        EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">="), IN("in"), IS_NULL("is null"), IS_NOT_NULL("is not null");

        private final String sql;

        Operator(String sql) {
            this.sql = sql;
        }

        public String sql() {
            return sql;
        }
    }

    public ColumnPredicate {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(operator, "operator");
        values = List.copyOf(values);
        int expected = switch (operator) {
            case IS_NULL, IS_NOT_NULL -> 0;
            case IN -> -1;
            default -> 1;
        };
        if (expected >= 0 ? values.size() != expected : values.isEmpty()) {
            throw new IllegalArgumentException("operator " + operator + " cannot take " + values.size() + " values");
        }
    }
}
