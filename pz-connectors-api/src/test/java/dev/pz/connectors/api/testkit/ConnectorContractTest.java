package dev.pz.connectors.api.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The connector contract every connector must keep (spec engine.md §5.1, STYLE §8 "contract
 * suites"): every batch has the schema the source announced, batches are released by the caller
 * without leaks, a write session takes exactly one of commit and abort and refuses everything
 * after it, an abort leaves no output, declared capabilities match behaviour, and refusals never
 * echo a secret. A connector's test extends this class and supplies specs and probes; a method
 * returning an empty list skips the checks that need it.
 *
 * <p>Each test opens its own root allocator and closes it afterwards, so a batch or reader left
 * open fails the test with the allocator's name.
 */
public abstract class ConnectorContractTest {

    protected BufferAllocator allocator;

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

    /** A configuration its source and sink open with. */
    protected abstract ConnectorConfig config();

    /** Datasets the universal tier can read (fixtures exist); the first ones should hold rows. */
    protected abstract List<DatasetSpec> universalDatasets();

    /** Datasets for which {@link Source#nativeScan} should answer, for the NATIVE_SCAN check. */
    protected List<DatasetSpec> nativeDatasets() {
        return List.of();
    }

    /** Outputs the universal tier can write, each with the batch written to it. */
    protected abstract List<WriteCase> universalOutputs();

    /** Whether the output a spec names is visible at the destination. */
    protected abstract boolean outputVisible(OutputSpec spec);

    /** Values that must never appear in any error message (passwords, tokens in the config). */
    protected Set<String> secretValues() {
        return Set.of();
    }

    /** Calls expected to fail (bad specs, missing files); their messages are checked for secrets. */
    protected List<FailingCall> failingCalls() {
        return List.of();
    }

    /** One universal write: the output and a factory for the batch to write (the test closes it). */
    public record WriteCase(OutputSpec spec, Function<BufferAllocator, VectorSchemaRoot> batch) {
    }

    /** A call on an open source and sink that must throw. */
    @FunctionalInterface
    public interface FailingCall {
        void call(Source source, Sink sink) throws Exception;
    }

    @Test
    void everyBatchHasTheAnnouncedSchemaAndIsReleased() throws Exception {
        try (Source source = connector().openSource(config()).orElseThrow()) {
            for (DatasetSpec spec : universalDatasets()) {
                Schema schema = source.schema(spec);
                List<ReadPartition> partitions = source.planRead(spec, ReadHints.none());
                assertThat(partitions).as("partitions of %s", spec.entity()).isNotEmpty();
                if (!connector().capabilities().contains(ConnectorCapability.PARTITIONED_READ)) {
                    assertThat(partitions).as("a connector without PartitionedRead plans one partition").hasSize(1);
                }
                for (ReadPartition partition : partitions) {
                    try (BufferAllocator child = allocator.newChildAllocator("partition " + partition.id(), 0,
                            Long.MAX_VALUE)) {
                        try (ArrowReader reader = partition.open(child, BatchOptions.defaults())) {
                            while (reader.loadNextBatch()) {
                                assertThat(reader.getVectorSchemaRoot().getSchema())
                                        .as("batch schema of %s", partition.id()).isEqualTo(schema);
                            }
                        }
                        assertThat(child.getAllocatedMemory()).as("memory left by %s", partition.id()).isZero();
                    }
                }
            }
        }
    }

    @Test
    void commitIsFinalAndLaterCallsThrow() {
        try (Sink sink = connector().openSink(config()).orElseThrow()) {
            for (WriteCase write : universalOutputs()) {
                try (VectorSchemaRoot batch = write.batch().apply(allocator)) {
                    WriteSession session = sink.beginWrite(write.spec(), batch.getSchema());
                    try (session) {
                        session.write(batch);
                        session.commit();
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
    void capabilityFlagsMatchBehaviour() {
        Set<ConnectorCapability> capabilities = connector().capabilities();
        try (Source source = connector().openSource(config()).orElseThrow();
                Sink sink = connector().openSink(config()).orElseThrow()) {
            boolean anyNativeScan = false;
            for (DatasetSpec spec : nativeDatasets()) {
                anyNativeScan |= source.nativeScan(spec).isPresent();
            }
            if (!nativeDatasets().isEmpty()) {
                assertThat(anyNativeScan).as("NativeScan declared ⇔ a native scan offered")
                        .isEqualTo(capabilities.contains(ConnectorCapability.NATIVE_SCAN));
            }
            boolean anyNativeCopy = false;
            for (WriteCase write : universalOutputs()) {
                anyNativeCopy |= sink.nativeCopy(write.spec()).isPresent();
            }
            if (!universalOutputs().isEmpty()) {
                assertThat(anyNativeCopy).as("NativeCopy declared ⇔ a native copy offered")
                        .isEqualTo(capabilities.contains(ConnectorCapability.NATIVE_COPY));
                OutputSpec first = universalOutputs().get(0).spec();
                if (!capabilities.contains(ConnectorCapability.MERGE)) {
                    OutputSpec merge = new OutputSpec(first.connection(), first.entity(), WriteStrategy.MERGE,
                            first.schemaPolicy(), first.options(), List.of("id"), first.attempt());
                    assertThat(catchThrowable(() -> sink.beginWrite(merge, new Schema(List.of()))))
                            .as("merge without the Merge capability").isInstanceOf(PzConnectorException.class);
                }
            }
        }
    }

    @Test
    void errorMessagesHoldNoSecret() {
        List<String> messages = new ArrayList<>();
        try (Source source = connector().openSource(config()).orElseThrow();
                Sink sink = connector().openSink(config()).orElseThrow()) {
            for (FailingCall call : failingCalls()) {
                Throwable thrown = catchThrowable(() -> call.call(source, sink));
                assertThat(thrown).as("a failing call").isNotNull();
                for (Throwable t = thrown; t != null; t = t.getCause()) {
                    messages.add(String.valueOf(t.getMessage()));
                }
            }
        }
        for (String secret : secretValues()) {
            assertThat(messages).allSatisfy(message -> assertThat(message).doesNotContain(secret));
        }
    }
}
