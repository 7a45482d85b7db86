package dev.pz.engine.execute;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSqlException;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.plan.PlannedNode;
import dev.pz.engine.plan.Strategy;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Drains a pipeline's relation to its output. On the native tier DuckDB writes a temporary file
 * beside the destination and the engine renames it into place, so a failed write leaves the
 * previous output whole.
 */
final class SinkWriteExecutor {

    NodeOutcome execute(SinkWriteNode node, RunContext context, DuckConnection connection) {
        PlannedNode planned = context.plan().node(node.id()).orElseThrow();
        String relation = Relations.staging(node.pipeline());
        if (planned.strategy() != Strategy.NATIVE_COPY || planned.nativeCopy() == null) {
            OutputSpec spec = new OutputSpec(node.connection(), node.entity(), node.write().strategy(),
                    node.write().schemaPolicy(), node.write().options(), node.write().keys(),
                    new OutputSpec.WriteAttempt(context.runId(), node.name(), 1));
            UniversalWrite.Written written = UniversalWrite.write(node, spec, context, connection, relation);
            return new NodeOutcome(written.rows(), null, null, written.timings(), null);
        }
        NativeCopy copy = planned.nativeCopy();
        long rows = Counts.rows(connection, relation);
        context.setup().ensure(connection, copy.setupStatements(), "output '" + node.name() + "'");
        createDirectories(node, copy);
        try {
            connection.execute(copy.copySql().replace(NativeCopy.SOURCE, relation));
        } catch (DuckSqlException e) {
            deleteTemporaries(copy);
            throw new PzConnectorException(null, "native copy statement failed: " + FailureMessages.redact(e.getMessage()),
                    false, null, e);
        } catch (RuntimeException e) {
            deleteTemporaries(copy);
            throw e;
        }
        finalizeFiles(node, copy);
        return NodeOutcome.rows(rows);
    }

    private static void createDirectories(SinkWriteNode node, NativeCopy copy) {
        try {
            for (Path directory : copy.directories()) {
                Files.createDirectories(directory);
            }
            for (NativeCopy.FileMove move : copy.finalizations()) {
                Files.createDirectories(move.temporary().toAbsolutePath().getParent());
                Files.createDirectories(move.target().toAbsolutePath().getParent());
            }
        } catch (IOException e) {
            throw new PzConnectorException(null, "could not create the output directory for '" + node.name() + "': "
                    + e.getMessage(), false, null, e);
        }
    }

    private static void finalizeFiles(SinkWriteNode node, NativeCopy copy) {
        for (NativeCopy.FileMove move : copy.finalizations()) {
            try {
                try {
                    Files.move(move.temporary(), move.target(), StandardCopyOption.REPLACE_EXISTING,
                            StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(move.temporary(), move.target(), StandardCopyOption.REPLACE_EXISTING);
                }
            } catch (IOException e) {
                deleteTemporaries(copy);
                throw new PzConnectorException(null, "could not move the finished output into place for '"
                        + node.name() + "': " + e.getMessage(), false, null, e);
            }
        }
    }

    private static void deleteTemporaries(NativeCopy copy) {
        for (NativeCopy.FileMove move : copy.finalizations()) {
            try {
                Files.deleteIfExists(move.temporary());
            } catch (IOException ignored) {
                // Best effort: a leftover .pz-native-* file is harmless and names itself.
            }
        }
    }
}
