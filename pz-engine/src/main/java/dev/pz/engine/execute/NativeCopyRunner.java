package dev.pz.engine.execute;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSqlException;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The two halves of a native write (the contract of {@link NativeCopy}): DuckDB's COPY of the
 * staged relation into a fresh temporary, then the connector's publish of the finished file. A
 * failure in either half deletes the temporary, so the previous output stays whole; a kill leaves
 * it in a {@code .pz-tmp} directory the run recorded, where the next run or {@code pz clean} finds it.
 */
final class NativeCopyRunner {

    private NativeCopyRunner() {
    }

    /** Runs the COPY from {@code relation}; returns the finished temporary and the rows DuckDB wrote. */
    static CopiedFile copy(String output, NativeCopy copy, RunContext context, DuckConnection connection,
            String relation) {
        context.setup().ensure(connection, copy.setupStatements(), "output '" + output + "'");
        Path directory = copy.temporaryDirectory() != null ? copy.temporaryDirectory() : context.temporaries().spool();
        Path temporary;
        try {
            temporary = context.temporaries().create(directory);
        } catch (IOException e) {
            throw new PzConnectorException(PzCode.NODE_FAILED, "could not create a temporary file for '" + output
                    + "': " + e.getClass().getSimpleName().replace("Exception", "") + " " + e.getMessage(), false, null, e);
        }
        try {
            long rows = connection.execute(copy.copyStatement(relation, temporary));
            return new CopiedFile(Math.max(0, rows), temporary);
        } catch (DuckSqlException e) {
            context.temporaries().release(temporary);
            throw new PzConnectorException(null, "native copy statement failed: " + FailureMessages.redact(e.getMessage()),
                    false, null, e);
        } catch (RuntimeException e) {
            context.temporaries().release(temporary);
            throw e;
        }
    }

    /**
     * Hands the finished file to the connector's publish, then deletes whatever is left of it. A
     * publisher that is {@link dev.pz.connectors.api.Cancellable} (an upload) is stopped by a cancel.
     */
    static void publish(String output, NativeCopy copy, CopiedFile copied, RunContext context) {
        try {
            publishKeepingOnFailure(output, copy, copied, context);
        } catch (RuntimeException e) {
            context.temporaries().release(copied.temporary());
            throw e;
        }
    }

    /**
     * As {@link #publish}, but a failed publish leaves the finished file where it is, for another
     * attempt; the run deletes it at its end if nothing publishes it.
     */
    static void publishKeepingOnFailure(String output, NativeCopy copy, CopiedFile copied, RunContext context) {
        try (Cancellation.Registration stoppable = context.cancellation().trackWhileOpen(copy.publisher())) {
            copy.publisher().publish(copied.temporary());
        } catch (IOException e) {
            throw new PzConnectorException(PzCode.NODE_FAILED, "could not publish the finished output '" + output
                    + "': " + e.getClass().getSimpleName().replace("Exception", "") + " " + e.getMessage(), false, null, e);
        }
        context.temporaries().release(copied.temporary());
    }
}
