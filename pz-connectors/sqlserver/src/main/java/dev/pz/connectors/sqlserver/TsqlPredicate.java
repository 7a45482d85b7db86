package dev.pz.connectors.sqlserver;

import java.util.List;
import java.util.Objects;

/**
 * One conjunct of a reader's filter in structured form: a column, an operator and typed values
 * ({@code Long}, {@code Integer}, {@code BigDecimal}, {@code Double}, {@code String},
 * {@code Boolean}, {@code LocalDate}, {@code LocalDateTime} as a UTC wall clock, {@code Instant}).
 * {@code IN} takes one or more values, {@code BETWEEN} two, the null tests none, the comparisons one.
 */
record TsqlPredicate(String column, Operator operator, List<Object> values) {

    TsqlPredicate {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(operator, "operator");
        values = values == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(values));
    }

    static TsqlPredicate of(String column, Operator operator, Object... values) {
        return new TsqlPredicate(column, operator, java.util.Arrays.asList(values));
    }

    /** The operators a pushed conjunct may use. */
    enum Operator {
        EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">="), IN("in"), BETWEEN("between"), IS_NULL("is null"),
        IS_NOT_NULL("is not null");

        private final String sql;

        Operator(String sql) {
            this.sql = sql;
        }

        String sql() {
            return sql;
        }

        boolean isComparison() {
            return this == EQ || this == NE || this == LT || this == LE || this == GT || this == GE;
        }
    }
}
