package dev.pz.duckdb;

import java.util.Objects;

/** DuckDB literal and identifier quoting. */
public final class SqlLiterals {

    private SqlLiterals() {
    }

    /** A string literal: {@code it's} becomes {@code 'it''s'}. */
    public static String string(String value) {
        Objects.requireNonNull(value, "value");
        return "'" + value.replace("'", "''") + "'";
    }

    /** A quoted identifier: {@code a"b} becomes {@code "a""b"}. */
    public static String identifier(String name) {
        Objects.requireNonNull(name, "name");
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
