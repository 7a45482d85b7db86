package dev.pz.connectors.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.NativeSqlWrite;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionProblem;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzConnectorException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract every pz connector keeps. A connector's test extends this class, supplies the
 * connector and a working configuration, and declares what it supports: the datasets it reads, the
 * outputs it writes, a dataset large enough to cancel, a merge write when it declares Merge. The
 * checks:
 *
 * <ul>
 * <li><b>declarations</b>: no option uses a key pz reserves; the test's own configuration, datasets
 * and outputs pass the declarations and {@link Connector#validate}, {@link Connector#validateRead} and
 * {@link Connector#validateWrite};
 * <li><b>batches</b>: every batch has the schema {@link Source#schema} announced, and a reader
 * releases all its memory when closed;
 * <li><b>cancellation</b>: a reader closed after its first batch of the large dataset returns
 * within {@link #cancellationBound()} and releases its memory;
 * <li><b>commit xor abort</b>: after commit or abort every later call throws; abort, and close
 * without either, leave no output;
 * <li><b>capabilities</b>: each flag the kit can observe matches behaviour in both directions —
 * NativeScan, NativeCopy (a native copy or a native SQL write), PartitionedRead, ColumnPruning,
 * Merge, ReplaceWrites, NativeOnlyRead; a sink writing natively only refuses universal writes;
 * <li><b>native writes</b>: a native copy keeps its temporaries in a {@code .pz-tmp} directory or
 * the engine's spool, nothing is visible before publish, and publish makes the output visible;
 * <li><b>secrets</b>: no message of a failing call or of a failed connection check holds a secret.
 * </ul>
 *
 * <p>Each check runs in its own root allocator, so a leaked buffer fails the test that leaked it.
 * A check whose input the test does not declare is skipped and says so.
 */
public abstract class ConnectorContractTest {

    protected BufferAllocator allocator;

    /** A directory the native-write check uses as the engine's spool. */
    @TempDir
    Path spool;

    @BeforeEach
    void openAllocator() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void closeAllocator() {
        allocator.close();
    }

    /** The connector under test. */
    protected abstract Connector connector();

    /** A configuration its source and sink open with (and, for a service, connect with). */
    protected abstract ConnectorConfig config();

    /** Datasets the universal tier reads (fixtures exist); the first ones should hold rows. */
    protected List<DatasetSpec> universalDatasets() {
        return List.of();
    }

    /** Datasets for which {@link Source#nativeScan} should answer. */
    protected List<DatasetSpec> nativeDatasets() {
        return List.of();
    }

    /**
     * Datasets the connector reads in more than one partition (required when it declares
     * PartitionedRead).
     */
    protected List<DatasetSpec> partitionedDatasets() {
        return List.of();
    }

    /**
     * A dataset whose full read takes far longer than a cancellation, for the cancellation check,
     * or empty to skip it.
     */
    protected Optional<DatasetSpec> largeDataset() {
        return Optional.empty();
    }

    /** How long closing a partly read reader may take: a liveness bound, not a speed target. */
    protected Duration cancellationBound() {
        return Duration.ofSeconds(30);
    }

    /** Outputs the universal tier writes, each with the batch written to it. */
    protected List<WriteCase> universalOutputs() {
        return List.of();
    }

    /** A merge write (strategy merge with keys), required when the connector declares Merge. */
    protected Optional<WriteCase> mergeOutput() {
        return Optional.empty();
    }

    /** Whether the output a spec names is visible at the destination. */
    protected boolean outputVisible(OutputSpec spec) {
        throw new UnsupportedOperationException("a test that declares outputs overrides outputVisible");
    }

    /** Values that must never appear in any message (passwords, tokens in the config). */
    protected Set<String> secretValues() {
        return Set.of();
    }

    /** Calls expected to fail (bad specs, missing files); their messages are checked for secrets. */
    protected List<FailingCall> failingCalls() {
        return List.of();
    }

    /** Configurations whose connection check fails (a wrong password); their messages are checked for secrets. */
    protected List<ConnectorConfig> failingConfigs() {
        return List.of();
    }

    /**
     * Outputs of a sink that writes natively only ({@link Sink#nativeSqlWrite} inside the run's DuckDB):
     * the kit checks that each is offered a native write and that a universal write is refused.
     */
    protected List<OutputSpec> nativeOutputs() {
        return List.of();
    }

    /** One universal write: the output and a factory for the batch to write (the kit closes it). */
    public record WriteCase(OutputSpec spec, Function<BufferAllocator, VectorSchemaRoot> batch) {
    }

    /** A call on an open source and sink that must throw. */
    @FunctionalInterface
    public interface FailingCall {
        void call(Source source, Sink sink) throws Exception;
    }

    @Test
    void optionDeclarationsAreWellFormedAndTheFixturesKeepThem() {
        Connector connector = connector();
        assertReservedKeysUnused("connection", connector.connectionOptions(), OptionSet.RESERVED_CONNECTION_KEYS);
        assertReservedKeysUnused("read", connector.readOptions(), OptionSet.RESERVED_READ_KEYS);
        assertReservedKeysUnused("write", connector.writeOptions(), OptionSet.RESERVED_WRITE_KEYS);
        assertThat(connector.connectionOptions().check(config().options(), Set.of(ConnectorConfig.BASE_DIR)))
                .as("problems of the test's configuration").isEmpty();
        assertThat(connector.validate(config())).as("validate() of the test's configuration").isEmpty();
        List<DatasetSpec> datasets = new ArrayList<>(universalDatasets());
        datasets.addAll(nativeDatasets());
        for (DatasetSpec spec : datasets) {
            assertThat(connector.readOptions().check(spec.options(), OptionSet.RESERVED_READ_KEYS))
                    .as("problems of dataset %s", spec.entity()).isEmpty();
            assertThat(connector.validateRead(spec)).as("validateRead() of dataset %s", spec.entity()).isEmpty();
        }
        for (WriteCase write : writeCases()) {
            assertThat(connector.writeOptions().check(write.spec().options(), OptionSet.RESERVED_WRITE_KEYS))
                    .as("problems of output %s", write.spec().entity()).isEmpty();
            assertThat(connector.validateWrite(write.spec())).as("validateWrite() of output %s", write.spec().entity())
                    .isEmpty();
        }
    }

    private static void assertReservedKeysUnused(String place, OptionSet options, Set<String> reserved) {
        for (Option<?> option : options.options()) {
            assertThat(reserved).as("%s option '%s' is a key pz reserves", place, option.name())
                    .doesNotContain(option.name());
        }
    }

    @Test
    void whatTheConnectorOpensIsWhatTheTestDeclares() {
        Connector connector = connector();
        Optional<Source> source = connector.openSource(config());
        Optional<Sink> sink = connector.openSink(config());
        source.ifPresent(Source::close);
        sink.ifPresent(Sink::close);
        assertThat(!universalDatasets().isEmpty() || !nativeDatasets().isEmpty())
                .as("the connector reads, so the test declares datasets").isEqualTo(source.isPresent());
        assertThat(!universalOutputs().isEmpty() || !nativeOutputs().isEmpty())
                .as("the connector writes, so the test declares outputs").isEqualTo(sink.isPresent());
    }

    @Test
    void everyBatchHasTheAnnouncedSchemaAndIsReleased() throws Exception {
        assumeTrue(!universalDatasets().isEmpty(), "the test declares no universal dataset");
        try (Source source = connector().openSource(config()).orElseThrow()) {
            for (DatasetSpec spec : universalDatasets()) {
                Schema schema = source.schema(spec);
                List<ReadPartition> partitions = source.planRead(spec, ReadHints.none());
                assertThat(partitions).as("partitions of %s", spec.entity()).isNotEmpty();
                if (!has(ConnectorCapability.PARTITIONED_READ)) {
                    assertThat(partitions).as("a connector without PartitionedRead plans one partition").hasSize(1);
                }
                for (ReadPartition partition : partitions) {
                    drain(partition, schema);
                }
            }
        }
    }

    private void drain(ReadPartition partition, Schema schema) throws Exception {
        try (BufferAllocator child = allocator.newChildAllocator("partition " + partition.id(), 0, Long.MAX_VALUE)) {
            try (ArrowReader reader = partition.open(child, BatchOptions.defaults())) {
                while (reader.loadNextBatch()) {
                    assertThat(reader.getVectorSchemaRoot().getSchema()).as("batch schema of %s", partition.id())
                            .isEqualTo(schema);
                }
            }
            assertThat(child.getAllocatedMemory()).as("memory left by %s", partition.id()).isZero();
        }
    }

    @Test
    void aReaderClosedMidStreamStopsPromptlyAndReleasesItsMemory() throws Exception {
        DatasetSpec spec = largeDataset().orElse(null);
        assumeTrue(spec != null, "the test declares no large dataset");
        try (Source source = connector().openSource(config()).orElseThrow()) {
            ReadPartition partition = source.planRead(spec, ReadHints.none()).get(0);
            try (BufferAllocator child = allocator.newChildAllocator("cancelled", 0, Long.MAX_VALUE)) {
                ArrowReader reader = partition.open(child, BatchOptions.defaults());
                boolean loaded;
                try {
                    loaded = reader.loadNextBatch();
                } catch (Exception | Error e) {
                    reader.close();
                    throw e;
                }
                assertThat(loaded).as("the large dataset yields a first batch").isTrue();
                Executable cancel = reader::close;
                assertTimeoutPreemptively(cancellationBound(), cancel, "closing a partly read reader of " + spec.entity());
                assertThat(child.getAllocatedMemory()).as("memory left after cancelling").isZero();
            }
        }
    }

    @Test
    void commitIsFinalAndLaterCallsThrow() {
        assumeTrue(!writeCases().isEmpty(), "the test declares no output");
        try (Sink sink = connector().openSink(config()).orElseThrow()) {
            for (WriteCase write : writeCases()) {
                try (VectorSchemaRoot batch = write.batch().apply(allocator)) {
                    WriteSession session = sink.beginWrite(write.spec(), batch.getSchema());
                    try (session) {
                        session.write(batch);
                        boolean counts = write.spec().strategy() == WriteStrategy.MERGE
                                && connector().countsMergeKeyDuplicates();
                        assertThat(session.commit().mergeKeyDuplicates().isPresent())
                                .as("%s: repeated merge keys counted ⇔ a merge of a connector that counts them",
                                        write.spec().entity()).isEqualTo(counts);
                        assertThatThrownBy(session::commit).isInstanceOf(IllegalStateException.class);
                        assertThatThrownBy(session::abort).isInstanceOf(IllegalStateException.class);
                        assertThatThrownBy(() -> session.write(batch)).isInstanceOf(IllegalStateException.class);
                    }
                    session.close();
                }
                assertThat(outputVisible(write.spec())).as("output %s after commit", write.spec().entity()).isTrue();
            }
        }
    }

    @Test
    void abortLeavesNoOutputAndLaterCallsThrow() {
        assumeTrue(!universalOutputs().isEmpty(), "the test declares no output");
        try (Sink sink = connector().openSink(config()).orElseThrow()) {
            for (WriteCase write : universalOutputs()) {
                try (VectorSchemaRoot batch = write.batch().apply(allocator)) {
                    WriteSession session = sink.beginWrite(write.spec(), batch.getSchema());
                    try (session) {
                        session.write(batch);
                        session.abort();
                        assertThatThrownBy(session::commit).isInstanceOf(IllegalStateException.class);
                        assertThatThrownBy(session::abort).isInstanceOf(IllegalStateException.class);
                    }
                }
                assertThat(outputVisible(write.spec())).as("output %s after abort", write.spec().entity()).isFalse();
            }
        }
    }

    @Test
    void closeWithoutCommitLeavesNoOutput() {
        assumeTrue(!universalOutputs().isEmpty(), "the test declares no output");
        try (Sink sink = connector().openSink(config()).orElseThrow()) {
            for (WriteCase write : universalOutputs()) {
                try (VectorSchemaRoot batch = write.batch().apply(allocator);
                        WriteSession session = sink.beginWrite(write.spec(), batch.getSchema())) {
                    session.write(batch);
                }
                assertThat(outputVisible(write.spec())).as("output %s after close", write.spec().entity()).isFalse();
            }
        }
    }

    @Test
    void readCapabilitiesMatchBehaviour() throws Exception {
        Optional<Source> opened = connector().openSource(config());
        assumeTrue(opened.isPresent(), "the connector does not read");
        try (Source source = opened.get()) {
            boolean anyNativeScan = false;
            for (DatasetSpec spec : nativeDatasets()) {
                anyNativeScan |= source.nativeScan(spec).isPresent();
            }
            assertThat(anyNativeScan).as("NativeScan declared ⇔ a native scan offered for a declared native dataset")
                    .isEqualTo(has(ConnectorCapability.NATIVE_SCAN));
            if (has(ConnectorCapability.NATIVE_ONLY_READ)) {
                assertThat(universalDatasets()).as("a NativeOnlyRead connector has no universal dataset").isEmpty();
                for (DatasetSpec spec : nativeDatasets()) {
                    assertThat(catchThrowable(() -> source.planRead(spec, ReadHints.none())))
                            .as("universal read of a NativeOnlyRead dataset").isInstanceOf(PzConnectorException.class);
                }
            }
            assertThat(!partitionedDatasets().isEmpty()).as("PartitionedRead declared ⇔ partitioned datasets declared")
                    .isEqualTo(has(ConnectorCapability.PARTITIONED_READ));
            for (DatasetSpec spec : partitionedDatasets()) {
                Schema schema = source.schema(spec);
                List<ReadPartition> partitions = source.planRead(spec, ReadHints.none());
                assertThat(partitions).as("partitions of %s", spec.entity()).hasSizeGreaterThan(1);
                for (ReadPartition partition : partitions) {
                    drain(partition, schema);
                }
            }
            if (has(ConnectorCapability.COLUMN_PRUNING) && !universalDatasets().isEmpty()) {
                DatasetSpec spec = universalDatasets().get(0);
                Field first = source.schema(spec).getFields().get(0);
                ReadPartition partition = source.planRead(spec, new ReadHints(List.of(first.getName()), null)).get(0);
                drain(partition, new Schema(List.of(first)));
            }
        }
    }

    @Test
    void writeCapabilitiesMatchBehaviour() {
        Optional<Sink> opened = connector().openSink(config());
        assumeTrue(opened.isPresent(), "the connector does not write");
        try (Sink sink = opened.get()) {
            boolean anyNativeCopy = false;
            List<OutputSpec> outputs = new ArrayList<>(universalOutputs().stream().map(WriteCase::spec).toList());
            outputs.addAll(nativeOutputs());
            for (OutputSpec output : nativeOutputs()) {
                assertThat(catchThrowable(() -> sink.beginWrite(output, new Schema(List.of()))))
                        .as("a universal write of native-only output %s", output.entity())
                        .isInstanceOf(PzConnectorException.class);
            }
            for (OutputSpec output : outputs) {
                anyNativeCopy |= sink.nativeCopy(output).isPresent();
                Optional<NativeSqlWrite> sqlWrite = sink.nativeSqlWrite(output);
                anyNativeCopy |= sqlWrite.isPresent();
                sqlWrite.ifPresent(offered -> assertThat(String.join("\n", offered.statements()))
                        .as("the native SQL write of %s reads the staged relation", output.entity())
                        .contains(NativeSqlWrite.SOURCE));
            }
            assertThat(anyNativeCopy).as("NativeCopy declared ⇔ a native copy or SQL write offered for a declared output")
                    .isEqualTo(has(ConnectorCapability.NATIVE_COPY));
            OutputSpec first = outputs.get(0);
            boolean nativeMerge = nativeOutputs().stream().anyMatch(output -> output.strategy() == WriteStrategy.MERGE);
            assertThat(mergeOutput().isPresent() || nativeMerge).as("Merge declared ⇔ the test declares a merge output")
                    .isEqualTo(has(ConnectorCapability.MERGE));
            mergeOutput().ifPresent(merge -> assertThat(merge.spec().strategy()).isEqualTo(WriteStrategy.MERGE));
            if (!has(ConnectorCapability.MERGE)) {
                assertThat(catchThrowable(() -> sink.beginWrite(with(first, WriteStrategy.MERGE, List.of("id")),
                        new Schema(List.of())))).as("merge without the Merge capability")
                        .isInstanceOf(PzConnectorException.class);
            }
            boolean replaceWritten = writeCases().stream().anyMatch(write -> write.spec().strategy() == WriteStrategy.REPLACE)
                    || nativeOutputs().stream().anyMatch(output -> output.strategy() == WriteStrategy.REPLACE);
            if (has(ConnectorCapability.REPLACE_WRITES)) {
                assertThat(replaceWritten).as("ReplaceWrites declared, so a declared output replaces").isTrue();
            } else {
                assertThat(catchThrowable(() -> sink.beginWrite(with(first, WriteStrategy.REPLACE, List.of()),
                        new Schema(List.of())))).as("replace without the ReplaceWrites capability")
                        .isInstanceOf(PzConnectorException.class);
            }
        }
    }

    @Test
    void aNativeCopyPublishesOnlyAFinishedFile() throws Exception {
        assumeTrue(has(ConnectorCapability.NATIVE_COPY), "the connector declares no NativeCopy");
        try (Sink sink = connector().openSink(config()).orElseThrow()) {
            for (WriteCase write : universalOutputs()) {
                Optional<NativeCopy> offered = sink.nativeCopy(write.spec());
                if (offered.isEmpty()) {
                    continue;
                }
                NativeCopy copy = offered.get();
                Path directory = copy.temporaryDirectory() != null ? copy.temporaryDirectory() : spool;
                Path finished = TemporaryFiles.create(directory);
                Files.writeString(finished, "bytes the engine's COPY wrote\n");
                assertThat(outputVisible(write.spec())).as("output %s before publish", write.spec().entity()).isFalse();
                copy.publisher().publish(finished);
                assertThat(outputVisible(write.spec())).as("output %s after publish", write.spec().entity()).isTrue();
                Files.deleteIfExists(finished);
                TemporaryFiles.removeIfEmpty(directory);
            }
        }
    }

    @Test
    void messagesHoldNoSecret() {
        assumeTrue(!failingCalls().isEmpty() || !failingConfigs().isEmpty(), "the test declares no failing call");
        List<String> messages = new ArrayList<>();
        try (Source source = connector().openSource(config()).orElse(null);
                Sink sink = connector().openSink(config()).orElse(null)) {
            for (FailingCall call : failingCalls()) {
                Throwable thrown = catchThrowable(() -> call.call(source, sink));
                assertThat(thrown).as("a failing call").isNotNull();
                for (Throwable t = thrown; t != null; t = t.getCause()) {
                    messages.add(String.valueOf(t.getMessage()));
                }
            }
        }
        for (ConnectorConfig failing : failingConfigs()) {
            ConnectionCheck check = connector().checkConnection(failing);
            assertThat(check.ok()).as("connection check of a failing configuration").isFalse();
            messages.add(check.message());
            for (OptionProblem problem : connector().connectionOptions().check(failing.options(), Set.of())) {
                messages.add(problem.message() + " " + problem.hint());
            }
        }
        for (String secret : secretValues()) {
            assertThat(messages).allSatisfy(message -> assertThat(message).doesNotContain(secret));
        }
    }

    private List<WriteCase> writeCases() {
        List<WriteCase> all = new ArrayList<>(universalOutputs());
        mergeOutput().ifPresent(all::add);
        return all;
    }

    private boolean has(ConnectorCapability capability) {
        return connector().capabilities().contains(capability);
    }

    private static OutputSpec with(OutputSpec spec, WriteStrategy strategy, List<String> keys) {
        return new OutputSpec(spec.connection(), spec.entity(), strategy, spec.schemaPolicy(), spec.options(), keys,
                spec.attempt());
    }
}
