package dev.pz.engine.execute;

import dev.pz.connectors.api.NativeSqlWrite;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSqlException;

/**
 * A native write into a database the run's session attached (the contract of {@link NativeSqlWrite}):
 * the connector's statements run in one transaction, so a failure leaves the destination as it was.
 */
final class NativeSqlWriteRunner {

    private NativeSqlWriteRunner() {
    }

    /** Runs the write from {@code relation}; returns the rows of the relation, counted before it. */
    static long write(String output, NativeSqlWrite write, RunContext context, DuckConnection connection,
            String relation) {
        context.setup().ensure(connection, write.setupStatements(), "output '" + output + "'");
        long rows = connection.queryScalar("select count(*) from " + relation)
                .map(value -> ((Number) value).longValue()).orElse(0L);
        connection.execute("begin transaction");
        try {
            for (String statement : write.statementsFor(relation)) {
                connection.execute(statement);
            }
            connection.execute("commit");
            return rows;
        } catch (DuckSqlException e) {
            rollbackQuietly(connection, e);
            throw new PzConnectorException(null, "native copy statement failed: " + FailureMessages.redact(e.getMessage()),
                    false, null, e);
        } catch (RuntimeException e) {
            rollbackQuietly(connection, e);
            throw e;
        }
    }

    private static void rollbackQuietly(DuckConnection connection, RuntimeException failure) {
        try {
            connection.execute("rollback");
        } catch (RuntimeException rollback) {
            failure.addSuppressed(rollback);
        }
    }
}
