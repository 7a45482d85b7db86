package dev.pz.engine.execute;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckErrors;
import dev.pz.duckdb.DuckSqlException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs each distinct native setup statement once per run. A failed statement is forgotten, so a
 * retry issues it again. The statement text is never echoed: it can hold secrets.
 */
public final class SetupLedger {
    private final Set<String> done = ConcurrentHashMap.newKeySet();

    public synchronized void ensure(DuckConnection connection, List<String> statements, String description) {
        for (String statement : statements) {
            if (done.contains(statement)) {
                continue;
            }
            try {
                connection.execute(statement);
                done.add(statement);
            } catch (DuckSqlException e) {
                String hint = statement.trim().toLowerCase(java.util.Locale.ROOT).startsWith("install")
                        ? " (first use of a DuckDB extension needs network access to install it)" : "";
                throw new PzException(PzCode.NATIVE_SETUP_FAILED, "native setup statement failed: " + description
                        + " — " + DuckErrors.sanitize(e.getMessage()) + hint);
            }
        }
    }
}
