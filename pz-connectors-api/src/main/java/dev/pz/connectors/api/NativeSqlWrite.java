package dev.pz.connectors.api;

import java.util.List;
import java.util.Objects;

/**
 * A write DuckDB performs inside the run's session, into a database that the setup statements
 * attached (a DuckDB file, a lakehouse catalog): no file is copied and nothing is published.
 *
 * <p>The engine runs {@code setupStatements} once per run (they must be idempotent:
 * {@code attach if not exists}, {@code load}), then {@code statements} in one transaction, each
 * with every {@value #SOURCE} replaced by the staged relation. A failure rolls the transaction
 * back, so the destination stays as it was. {@code statements} must hold no secret (a failure
 * message may quote DuckDB's error about them); credentials belong in the setup statements, whose
 * text is never echoed. {@code mechanism} is for the plan's reason text (e.g. {@code duckdb merge}).
 */
public record NativeSqlWrite(List<String> setupStatements, List<String> statements, String mechanism) {

    /** The placeholder for the staged relation in {@link #statements}. */
    public static final String SOURCE = "{{source}}";

    public NativeSqlWrite {
        setupStatements = List.copyOf(setupStatements);
        statements = List.copyOf(statements);
        if (statements.isEmpty()) {
            throw new IllegalArgumentException("a native SQL write needs at least one statement");
        }
        Objects.requireNonNull(mechanism, "mechanism");
    }

    /** The statements with {@value #SOURCE} replaced by {@code relation}. */
    public List<String> statementsFor(String relation) {
        return statements.stream().map(statement -> statement.replace(SOURCE, relation)).toList();
    }
}
