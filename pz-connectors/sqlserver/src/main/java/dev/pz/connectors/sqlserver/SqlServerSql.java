package dev.pz.connectors.sqlserver;

/**
 * Identifier and literal quoting for the T-SQL this connector sends: identifiers in brackets with
 * {@code ]} doubled, string literals in single quotes with {@code '} doubled.
 */
final class SqlServerSql {

    private SqlServerSql() {
    }

    /** {@code [x]} with every {@code ]} doubled. */
    static String quote(String identifier) {
        return "[" + identifier.replace("]", "]]") + "]";
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

    /** {@code 'x'}: a varchar literal the server converts to the type it is compared with. */
    static String literal(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    /** {@code N'x'}: an nvarchar literal, for text that may hold characters outside any code page. */
    static String unicodeLiteral(String value) {
        return "N" + literal(value);
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
