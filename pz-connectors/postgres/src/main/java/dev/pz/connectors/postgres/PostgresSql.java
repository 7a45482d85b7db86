package dev.pz.connectors.postgres;

/**
 * Identifier and literal quoting for the SQL this connector sends: identifiers double-quoted,
 * literals single-quoted, embedded quotes doubled.
 */
final class PostgresSql {

    private PostgresSql() {
    }

    /** {@code "x"} with every {@code "} doubled. */
    static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    /** {@code 'x'} with every {@code '} doubled: an untyped literal the server coerces. */
    static String literal(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    /** A comma-separated list of quoted identifiers. */
    static String quoteAll(Iterable<String> identifiers) {
        StringBuilder sql = new StringBuilder();
        for (String identifier : identifiers) {
            if (sql.length() > 0) {
                sql.append(", ");
            }
            sql.append(quote(identifier));
        }
        return sql.toString();
    }

    /** A user's query with trailing whitespace and semicolons removed, so it can be wrapped. */
    static String wrappable(String query) {
        int end = query.length();
        while (end > 0 && (Character.isWhitespace(query.charAt(end - 1)) || query.charAt(end - 1) == ';')) {
            end--;
        }
        return query.substring(0, end);
    }
}
