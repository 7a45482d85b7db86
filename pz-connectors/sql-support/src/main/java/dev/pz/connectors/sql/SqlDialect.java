package dev.pz.connectors.sql;

import java.util.Collection;
import java.util.stream.Collectors;

/** How a database quotes identifiers: DuckDB and SQLite with {@code "x"}, MySQL with {@code `x`}. */
public enum SqlDialect {
    DOUBLE_QUOTES('"'),
    BACKTICKS('`');

    private final char quote;

    SqlDialect(char quote) {
        this.quote = quote;
    }

    /** The identifier quoted, its quote character doubled. */
    public String quote(String identifier) {
        String q = String.valueOf(quote);
        return q + identifier.replace(q, q + q) + q;
    }

    /** The identifiers quoted and joined with {@code ", "}. */
    public String quoteAll(Collection<String> identifiers) {
        return identifiers.stream().map(this::quote).collect(Collectors.joining(", "));
    }

    /** A string literal, {@code '} doubled (every dialect here reads it so). */
    public static String string(String value) {
        return "'" + value.replace("'", "''") + "'";
    }
}
