package dev.pz.connectors.files;

/** DuckDB quoting for the SQL file connectors emit. */
public final class SqlText {

    private SqlText() {
    }

    public static String string(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    public static String identifier(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    /** A delimiter as a DuckDB option value; tab is written as the two characters {@code \t}. */
    public static String delimiter(char delimiter) {
        return delimiter == '\t' ? "'\\t'" : string(String.valueOf(delimiter));
    }

    /** One quoted path, or a DuckDB list literal {@code ['a', 'b']} of several. */
    public static String paths(java.util.List<String> paths) {
        if (paths.size() == 1) {
            return string(paths.get(0));
        }
        return paths.stream().map(SqlText::string).collect(java.util.stream.Collectors.joining(", ", "[", "]"));
    }
}
