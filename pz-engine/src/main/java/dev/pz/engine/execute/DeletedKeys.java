package dev.pz.engine.execute;

import dev.pz.connectors.api.DeleteApplyingSession;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.duckdb.ArrowEgress;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.SqlLiterals;
import dev.pz.engine.compile.SinkWriteNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * The keys a cdc-fed merge output deletes (or soft-deletes): the output's merge keys, in their
 * declared order, of the rows the cdc dataset's last changes deleted ({@code <staging>__deletes}).
 * They are checked before the sink opens a session, and handed to it after the upserted rows.
 */
final class DeletedKeys {
    /** What to do, in the message itself: a failed node's line shows no hint. */
    static final String FIX = "on_delete: delete|soft requires the merge keys to flow unchanged from the cdc dataset"
            + " (rename them in the pipeline's upsert view only)";

    private final SinkWriteNode node;
    private final String relation;

    DeletedKeys(SinkWriteNode node, String relation) {
        this.node = node;
        this.relation = relation;
    }

    /** PZ0340 unless every merge key is a column of the deleted rows and none of them is null. */
    void check(DuckConnection connection) {
        Set<String> present = new HashSet<>();
        connection.query("select column_name from (describe " + relation + ")", rs -> rs.getString(1))
                .forEach(column -> present.add(column.toLowerCase(Locale.ROOT)));
        List<String> keys = node.write().keys();
        List<String> missing = keys.stream().filter(key -> !present.contains(key.toLowerCase(Locale.ROOT))).toList();
        if (!missing.isEmpty()) {
            throw unavailable("merge key column(s) [" + String.join(", ", missing) + "] are not columns of the cdc"
                    + " dataset's deleted rows");
        }
        String anyNull = keys.stream().map(key -> SqlLiterals.identifier(key) + " is null")
                .collect(Collectors.joining(" or "));
        long nulls = ((Number) connection.queryScalar("select count(*) from " + relation + " where " + anyNull)
                .orElse(0L)).longValue();
        if (nulls > 0) {
            throw unavailable(nulls + " deleted row(s) have a null merge key [" + String.join(", ", keys) + "]");
        }
    }

    /** Streams the keys into the session; the caller commits afterwards, or aborts on a failure. */
    void apply(DuckConnection connection, BufferAllocator allocator, WriteSession session) {
        if (!(session instanceof DeleteApplyingSession deleting)) {
            throw new PzConnectorException(PzCode.DELETE_APPLY_UNSUPPORTED, "output '" + node.name() + "': the sink"
                    + " declares ApplyDeletes but its merge session does not take deleted keys",
                    "report this to the connector's author");
        }
        String select = "select " + node.write().keys().stream().map(SqlLiterals::identifier)
                .collect(Collectors.joining(", ")) + " from " + relation;
        try (ArrowReader reader = ArrowEgress.query(connection, select, allocator, UniversalWrite.EGRESS_BATCH_ROWS)) {
            while (reader.loadNextBatch()) {
                if (reader.getVectorSchemaRoot().getRowCount() > 0) {
                    deleting.deleteKeys(reader.getVectorSchemaRoot());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private PzException unavailable(String problem) {
        return new PzException(PzError.of(PzCode.CDC_DELETE_KEYS_UNAVAILABLE, "output '" + node.name() + "': " + problem
                + " -- " + FIX));
    }
}
