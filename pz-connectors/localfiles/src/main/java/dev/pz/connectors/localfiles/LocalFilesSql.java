package dev.pz.connectors.localfiles;

/** DuckDB quoting for the SQL this connector emits (the module does not depend on pz-duckdb). */
final class LocalFilesSql {

    private LocalFilesSql() {
    }

    static String string(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    static String identifier(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    /** A delimiter as a DuckDB option value; tab is written as the two characters {@code \t}. */
    static String delimiter(char delimiter) {
        return delimiter == '\t' ? "'\\t'" : string(String.valueOf(delimiter));
    }
}
