package dev.pz.cli;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.Cancellable;
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
import dev.pz.connectors.api.error.PzConnectorException;
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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
 * {@code (id bigint, amount double, name varchar)}; {@code fail_after: N} throws after N batches
 * ({@code transient: true} makes that a transient connector failure), {@code fail_times: N} fails
 * the first N opens under a {@code probe} transiently, {@code bad_schema: true} yields batches typed
 * differently from {@link Source#schema}, {@code sleep_ms} sleeps before each batch,
 * {@code leak: true} leaks a buffer. {@code block: true} blocks the first batch until the reader is
 * cancelled; {@code ignore_cancel: true} blocks it until the test calls {@link #release}. A blocked
 * read counts down {@link #blocked} for its probe, and {@code announce: true} prints
 * {@code faulty: blocked <entity>} on stderr, for a test driving a separate pz process.
 *
 * <p>Writes count rows and publish {@code <base_dir>/<path>/<entity>.txt} at commit;
 * {@code fail_write} throws from write(), {@code fail_commit} from commit(), {@code block_write}
 * blocks write() until the session is cancelled. Every read open and session call is recorded under
 * {@code probe}, and the text statistics each write was given under its probe in
 * {@link #TEXT_LENGTHS} (the connector declares TextLengthStats).
 */
final class FaultyConnector implements Connector {
    static final Map<String, List<String>> EVENTS = new ConcurrentHashMap<>();
    private static final Map<String, CountDownLatch> BLOCKED = new ConcurrentHashMap<>();
    private static final Map<String, CountDownLatch> RELEASED = new ConcurrentHashMap<>();
    private static final Map<String, AtomicInteger> OPENS = new ConcurrentHashMap<>();
    /** The text statistics each write (by probe) was given. */
    static final Map<String, Map<String, Long>> TEXT_LENGTHS = new ConcurrentHashMap<>();

    static final Option<Integer> BATCHES = Option.integer("batches", "Batches a read yields.").defaultValue(3);
    static final Option<Integer> ROWS = Option.integer("rows", "Rows per batch.").defaultValue(10);
    static final Option<Integer> FAIL_AFTER = Option.integer("fail_after", "Batches before the read fails.");
    static final Option<Boolean> TRANSIENT = Option.bool("transient", "Make fail_after a transient failure.")
            .defaultValue(false);
    static final Option<Integer> FAIL_TIMES = Option.integer("fail_times", "Opens under the probe that fail"
            + " transiently.").defaultValue(0);
    static final Option<Boolean> BAD_SCHEMA = Option.bool("bad_schema", "Yield batches unlike the schema.")
            .defaultValue(false);
    static final Option<Integer> SLEEP_MS = Option.integer("sleep_ms", "Pause before each batch.").defaultValue(0);
    static final Option<Boolean> LEAK = Option.bool("leak", "Leak a buffer.").defaultValue(false);
    static final Option<Boolean> BLOCK = Option.bool("block", "Block the first batch until cancelled.")
            .defaultValue(false);
    static final Option<Boolean> IGNORE_CANCEL = Option.bool("ignore_cancel", "Block the first batch until the"
            + " test releases it.").defaultValue(false);
    static final Option<Boolean> ANNOUNCE = Option.bool("announce", "Print a line on stderr when blocked.")
            .defaultValue(false);
    static final Option<String> PROBE = Option.string("probe", "Name the calls are recorded under.");
    static final Option<String> PATH = Option.string("path", "Directory under base_dir.").defaultValue("out");
    static final Option<Boolean> FAIL_WRITE = Option.bool("fail_write", "Refuse every batch.").defaultValue(false);
    static final Option<Boolean> FAIL_COMMIT = Option.bool("fail_commit", "Fail the commit.").defaultValue(false);
    static final Option<Boolean> BLOCK_WRITE = Option.bool("block_write", "Block write() until cancelled.")
            .defaultValue(false);

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

    /** Counted down when a read or write under {@code probe} starts blocking. */
    static CountDownLatch blocked(String probe) {
        return BLOCKED.computeIfAbsent(probe, key -> new CountDownLatch(1));
    }

    /** Lets an {@code ignore_cancel} read under {@code probe} go on. */
    static void release(String probe) {
        released(probe).countDown();
    }

    private static CountDownLatch released(String probe) {
        return RELEASED.computeIfAbsent(probe, key -> new CountDownLatch(1));
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
        return OptionSet.of(BATCHES, ROWS, FAIL_AFTER, TRANSIENT, FAIL_TIMES, BAD_SCHEMA, SLEEP_MS, LEAK, BLOCK,
                IGNORE_CANCEL, ANNOUNCE, PROBE);
    }

    @Override
    public OptionSet writeOptions() {
        return OptionSet.of(PATH, PROBE, FAIL_WRITE, FAIL_COMMIT, BLOCK_WRITE);
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
                    String probe = spec.get(PROBE);
                    record(probe, "open");
                    if (probe != null && OPENS.computeIfAbsent(probe, key -> new AtomicInteger()).incrementAndGet()
                            <= spec.get(FAIL_TIMES)) {
                        throw new PzConnectorException("faulty source is unavailable for now", true);
                    }
                    return new FaultyReader(allocator, spec);
                }
            });
        }

        @Override
        public void close() {
        }
    }

    /** Yields the configured batches, or the configured fault; a cancel ends a sleep or a block. */
    private static final class FaultyReader extends ArrowReader implements Cancellable {
        private final DatasetSpec options;
        private final String probe;
        private final int batches;
        private final int rows;
        private final CountDownLatch cancelled = new CountDownLatch(1);
        private int emitted;

        FaultyReader(BufferAllocator allocator, DatasetSpec options) {
            super(allocator);
            this.options = options;
            this.probe = options.get(PROBE);
            this.batches = options.get(BATCHES);
            this.rows = options.get(ROWS);
            if (options.get(LEAK)) {
                allocator.buffer(64);
            }
        }

        @Override
        public void cancel() {
            record(probe, "cancel");
            cancelled.countDown();
        }

        @Override
        public boolean loadNextBatch() throws IOException {
            int sleep = options.get(SLEEP_MS);
            if (sleep > 0 && await(cancelled, sleep)) {
                throw new IOException("faulty source was cancelled while sleeping");
            }
            if (emitted == 0 && (options.get(BLOCK) || options.get(IGNORE_CANCEL))) {
                block();
            }
            if (options.isSet(FAIL_AFTER) && emitted >= options.get(FAIL_AFTER)) {
                String message = "faulty source gave up after " + emitted + " batches";
                if (options.get(TRANSIENT)) {
                    throw new PzConnectorException(message, true);
                }
                throw new IllegalStateException(message);
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

        /** Blocks until cancelled, or with {@code ignore_cancel} until released, then fails. */
        private void block() throws IOException {
            record(probe, "blocked");
            if (options.get(ANNOUNCE)) {
                System.err.println("faulty: blocked " + options.entity());
                System.err.flush();
            }
            if (probe != null) {
                blocked(probe).countDown();
            }
            boolean ignoring = options.get(IGNORE_CANCEL);
            CountDownLatch until = ignoring ? released(probe) : cancelled;
            awaitUninterruptibly(until);
            record(probe, ignoring ? "released" : "stopped");
            throw new IOException("faulty source stopped " + (ignoring ? "after its release" : "on cancel"));
        }

        @Override
        public long bytesRead() {
            return 0;
        }

        @Override
        protected void closeReadSource() {
            record(probe, "close");
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

    /** A write session that can be cancelled from another thread. */
    private interface CancellableSession extends WriteSession, Cancellable {
    }

    /** True when {@code latch} opened within {@code millis}. */
    private static boolean await(CountDownLatch latch, long millis) throws IOException {
        try {
            return latch.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** Waits like a call stuck in a socket: a thread interrupt does not end it. */
    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
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
            return new CancellableSession() {
                private final List<String> lines = new ArrayList<>();
                private final CountDownLatch cancelled = new CountDownLatch(1);
                private long rows;
                private long batches;

                @Override
                public void cancel() {
                    record(probe, "cancel");
                    cancelled.countDown();
                }

                @Override
                public void write(VectorSchemaRoot batch) {
                    record(probe, "write");
                    if (spec.get(FAIL_WRITE)) {
                        throw new IllegalStateException("faulty sink refused a batch");
                    }
                    if (spec.get(BLOCK_WRITE)) {
                        if (probe != null) {
                            blocked(probe).countDown();
                        }
                        awaitUninterruptibly(cancelled);
                        throw new IllegalStateException("faulty sink write was cancelled");
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
