package dev.pz.engine.execute;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.api.error.PzException;
import dev.pz.duckdb.ArrowIngest;
import dev.pz.duckdb.DuckConnection;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.events.NodeMeter;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.model.ConnectionDef;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The universal tier of a source load: the connector's partitions are read on producer threads
 * into a bounded channel, which DuckDB scans through the Arrow C stream interface into the staging
 * table. Parsing and ingesting overlap; the channel's stalls say which side was the bottleneck.
 */
final class UniversalIngest {

    /** Rows landed, the channel's stall times, and the partitions read (closed; asked only for what they learnt). */
    record Landed(long rows, NodeResult.Timings timings, List<ReadPartition> partitions) {
    }

    private UniversalIngest() {
    }

    /** Where the source's batches go: the consumer end of the channel, drained once; returns the rows taken. */
    interface Destination {
        long take(ChannelReader reader, BufferAllocator allocator);
    }

    /** Lands the source as {@code table}. */
    static Landed land(SourceLoadNode node, DatasetSpec spec, RunContext context, DuckConnection connection,
            String table) {
        return read(node, spec, context, BatchChannel.CAPACITY,
                (reader, allocator) -> ArrowIngest.createTable(connection, table, reader, allocator));
    }

    /**
     * Reads the source's partitions on producer threads into a bounded channel ({@code channelCapacity}
     * batches) drained by
     * {@code destination}; on any failure every producer is stopped and joined, and the source's own
     * failure, when it had one, is the one thrown.
     */
    static Landed read(SourceLoadNode node, DatasetSpec spec, RunContext context, int channelCapacity,
            Destination destination) {
        ConnectionDef def = context.project().connections().get(node.connection());
        Connector connector = context.connectors().find(def.connector()).orElseThrow(() -> new PzException(
                PzCode.CONNECTOR_NOT_INSTALLED, "connector '" + def.connector() + "' is not installed"));
        Source source = connector.openSource(ConnectorRegistry.configFor(def, context.project().directory()))
                .orElseThrow(() -> new PzException(PzCode.CONNECTOR_NOT_INSTALLED, "connector '" + def.connector()
                        + "' cannot read"));
        try (source; NodeMemory memory = NodeMemory.open(node.name(), def.connector(), context.arrowPeak());
                BatchChannel channel = new BatchChannel(context.cancellation(), channelCapacity)) {
            BufferAllocator allocator = memory.allocator();
            Projected projected = projectToHints(hintsFor(node, connector), source.schema(spec));
            Schema schema = projected.schema();
            List<ReadPartition> partitions = source.planRead(spec, projected.hints());
            if (partitions.size() > 1 && !connector.capabilities().contains(ConnectorCapability.PARTITIONED_READ)) {
                throw new PzConnectorException(PzCode.PARTITION_IDENTITY_INVALID, "connector '" + def.connector()
                        + "' split dataset '" + spec.entity() + "' into " + partitions.size() + " partitions but does"
                        + " not declare PartitionedRead", "report this to the connector's author");
            }
            if (spec.changeCapture() != null && partitions.size() != 1) {
                throw new PzConnectorException(PzCode.SYNC_PARTITIONED_READ_CONFLICT, "connector '" + def.connector()
                        + "' split cdc dataset '" + spec.entity() + "' into " + partitions.size() + " partitions, but a"
                        + " log position cannot span partitions", "report this to the connector's author");
            }
            BatchOptions options = batchOptions(context, partitions.size());
            ArrowProducers producers = ArrowProducers.start(channel, context.cancellation(), partitions.stream()
                    .map(partition -> (ArrowProducers.ReaderSource) () -> partition.open(allocator, options)).toList(),
                    "pz-read-" + node.name(), schema);
            Progress progress = new Progress(node, context.events());
            long sizeBytes = sizeBytes(partitions);
            context.events().nodeMetered(node, () -> new NodeMeter.NodeCounters(progress.rows(),
                    sizeBytes < 0 ? NodeMeter.NodeCounters.UNKNOWN : producers.bytesRead(), sizeBytes));
            try (ChannelReader reader = new ChannelReader(allocator, channel, schema, progress)) {
                long rows = destination.take(reader, allocator);
                producers.join();
                return new Landed(rows, channel.timings(), partitions);
            } catch (RuntimeException e) {
                // Whatever failed, every producer is stopped and joined before the allocator closes.
                channel.close();
                producers.stop();
                producers.join();
                RuntimeException cause = producers.failure();
                throw cause != null && !(cause instanceof Cancellation.CancelledException) ? cause : e;
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    /** The bytes all partitions read, when every one knows its size; else unknown. */
    private static long sizeBytes(List<ReadPartition> partitions) {
        long total = 0;
        for (ReadPartition partition : partitions) {
            long size = partition.sizeBytes();
            if (size < 0) {
                return NodeMeter.NodeCounters.UNKNOWN;
            }
            total += size;
        }
        return total;
    }

    /** The node's hints as far as the connector's capabilities take them (SourceLoadExecutor.HintsFor). */
    static ReadHints hintsFor(SourceLoadNode node, Connector connector) {
        ReadHints hints = node.hints();
        if (hints == null) {
            return ReadHints.none();
        }
        boolean columns = connector.capabilities().contains(ConnectorCapability.COLUMN_PRUNING);
        boolean predicate = connector.capabilities().contains(ConnectorCapability.PREDICATE_PUSHDOWN);
        return new ReadHints(columns ? hints.columns() : null, predicate ? hints.predicates() : null);
    }

    /** Hints reconciled with the source's schema, and the schema the read will then produce. */
    record Projected(ReadHints hints, Schema schema) {
    }

    /**
     * ProjectToHints: narrows the schema to the hinted columns in the source's order and spelling;
     * when any hinted column is absent from the source, the column hint is dropped entirely.
     */
    static Projected projectToHints(ReadHints hints, Schema schema) {
        if (hints.columns() == null) {
            return new Projected(hints, schema);
        }
        java.util.Set<String> wanted = new java.util.HashSet<>();
        hints.columns().forEach(column -> wanted.add(column.toLowerCase(java.util.Locale.ROOT)));
        List<Field> kept = schema.getFields().stream()
                .filter(field -> wanted.contains(field.getName().toLowerCase(java.util.Locale.ROOT))).toList();
        if (kept.size() != wanted.size() || kept.isEmpty()) {
            return new Projected(new ReadHints(null, hints.predicates()), schema);
        }
        return new Projected(new ReadHints(kept.stream().map(Field::getName).toList(), hints.predicates()),
                new Schema(kept, schema.getCustomMetadata()));
    }

    private static BatchOptions batchOptions(RunContext context, int partitions) {
        Long configured = context.project().engine().batchBytes();
        long target = configured != null ? configured : BatchOptions.DEFAULT_TARGET_BYTES;
        return new BatchOptions(Math.max(1, target / Math.max(1, partitions)), BatchOptions.DEFAULT_MAX_ROWS);
    }
}
