package dev.pz.connectors.api;

import java.util.List;

/**
 * What the single reader of a dataset needs: the columns it references (null = every column) and
 * a predicate it applies (null = none). A connector may ignore either; pz re-applies the reader's
 * SQL on the staged data, so ignoring a hint is always correct.
 */
public record ReadHints(List<String> columns, String predicateSql) {

    public ReadHints {
        columns = columns == null ? null : List.copyOf(columns);
    }

    public static ReadHints none() {
        return new ReadHints(null, null);
    }
}
