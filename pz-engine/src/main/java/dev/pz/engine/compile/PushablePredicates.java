package dev.pz.engine.compile;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.connectors.api.ReadPredicate;
import dev.pz.connectors.api.ReadPredicate.Operator;
import dev.pz.connectors.api.ReadPredicate.Value;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSqlException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Turns one WHERE conjunct, as DuckDB's parser serialized it, into a {@link ReadPredicate} when it
 * has one of the shapes a source can apply: a dataset column compared with a constant, {@code IN}
 * constants, {@code IS [NOT] NULL}, {@code BETWEEN} constants, or a bare (possibly negated) column
 * read as {@code column = true}. The column must stand alone: arithmetic, a function or a cast on
 * it makes the conjunct DuckDB's alone. Each constant side is evaluated by DuckDB itself (so
 * {@code date '2026-01-01'} or {@code 1 + 1} arrive as the typed value DuckDB compares with), and
 * only the value types {@link ReadPredicate.ValueType} names are kept. The values of one
 * {@code IN} or {@code BETWEEN} must share a type: DuckDB compares a mixed list in one common type
 * (an integer, a decimal and a double all as doubles), which a source would not reproduce.
 */
final class PushablePredicates {
    private static final Map<String, Operator> OPERATORS = Map.of(
            "COMPARE_EQUAL", Operator.EQUAL, "COMPARE_NOTEQUAL", Operator.NOT_EQUAL,
            "COMPARE_LESSTHAN", Operator.LESS, "COMPARE_LESSTHANOREQUALTO", Operator.LESS_OR_EQUAL,
            "COMPARE_GREATERTHAN", Operator.GREATER, "COMPARE_GREATERTHANOREQUALTO", Operator.GREATER_OR_EQUAL);
    private static final Pattern INTEGER_TYPES =
            Pattern.compile("TINYINT|SMALLINT|INTEGER|BIGINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|HUGEINT|UHUGEINT");
    /** DuckDB's text of a TIMESTAMP: {@code 2026-01-01 10:00:00}, with up to six fraction digits when not zero. */
    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder().appendPattern("uuuu-MM-dd HH:mm:ss")
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 1, 6, true).optionalEnd().toFormatter()
            .withResolverStyle(ResolverStyle.STRICT);

    private final DuckConnection connection;
    private final Function<JsonNode, String> renderer;
    private final Function<JsonNode, String> targetColumn;

    /**
     * @param renderer DuckDB's SQL text of an expression node, or null when it cannot render it
     * @param targetColumn the dataset column a COLUMN_REF names, or null for another relation's
     */
    PushablePredicates(DuckConnection connection, Function<JsonNode, String> renderer,
            Function<JsonNode, String> targetColumn) {
        this.connection = connection;
        this.renderer = renderer;
        this.targetColumn = targetColumn;
    }

    Optional<ReadPredicate> of(JsonNode conjunct) {
        String kind = conjunct.path("class").asText();
        String type = conjunct.path("type").asText();
        return switch (kind) {
            case "COMPARISON" -> comparison(conjunct, type);
            case "BETWEEN" -> between(conjunct);
            case "COLUMN_REF" -> column(conjunct).map(name -> new ReadPredicate.Comparison(name, Operator.EQUAL,
                    Value.of(true)));
            case "OPERATOR" -> operator(conjunct, type);
            default -> Optional.empty();
        };
    }

    private Optional<ReadPredicate> comparison(JsonNode conjunct, String type) {
        Operator operator = OPERATORS.get(type);
        if (operator == null) {
            return Optional.empty();
        }
        JsonNode left = conjunct.path("left");
        JsonNode right = conjunct.path("right");
        Optional<String> column = column(left);
        if (column.isPresent()) {
            return value(right).map(value -> new ReadPredicate.Comparison(column.get(), operator, value));
        }
        return column(right).flatMap(name -> value(left)
                .map(value -> new ReadPredicate.Comparison(name, operator.mirrored(), value)));
    }

    private Optional<ReadPredicate> between(JsonNode conjunct) {
        Optional<String> column = column(conjunct.path("input"));
        Optional<Value> low = column.flatMap(name -> value(conjunct.path("lower")));
        Optional<Value> high = low.flatMap(value -> value(conjunct.path("upper")))
                .filter(value -> value.type() == low.get().type());
        return high.map(value -> new ReadPredicate.Between(column.get(), low.get(), value));
    }

    private Optional<ReadPredicate> operator(JsonNode conjunct, String type) {
        JsonNode children = conjunct.path("children");
        if (children.size() == 0) {
            return Optional.empty();
        }
        Optional<String> column = column(children.get(0));
        return switch (type) {
            case "OPERATOR_IS_NULL", "OPERATOR_IS_NOT_NULL" -> children.size() != 1 ? Optional.empty()
                    : column.map(name -> new ReadPredicate.IsNull(name, type.equals("OPERATOR_IS_NOT_NULL")));
            case "OPERATOR_NOT" -> children.size() != 1 ? Optional.empty()
                    : column.map(name -> new ReadPredicate.Comparison(name, Operator.EQUAL, Value.of(false)));
            case "COMPARE_IN" -> column.flatMap(name -> inList(name, children));
            default -> Optional.empty();
        };
    }

    private Optional<ReadPredicate> inList(String column, JsonNode children) {
        List<Value> values = new ArrayList<>();
        for (int i = 1; i < children.size(); i++) {
            Optional<Value> value = value(children.get(i));
            if (value.isEmpty() || !values.isEmpty() && value.get().type() != values.get(0).type()) {
                return Optional.empty();
            }
            values.add(value.get());
        }
        return values.isEmpty() ? Optional.empty() : Optional.of(new ReadPredicate.In(column, values));
    }

    /** The dataset column a node is, when it is a bare reference to one. */
    private Optional<String> column(JsonNode node) {
        if (!"COLUMN_REF".equals(node.path("class").asText())) {
            return Optional.empty();
        }
        return Optional.ofNullable(targetColumn.apply(node));
    }

    /**
     * The value of a constant side, as DuckDB evaluates it: empty for anything that refers to a
     * column, for NULL, and for types outside {@link ReadPredicate.ValueType}.
     */
    private Optional<Value> value(JsonNode node) {
        if (node.isMissingNode() || ReadHintsAnalyzer.contains(node, "COLUMN_REF")) {
            return Optional.empty();
        }
        String sql = renderer.apply(node);
        if (sql == null) {
            return Optional.empty();
        }
        try {
            List<String[]> rows = connection.query("select typeof(v), v::varchar, try_cast(v as double)::varchar from"
                    + " (select (" + sql + ") as v)", row -> new String[] {row.getString(1), row.getString(2),
                            row.getString(3)});
            if (rows.size() != 1 || rows.get(0)[1] == null) {
                return Optional.empty();
            }
            return typed(rows.get(0)[0], rows.get(0)[1], rows.get(0)[2]);
        } catch (DuckSqlException notAConstant) {
            return Optional.empty();
        }
    }

    /** A double as DuckDB prints it: {@code 1.5}, {@code 1e+23}, {@code inf}, {@code -inf}, {@code nan}. */
    private static double duckDouble(String text) {
        return switch (text) {
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            case "nan", "-nan" -> Double.NaN;
            default -> Double.parseDouble(text);
        };
    }

    private static Optional<Value> typed(String duckType, String text, String asDouble) {
        try {
            if (duckType.equals("BOOLEAN")) {
                return Optional.of(Value.of(Boolean.parseBoolean(text)));
            }
            if (INTEGER_TYPES.matcher(duckType).matches()) {
                return Optional.of(Value.of(Long.parseLong(text)));
            }
            if (duckType.startsWith("DECIMAL")) {
                return Optional.of(Value.of(new BigDecimal(text)));
            }
            if (duckType.equals("DOUBLE") || duckType.equals("FLOAT")) {
                return Optional.of(Value.of(duckDouble(asDouble)));
            }
            if (duckType.equals("VARCHAR")) {
                return Optional.of(Value.of(text));
            }
            if (duckType.equals("DATE")) {
                return Optional.of(Value.of(LocalDate.parse(text)));
            }
            if (duckType.equals("TIMESTAMP")) {
                return Optional.of(Value.of(LocalDateTime.parse(text, TIMESTAMP)));
            }
        } catch (NumberFormatException | DateTimeParseException outOfRange) {
            return Optional.empty();
        }
        return Optional.empty();
    }
}
