package dev.pz.connectors.mysql;

import dev.pz.connectors.sql.ColumnPredicate;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Renders column predicates as MySQL SQL, or declines one it cannot say safely. String literals
 * escape both the quote and the backslash (MySQL reads {@code \} as an escape unless
 * NO_BACKSLASH_ESCAPES is set, and a doubled backslash means one backslash either way); a
 * non-finite double is declined, and so is any value type this class does not know. A declined
 * predicate is simply not pushed: pz applies every predicate to the staged rows anyway.
 */
final class MysqlPredicates {

    private MysqlPredicates() {
    }

    /** The predicates that can be pushed, each rendered; the others are left out. */
    static List<String> render(List<ColumnPredicate> predicates) {
        return predicates.stream().map(MysqlPredicates::render).flatMap(Optional::stream).toList();
    }

    static Optional<String> render(ColumnPredicate predicate) {
        String column = MysqlReadQuery.SQL.quote(predicate.column());
        List<Optional<String>> literals = predicate.values().stream().map(MysqlPredicates::literal).toList();
        if (literals.stream().anyMatch(Optional::isEmpty)) {
            return Optional.empty();
        }
        List<String> values = literals.stream().map(Optional::get).toList();
        return Optional.of(switch (predicate.operator()) {
            case IS_NULL, IS_NOT_NULL -> column + " " + predicate.operator().sql().toUpperCase(java.util.Locale.ROOT);
            case IN -> column + " IN (" + values.stream().collect(Collectors.joining(", ")) + ")";
            default -> column + " " + predicate.operator().sql() + " " + values.get(0);
        });
    }

    static Optional<String> literal(Object value) {
        if (value instanceof Long || value instanceof Integer) {
            return Optional.of(value.toString());
        }
        if (value instanceof BigDecimal decimal) {
            return Optional.of(decimal.toPlainString());
        }
        if (value instanceof Double number) {
            return Double.isFinite(number) ? Optional.of(number.toString()) : Optional.empty();
        }
        if (value instanceof Boolean bool) {
            return Optional.of(bool ? "TRUE" : "FALSE");
        }
        if (value instanceof LocalDate date) {
            return Optional.of("DATE '" + date + "'");
        }
        if (value instanceof LocalDateTime timestamp) {
            return Optional.of("TIMESTAMP '" + timestamp.toLocalDate() + " " + timestamp.toLocalTime() + "'");
        }
        if (value instanceof String text) {
            return Optional.of("'" + text.replace("\\", "\\\\").replace("'", "''").replace("\0", "\\0") + "'");
        }
        return Optional.empty();
    }
}
