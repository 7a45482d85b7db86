package dev.pz.engine.load;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.model.CheckDef;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.SourceLocation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The {@code checks:} list of a sidecar. Each item is a single-key map
 * {@code - <type>: <options>}; {@code column} normalizes to {@code columns}; every problem is
 * {@code PZ0113} and names the pipeline.
 */
final class CheckParser {
    static final List<String> TYPES =
            List.of("not_null", "unique", "row_count", "freshness", "accepted_values", "custom_sql");
    private static final Pattern CUSTOM_NAME = Pattern.compile("[a-z][a-z0-9_]*");

    private final String file;
    private final String prefix;
    private final Problems problems;
    private final Set<String> customNames = new HashSet<>();
    private final Set<String> seen = new HashSet<>();

    CheckParser(String file, String pipeline, Problems problems) {
        this.file = file;
        this.prefix = "pipeline '" + pipeline + "': ";
        this.problems = problems;
    }

    List<CheckDef> parse(YamlNode node) {
        List<CheckDef> checks = new ArrayList<>();
        if (node == null || node.isEmpty()) {
            return checks;
        }
        if (!(node instanceof YamlNode.Sequence list)) {
            error("checks must be a list of '- <type>: <options>' items (got " + node.describe() + ").", node.line());
            return checks;
        }
        int index = 0;
        for (YamlNode item : list.items()) {
            index++;
            CheckDef check = check(item, index);
            if (check == null) {
                continue;
            }
            String identity = check.type() + "|" + check.columns() + "|" + check.options();
            if (!seen.add(identity)) {
                error("duplicate " + check.type() + " check on " + check.columns() + ".", item.line());
                continue;
            }
            checks.add(check);
        }
        return checks;
    }

    private CheckDef check(YamlNode item, int index) {
        if (!(item instanceof YamlNode.Mapping mapping) || mapping.entries().isEmpty()) {
            error("check #" + index + " must be a mapping like '- not_null: [id]' (got " + item.describe() + ").",
                    item.line());
            return null;
        }
        if (mapping.entries().size() > 1) {
            error("check #" + index + " declares " + String.join(" and ", mapping.entries().keySet().stream()
                    .map(key -> "'" + key + "'").toList()) + "; write one check per list item.", item.line());
            return null;
        }
        YamlNode.Entry entry = mapping.entries().values().iterator().next();
        String type = entry.key();
        int line = entry.line();
        if (!TYPES.contains(type)) {
            problems.error(PzCode.INVALID_CHECK, prefix + "unknown check type '" + type + "'.", at(line),
                    NearMiss.didYouMean(type, TYPES).map(s -> s + " ").orElse("")
                            + "check types: " + String.join(", ", TYPES));
            return null;
        }
        YamlNode body = entry.value();
        int errorsBefore = problems.errors().size();
        List<String> columns = new ArrayList<>();
        Map<String, Object> options = new LinkedHashMap<>();
        Boolean sampleValues = null;
        if ((type.equals("not_null") || type.equals("unique")) && body instanceof YamlNode.Sequence) {
            columns = columnList(type, body.toPlain(), line);
        } else if (!(body instanceof YamlNode.Mapping block)) {
            error(type + " check must be a mapping of options (got " + body.describe() + ").", line);
            return null;
        } else {
            Map<String, Object> plain = block.toPlain();
            if (plain.containsKey("column") && plain.containsKey("columns")) {
                error(type + " check declares both 'column' and 'columns'; keep one.", line);
            }
            List<String> allowed = switch (type) {
                case "not_null", "unique" -> List.of("columns", "column", "sample_values");
                case "row_count" -> List.of("min", "max", "sample_values");
                case "freshness" -> List.of("column", "columns", "max_age", "sample_values");
                case "accepted_values" -> List.of("column", "columns", "values", "sample_values");
                default -> List.of("name", "sql", "sample_values");
            };
            for (Map.Entry<String, Object> option : plain.entrySet()) {
                String key = option.getKey();
                int optionLine = block.lineOf(key);
                if (type.equals("custom_sql") && (key.equals("column") || key.equals("columns"))) {
                    error("custom_sql check does not take columns.", optionLine);
                } else if (!allowed.contains(key)) {
                    problems.error(PzCode.INVALID_CHECK, prefix + type + " check has an unknown option '" + key + "'.",
                            at(optionLine), NearMiss.didYouMean(key, allowed).map(s -> s + " ").orElse("")
                                    + type + " accepts " + String.join(", ", allowed));
                } else if (key.equals("sample_values")) {
                    if (option.getValue() instanceof Boolean flag) {
                        sampleValues = flag;
                    } else {
                        error(type + " check: sample_values must be true or false (got "
                                + Values.describe(option.getValue()) + ").", optionLine);
                    }
                } else if (!key.equals("column") && !key.equals("columns")) {
                    options.put(key, option.getValue());
                }
            }
            Object columnValue = plain.containsKey("columns") ? plain.get("columns") : plain.get("column");
            switch (type) {
                case "not_null", "unique" -> columns = columnList(type, columnValue, line);
                case "row_count" -> rowCount(plain, line);
                case "freshness" -> {
                    columns = singleColumn(type, columnValue, plain.containsKey("column") || plain.containsKey("columns"), line);
                    if (Durations.parsePositive(plain.get("max_age")).isEmpty()) {
                        error("freshness check: max_age must be a positive duration like 24h (got "
                                + Values.describe(plain.get("max_age")) + ").", line);
                    }
                }
                case "accepted_values" -> {
                    columns = singleColumn(type, columnValue, plain.containsKey("column") || plain.containsKey("columns"), line);
                    acceptedValues(plain.get("values"), line);
                }
                default -> customSql(plain, line);
            }
        }
        if (problems.errors().size() > errorsBefore) {
            return null;
        }
        return new CheckDef(type, columns, options, sampleValues, new SourceLocation(file, line));
    }

    private List<String> columnList(String type, Object value, int line) {
        if (value == null || (value instanceof List<?> list && list.isEmpty())) {
            error(type + " check declares no columns.", line);
            return List.of();
        }
        if (value instanceof String text && !text.isBlank()) {
            return List.of(text);
        }
        if (!Values.isStringList(value)) {
            error(type + " check: columns must be a list of column names (got " + Values.describe(value) + ").", line);
            return List.of();
        }
        return Values.strings(value);
    }

    private List<String> singleColumn(String type, Object value, boolean given, int line) {
        if (!given) {
            error(type + " check needs exactly one 'column'.", line);
            return List.of();
        }
        if (value instanceof String text && !text.isBlank()) {
            return List.of(text);
        }
        if (value instanceof List<?> list && list.size() == 1 && list.get(0) instanceof String text && !text.isBlank()) {
            return List.of(text);
        }
        error(type + " check: column must be a single column name (got " + Values.describe(value) + ").", line);
        return List.of();
    }

    private void rowCount(Map<String, Object> plain, int line) {
        if (!plain.containsKey("min") && !plain.containsKey("max")) {
            error("row_count check needs at least one of min/max.", line);
            return;
        }
        Long min = bound(plain, "min", line);
        Long max = bound(plain, "max", line);
        if (min != null && max != null && min > max) {
            error("row_count check: min (" + min + ") exceeds max (" + max + ").", line);
        }
    }

    private Long bound(Map<String, Object> plain, String key, int line) {
        if (!plain.containsKey(key)) {
            return null;
        }
        Long value = Values.asLong(plain.get(key)).filter(number -> number >= 0).orElse(null);
        if (value == null) {
            error("row_count check: " + key + " must be an integer >= 0 (got " + Values.describe(plain.get(key)) + ").",
                    line);
        }
        return value;
    }

    private void acceptedValues(Object values, int line) {
        boolean valid = values instanceof List<?> list && !list.isEmpty()
                && list.stream().allMatch(Values::isScalar);
        if (!valid) {
            error("accepted_values check: values must be a non-empty list of scalars (got " + Values.describe(values)
                    + ").", line);
        }
    }

    private void customSql(Map<String, Object> plain, int line) {
        Object name = plain.get("name");
        if (!(name instanceof String text) || !CUSTOM_NAME.matcher(text).matches()) {
            error("custom_sql check requires 'name' matching [a-z][a-z0-9_]* (got " + Values.describe(name) + ").", line);
        } else if (!customNames.add(text)) {
            error("duplicate custom_sql name '" + text + "'.", line);
        }
        Object sql = plain.get("sql");
        if (!(sql instanceof String text) || text.isBlank()) {
            error("custom_sql check requires a non-empty 'sql' query returning the violating rows.", line);
        }
    }

    private SourceLocation at(int line) {
        return new SourceLocation(file, line);
    }

    private void error(String message, int line) {
        problems.error(PzCode.INVALID_CHECK, prefix + message, at(line),
                "see the check reference: not_null, unique, row_count, freshness, accepted_values, custom_sql");
    }
}
