package dev.pz.connectors.postgres;

import dev.pz.connectors.api.ReadPredicate;
import dev.pz.connectors.api.ReadPredicate.Value;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Renders the engine's {@link ReadPredicate}s as PostgreSQL conditions, each one only where
 * PostgreSQL gives the same answer as DuckDB does on the staged column for every value the column
 * can hold; a predicate it cannot render that way is left to DuckDB alone.
 *
 * <ul>
 *   <li>Numbers ({@code integer}, {@code bigint}, {@code double precision}, {@code numeric}) compare
 *       with integer, decimal and double values, except where the two engines convert differently:
 *       a double against {@code numeric} (DuckDB converts the staged decimal to a double, which can
 *       round differently), a decimal with more than 9 fraction digits against {@code numeric}
 *       (read as DECIMAL(38,9)), and a decimal against a double column unless it converts exactly
 *       (at most 15 digits, scale at most 22).</li>
 *   <li>{@code text} and {@code varchar} compare with text values: {@code =}, {@code <>} and
 *       {@code IN} under a deterministic collation (byte equality), ordering only under the
 *       {@code C} or {@code POSIX} collation (byte order, as DuckDB). {@code char(n)} (blank-padded)
 *       and {@code name} are never filtered.</li>
 *   <li>{@code boolean} compares with booleans.</li>
 *   <li>{@code date}, {@code timestamp} and {@code timestamptz} compare with dates, timestamps and
 *       text in ISO form ({@code 2026-01-31}, {@code 2026-01-31 10:00[:00[.ffffff]]}, also with
 *       {@code T}), rendered as typed literals; {@code timestamptz} values are UTC, as the read
 *       stages them.</li>
 *   <li>{@code IS [NOT] NULL} works on every column.</li>
 * </ul>
 */
final class PostgresPredicates {
    private static final Pattern ISO_DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final Pattern ISO_TIMESTAMP =
            Pattern.compile("\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?)?");
    private static final DateTimeFormatter TIMESTAMP_TEXT = new DateTimeFormatterBuilder()
            .appendPattern("uuuu-MM-dd HH:mm:ss").appendFraction(ChronoField.MICRO_OF_SECOND, 6, 6, true).toFormatter();
    private static final DateTimeFormatter ISO_INPUT = new DateTimeFormatterBuilder().appendPattern("uuuu-MM-dd")
            .optionalStart().appendLiteral(' ').optionalEnd().optionalStart().appendLiteral('T').optionalEnd()
            .optionalStart().appendPattern("HH:mm").optionalStart().appendPattern(":ss").optionalStart()
            .appendFraction(ChronoField.MICRO_OF_SECOND, 1, 6, true).optionalEnd().optionalEnd().optionalEnd()
            .parseDefaulting(ChronoField.HOUR_OF_DAY, 0).parseDefaulting(ChronoField.MINUTE_OF_HOUR, 0)
            .parseDefaulting(ChronoField.SECOND_OF_MINUTE, 0).toFormatter().withResolverStyle(ResolverStyle.STRICT);
    private static final BigInteger EXACT_DOUBLE_DIGITS = BigInteger.TWO.pow(53);

    private PostgresPredicates() {
    }

    /** A source column as the read sees it: its name, driver type name, and what its collation allows. */
    record Column(String name, String typeName, boolean textEquality, boolean textOrdering) {
    }

    /** The conditions for the predicates PostgreSQL can apply with DuckDB's meaning, in order. */
    static List<String> render(List<ReadPredicate> predicates, Map<String, Column> columnsByLowerName) {
        List<String> terms = new ArrayList<>();
        for (ReadPredicate predicate : predicates) {
            Column column = columnsByLowerName.get(predicate.column().toLowerCase(Locale.ROOT));
            if (column != null) {
                render(predicate, column).ifPresent(terms::add);
            }
        }
        return terms;
    }

    static Optional<String> render(ReadPredicate predicate, Column column) {
        String name = PostgresSql.quote(column.name());
        if (predicate instanceof ReadPredicate.IsNull isNull) {
            return Optional.of(name + (isNull.negated() ? " is not null" : " is null"));
        }
        if (predicate instanceof ReadPredicate.Comparison comparison) {
            return literal(column, comparison.value(), comparison.operator().orders())
                    .map(value -> name + " " + comparison.operator().symbol() + " " + value);
        }
        if (predicate instanceof ReadPredicate.Between between) {
            Optional<String> low = literal(column, between.low(), true);
            Optional<String> high = literal(column, between.high(), true);
            return low.isPresent() && high.isPresent()
                    ? Optional.of(name + " between " + low.get() + " and " + high.get()) : Optional.empty();
        }
        ReadPredicate.In in = (ReadPredicate.In) predicate;
        List<String> values = new ArrayList<>();
        for (Value value : in.values()) {
            Optional<String> literal = literal(column, value, false);
            if (literal.isEmpty()) {
                return Optional.empty();
            }
            values.add(literal.get());
        }
        return Optional.of(name + " in (" + String.join(", ", values) + ")");
    }

    /** The value as a PostgreSQL literal with DuckDB's meaning against this column, if there is one. */
    private static Optional<String> literal(Column column, Value value, boolean ordering) {
        return switch (column.typeName().toLowerCase(Locale.ROOT)) {
            case "int4", "integer", "serial", "int8", "bigint", "bigserial" -> integral(value);
            case "float8", "double precision" -> floating(value);
            case "numeric", "decimal" -> numeric(value);
            case "text", "varchar", "character varying" -> text(column, value, ordering);
            case "bool", "boolean" -> value.type() == ReadPredicate.ValueType.BOOLEAN
                    ? Optional.of(value.value().toString()) : Optional.empty();
            case "date" -> temporal(value, true).filter(PostgresPredicates::inCalendar)
                    .map(time -> typed(time, "timestamp", false));
            case "timestamp", "timestamp without time zone" -> temporal(value, false)
                    .filter(PostgresPredicates::inCalendar).map(time -> typed(time, "timestamp", false));
            case "timestamptz", "timestamp with time zone" -> temporal(value, false)
                    .filter(PostgresPredicates::inCalendar).map(time -> typed(time, "timestamptz", true));
            default -> Optional.empty();
        };
    }

    private static Optional<String> integral(Value value) {
        return switch (value.type()) {
            case INTEGER -> Optional.of(value.value().toString());
            case DECIMAL -> ((BigDecimal) value.value()).precision() <= 18
                    ? Optional.of(((BigDecimal) value.value()).toPlainString()) : Optional.empty();
            case DOUBLE -> Optional.of(float8((Double) value.value()));
            default -> Optional.empty();
        };
    }

    private static Optional<String> floating(Value value) {
        return switch (value.type()) {
            case INTEGER -> Optional.of(value.value().toString());
            case DOUBLE -> Optional.of(float8((Double) value.value()));
            case DECIMAL -> convertsExactly((BigDecimal) value.value())
                    ? Optional.of("'" + ((BigDecimal) value.value()).toPlainString() + "'::float8") : Optional.empty();
            default -> Optional.empty();
        };
    }

    private static Optional<String> numeric(Value value) {
        return switch (value.type()) {
            case INTEGER -> Optional.of(value.value().toString());
            case DECIMAL -> {
                BigDecimal decimal = (BigDecimal) value.value();
                yield decimal.scale() <= 9 && decimal.precision() - decimal.scale() <= 29
                        ? Optional.of(decimal.toPlainString()) : Optional.empty();
            }
            default -> Optional.empty();
        };
    }

    /** A decimal DuckDB turns into the correctly rounded double: its digits and its power of ten are exact doubles. */
    private static boolean convertsExactly(BigDecimal decimal) {
        return decimal.scale() >= 0 && decimal.scale() <= 22
                && decimal.unscaledValue().abs().compareTo(EXACT_DOUBLE_DIGITS) < 0;
    }

    private static String float8(double value) {
        String text = Double.isNaN(value) ? "NaN" : Double.isInfinite(value) ? (value > 0 ? "Infinity" : "-Infinity")
                : Double.toString(value);
        return "'" + text + "'::float8";
    }

    private static Optional<String> text(Column column, Value value, boolean ordering) {
        if (value.type() != ReadPredicate.ValueType.TEXT || (ordering ? !column.textOrdering() : !column.textEquality())) {
            return Optional.empty();
        }
        String text = (String) value.value();
        if (text.indexOf('\0') >= 0) {
            return Optional.empty();
        }
        return Optional.of("E'" + text.replace("\\", "\\\\").replace("'", "''") + "'");
    }

    /**
     * A date, a timestamp, or text that DuckDB and PostgreSQL both read as the same one; a date
     * column takes only dates (DuckDB compares a date column with a timestamp by the date's midnight).
     */
    private static Optional<LocalDateTime> temporal(Value value, boolean dateColumn) {
        switch (value.type()) {
            case DATE:
                return Optional.of(((LocalDate) value.value()).atStartOfDay());
            case TIMESTAMP:
                return Optional.of((LocalDateTime) value.value());
            case TEXT:
                String text = (String) value.value();
                if (!(dateColumn ? ISO_DATE : ISO_TIMESTAMP).matcher(text).matches()) {
                    return Optional.empty();
                }
                try {
                    return Optional.of(LocalDateTime.parse(text, ISO_INPUT));
                } catch (DateTimeParseException invalid) {
                    return Optional.empty();
                }
            default:
                return Optional.empty();
        }
    }

    /** Years 1 to 9999: PostgreSQL has no year 0, and both engines print these years alike. */
    private static boolean inCalendar(LocalDateTime time) {
        return time.getYear() >= 1 && time.getYear() <= 9999;
    }

    private static String typed(LocalDateTime time, String type, boolean utc) {
        return "'" + TIMESTAMP_TEXT.format(time) + (utc ? "+00" : "") + "'::" + type;
    }
}
