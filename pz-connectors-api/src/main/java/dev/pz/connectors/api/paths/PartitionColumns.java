package dev.pz.connectors.api.paths;

import dev.pz.connectors.api.OptionSet;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one reading of a write's {@code partition_by:} option: a column name, or a list of names.
 * The compiler refuses a malformed value (PZ0219) before any connector sees it, so connectors use
 * {@link #read}, which never throws.
 */
public final class PartitionColumns {

    private PartitionColumns() {
    }

    /** The parsed columns, or the problem that makes the value unusable. */
    public record Parsed(List<String> columns, String problem) {
        public boolean ok() {
            return problem == null;
        }
    }

    /** The declared columns; empty when absent, null or malformed. */
    public static List<String> read(Map<String, Object> options) {
        Parsed parsed = parse(options);
        return parsed.ok() ? parsed.columns() : List.of();
    }

    /** The declared columns (empty when absent or null), or why the value names no columns. */
    public static Parsed parse(Map<String, Object> options) {
        Object value = options.get(OptionSet.PARTITION_BY);
        if (value == null) {
            return new Parsed(List.of(), null);
        }
        if (value instanceof String text) {
            return text.isBlank() ? new Parsed(List.of(), "it is empty")
                    : new Parsed(List.of(text.strip()), null);
        }
        if (!(value instanceof List<?> list)) {
            return new Parsed(List.of(), "'" + value + "' is neither a column name nor a list of column names");
        }
        if (list.isEmpty()) {
            return new Parsed(List.of(), "it is an empty list");
        }
        Set<String> columns = new LinkedHashSet<>();
        for (Object entry : list) {
            if (!(entry instanceof String name) || name.isBlank()) {
                return new Parsed(List.of(), "it contains an entry that is not a column name ('" + entry + "')");
            }
            if (!columns.add(name.strip())) {
                return new Parsed(List.of(), "it names the same column twice ('" + name.strip() + "')");
            }
        }
        return new Parsed(new ArrayList<>(columns), null);
    }
}
