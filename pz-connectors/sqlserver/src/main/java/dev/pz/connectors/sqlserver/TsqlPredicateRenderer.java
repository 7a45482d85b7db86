package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.ReadPredicate;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Renders the engine's {@link ReadPredicate}s as T-SQL for a table read. pz re-applies the reader's
 * own SQL to the staged rows, so a pushed predicate may let through more rows than the reader keeps
 * but never fewer. A predicate is rendered only where the server's answer is provably a superset of
 * DuckDB's on the staged values; otherwise {@link #render} is empty and the predicate stays with
 * DuckDB:
 *
 * <ul>
 *   <li>numbers (every integer, exact and approximate type) take every operator with integer,
 *       decimal and double values, except {@code real}: the server rounds an integer or decimal
 *       value to 32 bits before it compares, where DuckDB compares the widened value with the exact
 *       one, so {@code real} takes double values only (compared as doubles on both sides);
 *   <li>text takes only {@code =} and {@code IN}, and only under a binary collation ({@code _BIN},
 *       {@code _BIN2}), where the server compares code points as DuckDB compares bytes; the server's
 *       disregard of trailing spaces only ever matches more rows, whereas {@code <>} or an ordering
 *       would match fewer or others, and so would any collation the column's metadata does not name
 *       ({@code text}/{@code ntext} cannot be compared at all);
 *   <li>{@code uniqueidentifier} takes {@code =} and {@code IN} with well-formed GUIDs (any other
 *       string would be a conversion error on the server);
 *   <li>{@code bit} takes {@code =} and {@code <>} with booleans;
 *   <li>{@code date} takes every operator with dates;
 *   <li>{@code datetime2}, {@code datetimeoffset} and {@code smalldatetime} take every operator with
 *       timestamps (UTC wall clocks, as the read stages them), rewritten for the reader's truncation
 *       to microseconds ({@code c > v} becomes {@code c >= v + 1µs}, {@code c = v} becomes
 *       {@code c >= v and c < v + 1µs}, …), so a {@code datetime2(7)} value that stages as {@code v}
 *       is never lost;
 *   <li>{@code datetime} (rounded to the millisecond by the driver) and binary types take only the
 *       null tests, which every column takes.
 * </ul>
 *
 * Literals are typed on the value side only, so an index on the column stays usable.
 */
final class TsqlPredicateRenderer {

    private static final Pattern GUID = Pattern.compile(
            "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    private static final Pattern BINARY_COLLATION = Pattern.compile("(?i).*_BIN2?(_UTF8)?");

    private enum Kind {
        NUMBER, REAL, TEXT, UNICODE_TEXT, GUID, BIT, DATE, DATETIME2, DATETIMEOFFSET, NULL_TESTS_ONLY
    }

    /** The shapes a predicate takes here: the operators of {@link ReadPredicate} in one list. */
    private enum Operator {
        EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">="), IN("in"), BETWEEN("between");

        private final String sql;

        Operator(String sql) {
            this.sql = sql;
        }

        String sql() {
            return sql;
        }

        static Operator of(ReadPredicate.Operator operator) {
            return switch (operator) {
                case EQUAL -> EQ;
                case NOT_EQUAL -> NE;
                case LESS -> LT;
                case LESS_OR_EQUAL -> LE;
                case GREATER -> GT;
                case GREATER_OR_EQUAL -> GE;
            };
        }
    }

    private final Map<String, SqlServerColumn> columns = new HashMap<>();
    private final Map<String, String> collations = new HashMap<>();

    /**
     * A renderer for the columns of one read, matched by name case-insensitively as the server does.
     *
     * @param collations each text column's collation by name, as the server describes it
     */
    TsqlPredicateRenderer(List<SqlServerColumn> columns, Map<String, String> collations) {
        for (SqlServerColumn column : columns) {
            this.columns.putIfAbsent(column.name().toLowerCase(Locale.ROOT), column);
        }
        collations.forEach((name, collation) -> {
            if (collation != null) {
                this.collations.putIfAbsent(name.toLowerCase(Locale.ROOT), collation);
            }
        });
    }

    /** Every pushable predicate, each parenthesized, in order; the rest are left out. */
    List<String> renderAll(List<ReadPredicate> predicates) {
        List<String> rendered = new ArrayList<>();
        for (ReadPredicate predicate : predicates) {
            render(predicate).ifPresent(sql -> rendered.add("(" + sql + ")"));
        }
        return rendered;
    }

    /** The predicate in T-SQL, or empty when the server could drop a row DuckDB would keep. */
    Optional<String> render(ReadPredicate predicate) {
        String key = predicate.column().toLowerCase(Locale.ROOT);
        SqlServerColumn column = columns.get(key);
        if (column == null) {
            return Optional.empty();
        }
        String quoted = SqlServerSql.quote(column.name());
        if (predicate instanceof ReadPredicate.IsNull isNull) {
            return Optional.of(quoted + (isNull.negated() ? " is not null" : " is null"));
        }
        Operator operator;
        List<Object> values = new ArrayList<>();
        if (predicate instanceof ReadPredicate.Comparison comparison) {
            operator = Operator.of(comparison.operator());
            values.add(comparison.value().value());
        } else if (predicate instanceof ReadPredicate.In in) {
            operator = Operator.IN;
            in.values().forEach(value -> values.add(value.value()));
        } else {
            ReadPredicate.Between between = (ReadPredicate.Between) predicate;
            operator = Operator.BETWEEN;
            values.add(between.low().value());
            values.add(between.high().value());
        }
        Kind kind = kind(column);
        return switch (kind) {
            case NUMBER -> plain(quoted, operator, values, TsqlPredicateRenderer::number);
            case REAL -> plain(quoted, operator, values, value -> value instanceof Double ? number(value)
                    : Optional.empty());
            case TEXT, UNICODE_TEXT -> (operator == Operator.EQ || operator == Operator.IN)
                    && binaryCollation(key)
                    ? plain(quoted, operator, values, value -> text(value, kind == Kind.UNICODE_TEXT))
                    : Optional.empty();
            case GUID -> operator == Operator.EQ || operator == Operator.IN
                    ? plain(quoted, operator, values, TsqlPredicateRenderer::guid)
                    : Optional.empty();
            case BIT -> operator == Operator.EQ || operator == Operator.NE
                    ? plain(quoted, operator, values, TsqlPredicateRenderer::bit)
                    : Optional.empty();
            case DATE -> plain(quoted, operator, values, TsqlPredicateRenderer::date);
            case DATETIME2 -> truncating(quoted, operator, values, SqlServerLiterals::datetime2);
            case DATETIMEOFFSET -> truncating(quoted, operator, values, SqlServerLiterals::datetimeoffset);
            case NULL_TESTS_ONLY -> Optional.empty();
        };
    }

    /** Whether a predicate on {@code column} compares text, which its collation decides. */
    static boolean comparesText(SqlServerColumn column) {
        Kind kind = kind(column);
        return kind == Kind.TEXT || kind == Kind.UNICODE_TEXT;
    }

    private boolean binaryCollation(String column) {
        String collation = collations.get(column);
        return collation != null && BINARY_COLLATION.matcher(collation).matches();
    }

    private static Kind kind(SqlServerColumn column) {
        return switch (column.typeName()) {
            case "int", "smallint", "tinyint", "bigint", "decimal", "numeric", "money", "smallmoney", "float" ->
                    Kind.NUMBER;
            case "real" -> Kind.REAL;
            case "char", "varchar" -> Kind.TEXT;
            case "nchar", "nvarchar", "sysname" -> Kind.UNICODE_TEXT;
            case "uniqueidentifier" -> Kind.GUID;
            case "bit" -> Kind.BIT;
            case "date" -> Kind.DATE;
            case "datetime2", "smalldatetime" -> Kind.DATETIME2;
            case "datetimeoffset" -> Kind.DATETIMEOFFSET;
            default -> Kind.NULL_TESTS_ONLY;
        };
    }

    /** {@code c op v}, {@code c in (v, …)} or {@code c between a and b} with each value rendered. */
    private static Optional<String> plain(String column, Operator operator, List<Object> values,
            Function<Object, Optional<String>> literal) {
        List<String> literals = new ArrayList<>();
        for (Object value : values) {
            Optional<String> rendered = literal.apply(value);
            if (rendered.isEmpty()) {
                return Optional.empty();
            }
            literals.add(rendered.get());
        }
        return Optional.of(switch (operator) {
            case IN -> column + " in (" + String.join(", ", literals) + ")";
            case BETWEEN -> column + " between " + literals.get(0) + " and " + literals.get(1);
            default -> column + " " + operator.sql() + " " + literals.get(0);
        });
    }

    /**
     * Comparisons against a column the reader truncates to microseconds: staged {@code t} is
     * {@code floor(s)}, so for a microsecond-aligned {@code v}, {@code t < v ⇔ s < v} and
     * {@code t ≥ v ⇔ s ≥ v}; every operator is written with those two alone.
     */
    private static Optional<String> truncating(String column, Operator operator, List<Object> values,
            Function<LocalDateTime, String> literal) {
        List<LocalDateTime> times = new ArrayList<>();
        for (Object value : values) {
            Optional<LocalDateTime> time = utcMicros(value);
            if (time.isEmpty()) {
                return Optional.empty();
            }
            times.add(time.get());
        }
        Function<LocalDateTime, String> at = literal;
        Function<LocalDateTime, String> after = time -> literal.apply(time.plus(1, ChronoUnit.MICROS));
        LocalDateTime first = times.get(0);
        return Optional.of(switch (operator) {
            case GT -> column + " >= " + after.apply(first);
            case GE -> column + " >= " + at.apply(first);
            case LT -> column + " < " + at.apply(first);
            case LE -> column + " < " + after.apply(first);
            case EQ -> column + " >= " + at.apply(first) + " and " + column + " < " + after.apply(first);
            case NE -> column + " < " + at.apply(first) + " or " + column + " >= " + after.apply(first);
            case BETWEEN -> column + " >= " + at.apply(first) + " and " + column + " < " + after.apply(times.get(1));
            case IN -> String.join(" or ", times.stream().map(time -> "(" + column + " >= " + at.apply(time) + " and "
                    + column + " < " + after.apply(time) + ")").toList());
        });
    }

    private static Optional<String> number(Object value) {
        if (value instanceof Long) {
            return Optional.of(value.toString());
        }
        if (value instanceof BigDecimal decimal) {
            boolean fits = decimal.precision() - decimal.scale() <= 38 && decimal.scale() <= 38
                    && decimal.precision() <= 38;
            return fits ? Optional.of(SqlServerLiterals.decimal(decimal)) : Optional.empty();
        }
        if (value instanceof Double number && Double.isFinite(number)) {
            return Optional.of(SqlServerLiterals.floatValue(number));
        }
        return Optional.empty();
    }

    /**
     * A varchar literal when every character is ASCII (the column's code page holds it, and the column
     * is not converted to nvarchar, which would cost the index); an nvarchar literal otherwise.
     */
    private static Optional<String> text(Object value, boolean unicodeColumn) {
        if (!(value instanceof String text)) {
            return Optional.empty();
        }
        boolean ascii = text.chars().allMatch(c -> c < 0x80);
        return Optional.of(unicodeColumn || !ascii ? SqlServerSql.unicodeLiteral(text) : SqlServerSql.literal(text));
    }

    private static Optional<String> guid(Object value) {
        return value instanceof String text && GUID.matcher(text).matches() ? Optional.of(SqlServerSql.literal(text))
                : Optional.empty();
    }

    private static Optional<String> bit(Object value) {
        return value instanceof Boolean flag ? Optional.of(flag ? "1" : "0") : Optional.empty();
    }

    private static Optional<String> date(Object value) {
        return value instanceof LocalDate date && inRange(date) ? Optional.of(SqlServerLiterals.date(date))
                : Optional.empty();
    }

    /** A microsecond-aligned UTC wall clock whose next microsecond still exists in SQL Server. */
    private static Optional<LocalDateTime> utcMicros(Object value) {
        if (!(value instanceof LocalDateTime time) || time.getNano() % 1_000 != 0 || !inRange(time.toLocalDate())
                || !inRange(time.plus(1, ChronoUnit.MICROS).toLocalDate())) {
            return Optional.empty();
        }
        return Optional.of(time);
    }

    /** SQL Server's dates run from 0001-01-01 to 9999-12-31. */
    private static boolean inRange(LocalDate date) {
        return date.getYear() >= 1 && date.getYear() <= 9_999;
    }
}
