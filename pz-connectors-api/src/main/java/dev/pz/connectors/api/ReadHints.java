package dev.pz.connectors.api;

import java.util.List;
import java.util.stream.Collectors;

/**
 * What the single reader of a dataset needs: the columns it references (null = every column) and
 * conditions every row it keeps satisfies ({@link ReadPredicate}s, all of them: a conjunction;
 * empty = none). A connector may ignore either, or any one predicate; pz re-applies the reader's
 * SQL on the staged data, so ignoring a hint is always correct.
 */
public record ReadHints(List<String> columns, List<ReadPredicate> predicates) {

    public ReadHints {
        columns = columns == null ? null : List.copyOf(columns);
        predicates = predicates == null ? List.of() : List.copyOf(predicates);
    }

    public static ReadHints none() {
        return new ReadHints(null, List.of());
    }

    /** The predicates read as one condition, e.g. {@code amount > 500 and flag = true}; empty when none. */
    public String describePredicates() {
        return predicates.stream().map(ReadPredicate::describe).collect(Collectors.joining(" and "));
    }
}
