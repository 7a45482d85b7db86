package dev.pz.testing.memory;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.ConnectorFactory;
import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The test connector {@code memory}: a universal-tier connector over a {@link MemoryStore}, for
 * testing the engine and the command line without files or servers, with faults driven by its
 * options (registered through META-INF/services wherever pz-test-fixtures is on the class path).
 *
 * <p>A read yields the store's table of the dataset's name as one batch or, when the store has none,
 * {@code batches} generated batches of {@code rows} rows; the columns are the {@code columns:}
 * contract (int, bigint, double, varchar, boolean), else {@code (id bigint, amount double, name
 * varchar)}. Generated row {@code i} (from 1) holds {@code i} in whole-number columns, {@code i * 1.5}
 * in doubles, {@code "n" + i} in text and {@code i % 2 == 0} in booleans. Read faults:
 * {@code fail: <message>} fails every open, {@code transient_failures: N} fails the first N opens
 * transiently, {@code fail_after: N} fails after N batches ({@code transient: true} makes that
 * transient), {@code bad_schema: true} yields every column as text, unlike the declared schema,
 * {@code sleep_ms} pauses before each batch, {@code leak: true} leaks a buffer, {@code block: true}
 * blocks the first batch until the reader is cancelled, {@code ignore_cancel: true} blocks it until
 * {@link #release}; {@code announce: true} prints {@code memory: blocked <entity>} on stderr then, for a
 * test driving a separate pz process.
 *
 * <p>A write puts its rows in the store at commit (replaced or appended per the strategy) and, with
 * {@code path}, publishes them as {@code <base_dir>/<path>/<entity>.txt}, one {@code |}-joined line a
 * row. Write faults: {@code fail}, {@code transient_failures} (at begin), {@code fail_write} (every
 * batch), {@code fail_commit}, {@code block_write} (write() blocks until the session is cancelled);
 * for a small volume, {@code spill_to: <file>} also writes each batch as text under the project,
 * {@code fill_disk: <file>} fills the volume at commit (or with {@code fill_disk_when: begin} before
 * the first batch, removed again by an abort), and {@code fail_io: <message>} fails the first batch
 * with that I/O error. {@link MemoryStore#refuse} fails an entity from outside the project.
 *
 * <p>Every read open and session call is recorded under the {@code probe} option ({@link #events}),
 * and the text statistics each write was given under its probe ({@link #textLengths}); the connector
 * declares TextLengthStats. Transient failures are counted per probe, or per store and entity
 * without one.
 */
public final class MemoryConnector implements Connector {
    public static final String NAME = "memory";

    static final Option<String> STORE = Option.string("store", "The store to read and write (default: the"
            + " connection's name).").must("not blank", store -> !store.isBlank());
    static final Option<String> SECRET = Option.string("secret", "A secret that must never be printed.").secret();

    static final Option<Integer> BATCHES = Option.integer("batches", "Generated batches a read yields.")
            .defaultValue(3);
    static final Option<Integer> ROWS = Option.integer("rows", "Rows per generated batch.").defaultValue(10);
    static final Option<String> FAIL = Option.string("fail", "Fail every open (read) or begin (write) with this"
            + " message.");
    static final Option<Integer> TRANSIENT_FAILURES = Option.integer("transient_failures", "Opens or begins that"
            + " fail transiently first.").defaultValue(0);
    static final Option<Integer> FAIL_AFTER = Option.integer("fail_after", "Batches before the read fails.");
    static final Option<Boolean> TRANSIENT = Option.bool("transient", "Make fail_after a transient failure.")
            .defaultValue(false);
    static final Option<Boolean> BAD_SCHEMA = Option.bool("bad_schema", "Yield every column as text.")
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

    static final Option<String> PATH = Option.string("path", "Publish the rows as <base_dir>/<path>/<entity>.txt.");
    static final Option<Boolean> FAIL_WRITE = Option.bool("fail_write", "Refuse every batch.").defaultValue(false);
    static final Option<Boolean> FAIL_COMMIT = Option.bool("fail_commit", "Fail the commit.").defaultValue(false);
    static final Option<Boolean> BLOCK_WRITE = Option.bool("block_write", "Block write() until cancelled.")
            .defaultValue(false);
    static final Option<String> SPILL_TO = Option.string("spill_to", "Also write each batch as text to this file.");
    static final Option<String> FILL_DISK = Option.string("fill_disk", "Grow this file until the volume is full.");
    static final Option<String> FILL_DISK_WHEN = Option.string("fill_disk_when", "When to fill the volume: begin or"
            + " commit.").defaultValue("commit").must("begin or commit", when -> List.of("begin", "commit")
                    .contains(when));
    static final Option<String> FAIL_IO = Option.string("fail_io", "Fail the first batch with this I/O error.");

    /** A read without a {@code columns:} contract. */
    static final Schema DEFAULT_SCHEMA = new Schema(List.of(
            Field.nullable("id", new ArrowType.Int(64, true)),
            Field.nullable("amount", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
            Field.nullable("name", ArrowType.Utf8.INSTANCE)));

    private static final Set<ContractTypes> CARRIED = EnumSet.of(ContractTypes.INT, ContractTypes.BIGINT,
            ContractTypes.DOUBLE, ContractTypes.VARCHAR, ContractTypes.BOOLEAN);

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

    /** What was recorded under {@code probe}: read opens, batches blocked, cancels, session calls. */
    public static List<String> events(String probe) {
        return Probes.events(probe);
    }

    /** Counted down when a read or write under {@code probe} starts blocking. */
    public static java.util.concurrent.CountDownLatch blocked(String probe) {
        return Probes.blocked(probe);
    }

    /** Lets an {@code ignore_cancel} read under {@code probe} go on. */
    public static void release(String probe) {
        Probes.release(probe);
    }

    /** The longest value of each text column the write under {@code probe} was told, in characters. */
    public static Map<String, Long> textLengths(String probe) {
        return Probes.textLengths(probe);
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
        return EnumSet.of(ConnectorCapability.REPLACE_WRITES, ConnectorCapability.TEXT_LENGTH_STATS);
    }

    @Override
    public OptionSet connectionOptions() {
        return OptionSet.of(STORE, SECRET);
    }

    @Override
    public OptionSet readOptions() {
        return OptionSet.of(BATCHES, ROWS, FAIL, TRANSIENT_FAILURES, FAIL_AFTER, TRANSIENT, BAD_SCHEMA, SLEEP_MS, LEAK,
                BLOCK, IGNORE_CANCEL, ANNOUNCE, PROBE);
    }

    @Override
    public OptionSet writeOptions() {
        return OptionSet.of(PATH, PROBE, FAIL, TRANSIENT_FAILURES, FAIL_WRITE, FAIL_COMMIT, BLOCK_WRITE, SPILL_TO,
                FILL_DISK, FILL_DISK_WHEN, FAIL_IO);
    }

    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        return ConnectionCheck.passed();
    }

    @Override
    public Optional<Source> openSource(ConnectorConfig config) {
        return Optional.of(new MemorySource(store(config)));
    }

    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        return Optional.of(new MemorySink(store(config), config.baseDirectory().orElseThrow()));
    }

    private static MemoryStore store(ConnectorConfig config) {
        return MemoryStore.named(config.find(STORE).orElse(config.connection()));
    }

    /** The columns of a read: its contract's, or {@link #DEFAULT_SCHEMA} without one. */
    static Schema schemaOf(DatasetSpec spec) {
        if (spec.contract().isEmpty()) {
            return DEFAULT_SCHEMA;
        }
        List<Field> fields = new ArrayList<>();
        spec.contract().get().forEach((name, word) -> {
            ContractTypes type = ContractTypes.fromWord(word).filter(CARRIED::contains).orElseThrow(() ->
                    new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, "dataset '" + spec.entity()
                            + "': memory cannot carry column '" + name + "' of type " + word));
            fields.add(Field.nullable(name, type.arrowType()));
        });
        return new Schema(fields);
    }

    /**
     * Throws the fault configured for this open or begin, if one is still due: the store's refusal of
     * the entity, {@code fail}, or one of the first {@code transient_failures}.
     */
    static void fault(MemoryStore store, String entity, String what, String probe, String fail, int transients) {
        Optional<String> refusal = store.refusal(entity);
        if (refusal.isPresent()) {
            throw new PzConnectorException(PzCode.NODE_FAILED, what + ": " + refusal.get());
        }
        if (fail != null) {
            throw new PzConnectorException(PzCode.NODE_FAILED, what + ": " + fail);
        }
        if (transients > 0 && store.failOnce(probe != null ? probe : what, transients)) {
            throw new PzConnectorException(what + ": unavailable for now", true);
        }
    }
}
