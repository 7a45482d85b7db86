package dev.pz.engine.execute;

import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.duckdb.ArrowEgress;
import dev.pz.duckdb.DuckConnection;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.events.NodeMeter;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.model.ConnectionDef;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The universal tier of a sink write: DuckDB exports the staged relation as Arrow batches on a
 * producer thread into a bounded channel; this thread hands each batch to the connector's write
 * session, then commits. Any failure before the commit aborts the session, leaving the destination
 * as it was; a failed commit is never followed by an abort (its outcome is unknown). A cancelled
 * node stops the egress query and, when the session is {@link Cancellable}, a call blocked in it.
 * The sink's local temporaries directory is recorded first, so a kill leaves nothing pz cannot
 * find. A connector that declares {@code TextLengthStats} gets the longest value of every text
 * column ({@link TextLengthStats}) in {@code OutputSpec.maxTextLengths}, to size the columns it creates.
 */
final class UniversalWrite {
    static final int EGRESS_BATCH_ROWS = 122_880;

    /** Rows written, the channel's stall times, and the rows the relation yielded. */
    record Written(long rows, NodeResult.Timings timings, long relationRows) {
    }

    private UniversalWrite() {
    }

    /** @param deletes the keys a cdc-fed merge deletes after its upserts, or null */
    static Written write(SinkWriteNode node, OutputSpec planned, RunContext context, DuckConnection connection,
            String relation, DeletedKeys deletes) {
        return write(node, planned, context, connection, relation, deletes, BatchChannel.CAPACITY, false);
    }

    /**
     * Writes a relation that can be read only once (a pipeline streamed from its source): its schema
     * is taken from the open egress rather than probed, and no text lengths are measured.
     */
    static Written writeOnce(SinkWriteNode node, OutputSpec planned, RunContext context, DuckConnection connection,
            String relation, int channelCapacity) {
        return write(node, planned, context, connection, relation, null, channelCapacity, true);
    }

    private static Written write(SinkWriteNode node, OutputSpec planned, RunContext context,
            DuckConnection connection, String relation, DeletedKeys deletes, int channelCapacity, boolean readOnce) {
        ConnectionDef def = context.project().connections().get(node.connection());
        Connector connector = context.connectors().find(def.connector()).orElseThrow(() -> new PzException(
                PzCode.CONNECTOR_NOT_INSTALLED, "connector '" + def.connector() + "' is not installed"));
        Sink sink = connector.openSink(ConnectorRegistry.configFor(def, context.project().directory()))
                .orElseThrow(() -> new PzException(PzCode.CONNECTOR_NOT_INSTALLED, "connector '" + def.connector()
                        + "' cannot write"));
        String sql = "select * from " + relation;
        try (sink; NodeMemory memory = NodeMemory.open(node.name(), def.connector(), context.arrowPeak());
                BatchChannel channel = new BatchChannel(context.cancellation(), channelCapacity);
                Egress egress = readOnce ? Egress.opened(connection, sql, memory.allocator())
                        : Egress.deferred(connection, sql, memory.allocator())) {
            BufferAllocator allocator = memory.allocator();
            Schema schema = egress.schema();
            Cancellation scope = context.cancellation();
            sink.temporaryDirectory(planned).ifPresent(context.temporaries()::use);
            OutputSpec spec = !readOnce && connector.capabilities().contains(ConnectorCapability.TEXT_LENGTH_STATS)
                    ? planned.withMaxTextLengths(TextLengthStats.measure(connection, relation, schema)) : planned;
            WriteSession session = sink.beginWrite(spec, schema);
            try (session; Cancellation.Registration stoppable = scope.trackWhileOpen(session)) {
                ArrowProducers producers = ArrowProducers.start(channel, scope, List.of(egress::take),
                        "pz-egress-" + node.name());
                Progress progress = new Progress(node, context.events());
                context.events().nodeMetered(node, () -> new NodeMeter.NodeCounters(progress.rows(),
                        NodeMeter.NodeCounters.UNKNOWN, NodeMeter.NodeCounters.UNKNOWN));
                try {
                    drain(channel, schema, allocator, session, progress);
                    producers.join();
                    if (deletes != null) {
                        deletes.apply(connection, allocator, session);
                    }
                    // A run cancelled after the last batch still leaves the destination as it was.
                    scope.throwIfCancelled();
                } catch (RuntimeException e) {
                    channel.close();
                    producers.stop();
                    producers.join();
                    session.abort();
                    RuntimeException cause = producers.failure();
                    throw cause != null && !(cause instanceof Cancellation.CancelledException) ? cause : e;
                }
                WriteResult result = session.commit();
                MergeKeyDuplicates.reportCounted(node, context, result);
                // A sink's producer stall is the writer waiting for DuckDB (this thread's takes), its
                // consumer stall the egress waiting for the writer (the producer thread's puts).
                NodeResult.Timings channelSides = channel.timings();
                return new Written(result.rowsWritten(), new NodeResult.Timings(channelSides.consumerStallMs(),
                        channelSides.producerStallMs()), progress.rows());
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void drain(BatchChannel channel, Schema schema, BufferAllocator allocator, WriteSession session,
            Progress progress) {
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
            for (ArrowRecordBatch next = channel.take(); next != null; next = channel.take()) {
                long bytes;
                try (ArrowRecordBatch batch = next) {
                    bytes = batch.computeBodyLength();
                    new VectorLoader(root).load(batch);
                }
                session.write(root);
                progress.batch(root.getRowCount(), bytes);
            }
        }
    }
}
