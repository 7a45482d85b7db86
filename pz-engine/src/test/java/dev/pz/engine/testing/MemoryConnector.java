package dev.pz.engine.testing;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.ConnectorFactory;
import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.OptionSchema.OptionType;
import dev.pz.connectors.api.OptionSchema;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A universal-tier connector over {@link MemoryStore}, for testing the engine without files or
 * servers (registered for pz-engine's tests through META-INF/services). A dataset is read from the
 * store's table of that name (or, when the store has none, {@code rows} generated rows) typed by
 * its {@code columns:} contract (int, bigint, double, varchar, boolean). An output's rows land in the
 * store at commit: replaced or appended per the strategy. Faults come from options:
 * {@code fail: <message>} fails permanently, {@code transient_failures: N} fails transiently N
 * times per store first; {@link MemoryStore#refuse} fails an entity from outside the project. Disk faults of a write, for tests on a small volume: {@code spill_to: <file>}
 * also writes its rows as text under the project (so a full disk fails it); {@code fill_disk: <file>}
 * grows a file until the volume holding the project is full, at commit, or with
 * {@code fill_disk_when: begin} before the first batch (an abort then deletes it again, as a failed
 * writer's cleanup would); {@code fail_io: <message>} fails the first batch with that I/O error.
 */
public final class MemoryConnector implements Connector {
    public static final String NAME = "memory";

    /** The ServiceLoader entry point; counts the connectors it creates. */
    public static final class Factory implements ConnectorFactory {
        public static final AtomicInteger CREATED = new AtomicInteger();

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public Connector create() {
            CREATED.incrementAndGet();
            return new MemoryConnector();
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String version() {
        return "0.0.0-test";
    }

    @Override
    public Set<ConnectorCapability> capabilities() {
        return EnumSet.of(ConnectorCapability.REPLACE_WRITES);
    }

    @Override
    public OptionSchema connectionOptions() {
        return OptionSchema.builder().optional("store", OptionType.STRING).optional("secret", OptionType.STRING).build();
    }

    @Override
    public OptionSchema readOptions() {
        return OptionSchema.builder().optional("rows", OptionType.INTEGER).optional("fail", OptionType.STRING)
                .optional("transient_failures", OptionType.INTEGER).build();
    }

    @Override
    public OptionSchema writeOptions() {
        return OptionSchema.builder().optional("fail", OptionType.STRING)
                .optional("transient_failures", OptionType.INTEGER).optional("spill_to", OptionType.STRING)
                .optional("fill_disk", OptionType.STRING).optional("fill_disk_when", OptionType.STRING)
                .optional("fail_io", OptionType.STRING).build();
    }

    @Override
    public Set<String> secretKeys() {
        return Set.of("secret");
    }

    @Override
    public List<String> validate(ConnectorConfig config) {
        Object store = config.values().get("store");
        return store != null && String.valueOf(store).isBlank() ? List.of("'store' must not be blank") : List.of();
    }

    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        return ConnectionCheck.passed();
    }

    @Override
    public Optional<Source> openSource(ConnectorConfig config) {
        return Optional.of(new MemorySource(MemoryStore.named(storeName(config))));
    }

    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        return Optional.of(new MemorySink(MemoryStore.named(storeName(config)),
                Path.of(String.valueOf(config.values().get(ConnectorConfig.BASE_DIR)))));
    }

    private static String storeName(ConnectorConfig config) {
        Object store = config.values().get("store");
        return store == null ? config.connection() : String.valueOf(store);
    }

    /** Throws the configured fault, if any is still due. */
    private static void fault(MemoryStore store, String entity, String what, Map<String, Object> options) {
        Optional<String> refusal = store.refusal(entity);
        if (refusal.isPresent()) {
            throw new PzConnectorException(PzCode.NODE_FAILED, what + ": " + refusal.get());
        }
        Object fail = options.get("fail");
        if (fail != null) {
            throw new PzConnectorException(PzCode.NODE_FAILED, what + ": " + fail);
        }
        Object transients = options.get("transient_failures");
        if (transients != null && store.failOnce(what, Integer.parseInt(String.valueOf(transients)))) {
            throw new PzConnectorException(what + ": transient failure", true);
        }
    }

    private static Schema schemaOf(DatasetSpec spec) {
        Map<String, String> contract = spec.contract().orElseThrow(() -> new PzConnectorException(
                PzCode.CONNECTOR_CONFIG_INVALID, "dataset '" + spec.entity() + "': memory needs a columns: contract"));
        List<Field> fields = new ArrayList<>();
        contract.forEach((name, word) -> {
            ContractTypes type = ContractTypes.fromWord(word).filter(MemoryConnector::supported).orElseThrow(() ->
                    new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, "dataset '" + spec.entity()
                            + "': memory cannot carry column '" + name + "' of type " + word));
            fields.add(Field.nullable(name, type.arrowType()));
        });
        return new Schema(fields);
    }

    private static boolean supported(ContractTypes type) {
        return EnumSet.of(ContractTypes.INT, ContractTypes.BIGINT, ContractTypes.DOUBLE, ContractTypes.VARCHAR,
                ContractTypes.BOOLEAN).contains(type);
    }

    private static final class MemorySource implements Source {
        private final MemoryStore store;

        MemorySource(MemoryStore store) {
            this.store = store;
        }

        @Override
        public Optional<NativeScan> nativeScan(DatasetSpec spec) {
            return Optional.empty();
        }

        @Override
        public void checkUniversalRead(DatasetSpec spec) {
            schemaOf(spec);
        }

        @Override
        public Schema schema(DatasetSpec spec) {
            return schemaOf(spec);
        }

        @Override
        public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
            Schema schema = schemaOf(spec);
            String what = "dataset '" + spec.entity() + "'";
            fault(store, spec.entity(), "read " + what, spec.options());
            List<List<Object>> rows = store.table(spec.entity()).orElseGet(() -> generated(schema,
                    spec.option("rows").map(Integer::parseInt).orElse(3)));
            return List.of(new ReadPartition() {
                @Override
                public String id() {
                    return spec.entity();
                }

                @Override
                public ArrowReader open(BufferAllocator allocator, BatchOptions options) {
                    return new RowsReader(allocator, schema, rows);
                }
            });
        }

        @Override
        public void close() {
        }

        private static List<List<Object>> generated(Schema schema, int count) {
            List<List<Object>> rows = new ArrayList<>();
            for (int i = 1; i <= count; i++) {
                List<Object> row = new ArrayList<>();
                for (Field field : schema.getFields()) {
                    row.add(switch (ContractTypesOf.of(field)) {
                        case INT -> i;
                        case BIGINT -> (long) i;
                        case DOUBLE -> i * 1.5;
                        case BOOLEAN -> i % 2 == 0;
                        default -> field.getName() + "-" + i;
                    });
                }
                rows.add(row);
            }
            return rows;
        }
    }

    /** The contract type an Arrow field of a memory schema carries. */
    private static final class ContractTypesOf {
        static ContractTypes of(Field field) {
            for (ContractTypes type : ContractTypes.values()) {
                if (type.arrowType().equals(field.getType())) {
                    return type;
                }
            }
            throw new IllegalArgumentException("not a memory type: " + field);
        }
    }

    /** One batch holding every row. */
    private static final class RowsReader extends ArrowReader {
        private final Schema schema;
        private final List<List<Object>> rows;
        private boolean done;

        RowsReader(BufferAllocator allocator, Schema schema, List<List<Object>> rows) {
            super(allocator);
            this.schema = schema;
            this.rows = rows;
        }

        @Override
        public boolean loadNextBatch() throws IOException {
            if (done) {
                return false;
            }
            done = true;
            VectorSchemaRoot root = getVectorSchemaRoot();
            root.allocateNew();
            for (int r = 0; r < rows.size(); r++) {
                for (int c = 0; c < schema.getFields().size(); c++) {
                    set(root.getVector(c), r, rows.get(r).get(c));
                }
            }
            root.setRowCount(rows.size());
            return true;
        }

        private static void set(FieldVector vector, int row, Object value) {
            if (value == null) {
                vector.setNull(row);
            } else if (vector instanceof BigIntVector v) {
                v.setSafe(row, ((Number) value).longValue());
            } else if (vector instanceof IntVector v) {
                v.setSafe(row, ((Number) value).intValue());
            } else if (vector instanceof Float8Vector v) {
                v.setSafe(row, ((Number) value).doubleValue());
            } else if (vector instanceof BitVector v) {
                v.setSafe(row, (Boolean) value ? 1 : 0);
            } else {
                ((VarCharVector) vector).setSafe(row, String.valueOf(value).getBytes(StandardCharsets.UTF_8));
            }
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
            return schema;
        }
    }

    private static final class MemorySink implements Sink {
        private final MemoryStore store;
        private final Path baseDir;

        MemorySink(MemoryStore store, Path baseDir) {
            this.store = store;
            this.baseDir = baseDir;
        }

        @Override
        public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
            return Optional.empty();
        }

        @Override
        public WriteSession beginWrite(OutputSpec spec, Schema schema) {
            String what = "output '" + spec.entity() + "'";
            fault(store, spec.entity(), "write " + what, spec.options());
            Optional<Path> filler = spec.option("fill_disk").map(baseDir::resolve);
            boolean fillAtBegin = spec.option("fill_disk_when").filter("begin"::equals).isPresent();
            if (fillAtBegin) {
                filler.ifPresent(MemorySink::fillDisk);
            }
            return new WriteSession() {
                private final List<List<Object>> rows = new ArrayList<>();
                private long batches;

                @Override
                public void write(VectorSchemaRoot batch) {
                    Optional<String> io = spec.option("fail_io");
                    if (io.isPresent()) {
                        throw new UncheckedIOException(new java.nio.file.FileSystemException(
                                baseDir.resolve(spec.entity()).toString(), null, io.get()));
                    }
                    batches++;
                    for (int r = 0; r < batch.getRowCount(); r++) {
                        List<Object> row = new ArrayList<>();
                        for (FieldVector vector : batch.getFieldVectors()) {
                            Object value = vector.getObject(r);
                            row.add(value == null ? null : value instanceof org.apache.arrow.vector.util.Text text
                                    ? text.toString() : value);
                        }
                        rows.add(row);
                    }
                    spec.option("spill_to").ifPresent(file -> spill(baseDir.resolve(file), batch));
                }

                @Override
                public WriteResult commit() {
                    if (!fillAtBegin) {
                        filler.ifPresent(MemorySink::fillDisk);
                    }
                    store.put(spec.entity(), rows, spec.strategy() == WriteStrategy.APPEND);
                    return new WriteResult(rows.size(), batches);
                }

                @Override
                public void abort() {
                    if (fillAtBegin) {
                        filler.ifPresent(file -> {
                            try {
                                Files.deleteIfExists(file);
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        });
                    }
                }

                @Override
                public void close() {
                }
            };
        }

        @Override
        public void close() {
        }

        private static void spill(Path file, VectorSchemaRoot batch) {
            try {
                Files.createDirectories(file.getParent());
                Files.writeString(file, batch.contentToTSVString(), StandardCharsets.UTF_8,
                        java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new UncheckedIOException("could not spill to " + file + ": " + e.getMessage(), e);
            }
        }

        /** Grows {@code file} until the volume refuses another byte; the volume is then full. */
        private static void fillDisk(Path file) {
            byte[] block = new byte[64 * 1024];
            try (OutputStream out = Files.newOutputStream(file)) {
                while (true) {
                    out.write(block);
                }
            } catch (IOException full) {
                // The volume is full now: the point of this option.
            }
        }
    }
}
