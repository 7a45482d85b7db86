package dev.pz.engine.compile;

import java.util.List;
import java.util.Locale;

/** Text-level SQL normalization. SQL is never parsed here; only line ends and the ends are touched. */
final class SqlText {

    private SqlText() {
    }

    /** CRLF and CR become LF; trailing whitespace is trimmed; one trailing {@code ;} is stripped. */
    static String normalize(String sql) {
        String text = trimEnd(sql.replace("\r\n", "\n").replace('\r', '\n'));
        if (text.endsWith(";")) {
            text = trimEnd(text.substring(0, text.length() - 1));
        }
        return text;
    }

    static String trimEnd(String text) {
        int end = text.length();
        while (end > 0 && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end);
    }

    /**
     * Inlines ephemeral pipelines as CTEs in front of a consumer's SQL, sorted by name:
     * {@code with __pz_cte__a as (<a>), __pz_cte__b as (<b>) <sql>}. A consumer that already starts
     * with {@code with} has that keyword folded into the list.
     */
    static String inlineCtes(String sql, List<NamedSql> ephemerals) {
        if (ephemerals.isEmpty()) {
            return sql;
        }
        StringBuilder out = new StringBuilder("with ");
        for (int i = 0; i < ephemerals.size(); i++) {
            if (i > 0) {
                out.append(", ");
            }
            NamedSql ephemeral = ephemerals.get(i);
            out.append(StagingNames.ephemeralCte(ephemeral.name())).append(" as (").append(ephemeral.sql()).append(')');
        }
        String body = sql.stripLeading();
        if (startsWithWith(body)) {
            out.append(", ").append(body.substring(4).stripLeading());
        } else {
            out.append('\n').append(sql);
        }
        return out.toString();
    }

    private static boolean startsWithWith(String sql) {
        return sql.length() > 4 && sql.substring(0, 4).toLowerCase(Locale.ROOT).equals("with")
                && Character.isWhitespace(sql.charAt(4));
    }

    /** A pipeline's name and SQL. */
    record NamedSql(String name, String sql) {
    }
}
