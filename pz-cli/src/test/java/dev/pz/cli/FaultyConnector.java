package dev.pz.cli;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.ConnectorFactory;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A universal-only test connector whose faults are driven by its options (registered for tests
 * through META-INF/services). Reads yield {@code batches} batches of {@code rows} rows of
 * {@code (id bigint, amount double, name varchar)}; {@code fail_after: N} throws after N batches,
 * {@code bad_schema: true} yields batches typed differently from {@link Source#schema},
 * {@code sleep_ms} sleeps before each batch, {@code leak: true} leaks a buffer. Writes count rows
 * and publish {@code <base_dir>/<path>/<entity>.txt} at commit; {@code fail_write} throws from
 * write(), {@code fail_commit} from commit(). Every session call is recorded under {@code probe}.
 */
final class FaultyConnector implements Connector {
    static final Map<String, List<String>> EVENTS = new ConcurrentHashMap<>();
    /** The text statistics each write (by probe) was given (the connector declares TextLengthStats). */
    static final Map<String, Map<String, Long>> TEXT_LENGTHS = new ConcurrentHashMap<>();

    static final Option<Integer> BATCHES = Option.integer("batches", "Batches a read yields.").defaultValue(3);
    static final Option<Integer> ROWS = Option.integer("rows", "Rows per batch.").defaultValue(10);
    static final Option<Integer> FAIL_AFTER = Option.integer("fail_after", "Batches before the read fails.");
    static final Option<Boolean> BAD_SCHEMA = Option.bool("bad_schema", "Yield batches unlike the schema.")
            .defaultValue(false);
    static final Option<Integer> SLEEP_MS = Option.integer("sleep_ms", "Pause before each batch.").defaultValue(0);
    static final Option<Boolean> LEAK = Option.bool("leak", "Leak a buffer.").defaultValue(false);
    static final Option<String> PATH = Option.string("path", "Directory under base_dir.").defaultValue("out");
    static final Option<String> PROBE = Option.string("probe", "Name the session's calls are recorded under.");
    static final Option<Boolean> FAIL_WRITE = Option.bool("fail_write", "Refuse every batch.").defaultValue(false);
    static final Option<Boolean> FAIL_COMMIT = Option.bool("fail_commit", "Fail the commit.").defaultValue(false);

    static final Schema DECLARED = new Schema(List.of(
            Field.nullable("id", new ArrowType.Int(64, true)),
            Field.nullable("amount", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
            Field.nullable("name", ArrowType.Utf8.INSTANCE)));

    /** The ServiceLoader entry point. */
    public static final class Factory implements ConnectorFactory {
        @Override
        public String name() {
            return "faulty";
        }

        @Override
        public Connector create() {
            return new FaultyConnector();
        }
    }

    static List<String> events(String probe) {
        return EVENTS.getOrDefault(probe, List.of());
    }

    private static void record(String probe, String event) {
        if (probe != null) {
            EVENTS.computeIfAbsent(probe, key -> new CopyOnWriteArrayList<>()).add(event);
        }
    }

    @Override
    public String name() {
        return "faulty";
    }

    @Override
    public String version() {
        return "0.0.0-test";
    }

    @Override
    public Set<ConnectorCapability> capabilities() {
        return EnumSet.of(ConnectorCapability.REPLACE_WRITES, ConnectorCapability.TEXT_LENGTH_STATS);
    }

    @Override
    public OptionSet connectionOptions() {
        return OptionSet.none();
    }

    @Override
    public OptionSet readOptions() {
        return OptionSet.of(BATCHES, ROWS, FAIL_AFTER, BAD_SCHEMA, SLEEP_MS, LEAK);
    }

    @Override
    public OptionSet writeOptions() {
        return OptionSet.of(PATH, PROBE, FAIL_WRITE, FAIL_COMMIT);
    }

    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        return ConnectionCheck.passed();
    }

    @Override
    public Optional<Source> openSource(ConnectorConfig config) {
        return Optional.of(new FaultySource());
    }

    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        return Optional.of(new FaultySink(config.baseDirectory().orElseThrow()));
    }

    private static final class FaultySource implements Source {
        @Override
        public Optional<NativeScan> nativeScan(DatasetSpec spec) {
            return Optional.empty();
        }

        @Override
        public Schema schema(DatasetSpec spec) {
            return DECLARED;
        }

        @Override
        public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
            return List.of(new ReadPartition() {
                @Override
                public String id() {
                    return spec.entity();
                }

                @Override
                public ArrowReader open(BufferAllocator allocator, BatchOptions options) {
                    return new FaultyReader(allocator, spec);
                }
            });
        }

        @Override
        public void close() {
        }
    }

    /** Yields the configured batches, or the configured fault. */
    private static final class FaultyReader extends ArrowReader {
        private final DatasetSpec options;
        private final int batches;
        private final int rows;
        private int emitted;

        FaultyReader(BufferAllocator allocator, DatasetSpec options) {
            super(allocator);
            this.options = options;
            this.batches = options.get(BATCHES);
            this.rows = options.get(ROWS);
            if (options.get(LEAK)) {
                allocator.buffer(64);
            }
        }

        @Override
        public boolean loadNextBatch() throws IOException {
            int sleep = options.get(SLEEP_MS);
            if (sleep > 0) {
                try {
                    Thread.sleep(sleep);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted", e);
                }
            }
            if (options.isSet(FAIL_AFTER) && emitted >= options.get(FAIL_AFTER)) {
                throw new IllegalStateException("faulty source gave up after " + emitted + " batches");
            }
            if (emitted >= batches) {
                return false;
            }
            VectorSchemaRoot root = getVectorSchemaRoot();
            root.allocateNew();
            for (int row = 0; row < rows; row++) {
                long id = (long) emitted * rows + row + 1;
                if (options.get(BAD_SCHEMA)) {
                    ((VarCharVector) root.getVector(0)).setSafe(row, Long.toString(id).getBytes());
                    ((BigIntVector) root.getVector(1)).setSafe(row, id * 10);
                } else {
                    ((BigIntVector) root.getVector(0)).setSafe(row, id);
                    ((Float8Vector) root.getVector(1)).setSafe(row, id * 1.5);
                }
                ((VarCharVector) root.getVector(2)).setSafe(row, ("n" + id).getBytes());
            }
            root.setRowCount(rows);
            emitted++;
            return true;
        }

        @Override
        public long bytesRead() {
            return 0;
        }

        @Override
        protected void closeReadSource() {
        }

        @Override
        protected Schema readSchema() {
            if (!options.get(BAD_SCHEMA)) {
                return DECLARED;
            }
            return new Schema(List.of(Field.nullable("id", ArrowType.Utf8.INSTANCE),
                    Field.nullable("amount", new ArrowType.Int(64, true)),
                    Field.nullable("name", ArrowType.Utf8.INSTANCE)));
        }
    }

    private static final class FaultySink implements Sink {
        private final Path baseDir;

        FaultySink(Path baseDir) {
            this.baseDir = baseDir;
        }

        @Override
        public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
            return Optional.empty();
        }

        @Override
        public WriteSession beginWrite(OutputSpec spec, Schema schema) {
            String probe = spec.get(PROBE);
            record(probe, "begin");
            if (probe != null) {
                TEXT_LENGTHS.put(probe, spec.maxTextLengths());
            }
            return new WriteSession() {
                private final List<String> lines = new ArrayList<>();
                private long rows;
                private long batches;

                @Override
                public void write(VectorSchemaRoot batch) {
                    record(probe, "write");
                    if (spec.get(FAIL_WRITE)) {
                        throw new IllegalStateException("faulty sink refused a batch");
                    }
                    rows += batch.getRowCount();
                    batches++;
                    for (int row = 0; row < batch.getRowCount(); row++) {
                        List<String> cells = new ArrayList<>();
                        for (var vector : batch.getFieldVectors()) {
                            cells.add(String.valueOf(vector.getObject(row)));
                        }
                        lines.add(String.join("|", cells));
                    }
                }

                @Override
                public WriteResult commit() {
                    record(probe, "commit");
                    if (spec.get(FAIL_COMMIT)) {
                        throw new IllegalStateException("faulty sink lost the connection while committing");
                    }
                    try {
                        Path file = baseDir.resolve(spec.get(PATH)).resolve(spec.entity() + ".txt");
                        Files.createDirectories(file.getParent());
                        Files.write(file, lines);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    return new WriteResult(rows, batches);
                }

                @Override
                public void abort() {
                    record(probe, "abort");
                }

                @Override
                public void close() {
                    record(probe, "close");
                }
            };
        }

        @Override
        public void close() {
        }
    }
}
