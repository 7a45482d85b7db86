package dev.pz.connectors.testkit;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.WriteStrategy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeEach;

/**
 * The contract test of whatever connector {@link ContractRun} was given, for {@code pz connector test}: the
 * configured dataset is the universal dataset, and also the native or partitioned one when the connector
 * declares that capability; the configured output is written a small batch ({@code id bigint, name varchar},
 * three rows), and the path that shows it is deleted before each check. Run only through {@link ContractRun}.
 */
public final class ConfiguredContract extends ConnectorContractTest {
    /** Set by {@link ContractRun} for the duration of one launch. */
    static volatile ContractSubject subject;

    private static ContractSubject subject() {
        ContractSubject current = subject;
        if (current == null) {
            throw new IllegalStateException("ConfiguredContract runs only through ContractRun");
        }
        return current;
    }

    /** Each check starts without the output: what an earlier check committed would look like a leftover. */
    @BeforeEach
    void removeEarlierOutput() throws IOException {
        Path visible = subject().visibleWhen();
        if (visible == null || !Files.exists(visible)) {
            return;
        }
        try (Stream<Path> files = Files.walk(visible)) {
            for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    @Override
    protected Connector connector() {
        return subject().connector();
    }

    @Override
    protected ConnectorConfig config() {
        return subject().config();
    }

    @Override
    protected List<DatasetSpec> universalDatasets() {
        return has(ConnectorCapability.NATIVE_ONLY_READ) ? List.of() : dataset();
    }

    @Override
    protected List<DatasetSpec> nativeDatasets() {
        return has(ConnectorCapability.NATIVE_SCAN) ? dataset() : List.of();
    }

    @Override
    protected List<DatasetSpec> partitionedDatasets() {
        return has(ConnectorCapability.PARTITIONED_READ) ? dataset() : List.of();
    }

    @Override
    protected List<WriteCase> universalOutputs() {
        OutputSpec output = subject().output();
        return output == null || output.strategy() == WriteStrategy.MERGE ? List.of()
                : List.of(new WriteCase(output, ConfiguredContract::batch));
    }

    @Override
    protected Optional<WriteCase> mergeOutput() {
        OutputSpec output = subject().output();
        return output != null && output.strategy() == WriteStrategy.MERGE
                ? Optional.of(new WriteCase(output, ConfiguredContract::batch)) : Optional.empty();
    }

    /** The configured path exists (a directory counts when it holds a file). */
    @Override
    protected boolean outputVisible(OutputSpec spec) {
        Path visible = subject().visibleWhen();
        assumeTrue(visible != null, "the config names no write.visible path to look for the output");
        if (!Files.isDirectory(visible)) {
            return Files.exists(visible);
        }
        try (Stream<Path> files = Files.walk(visible)) {
            return files.anyMatch(Files::isRegularFile);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<DatasetSpec> dataset() {
        return subject().dataset() == null ? List.of() : List.of(subject().dataset());
    }

    private boolean has(ConnectorCapability capability) {
        return subject().connector().capabilities().contains(capability);
    }

    private static VectorSchemaRoot batch(BufferAllocator allocator) {
        Schema schema = new Schema(List.of(new Field("id", FieldType.nullable(new ArrowType.Int(64, true)), null),
                new Field("name", FieldType.nullable(new ArrowType.Utf8()), null)));
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        root.allocateNew();
        for (int row = 0; row < 3; row++) {
            ((BigIntVector) root.getVector(0)).setSafe(row, row + 1);
            ((VarCharVector) root.getVector(1)).setSafe(row, ("name " + (row + 1)).getBytes(
                    java.nio.charset.StandardCharsets.UTF_8));
        }
        root.setRowCount(3);
        return root;
    }
}
