package dev.pz.connectors.example;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.testkit.ConnectorContractTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.io.TempDir;

/** The example connector passes the connector test kit: what a connector's own contract test looks like. */
class ExampleContractTest extends ConnectorContractTest {

    @TempDir
    Path project;

    @Override
    protected Connector connector() {
        return new ExampleConnector();
    }

    @Override
    protected ConnectorConfig config() {
        return new ConnectorConfig("numbers", Map.of(ConnectorConfig.BASE_DIR, project.toString(), "root", "out"));
    }

    @Override
    protected List<DatasetSpec> universalDatasets() {
        return List.of(dataset("squares", Map.of("stop", 10L)), dataset("none", Map.of("start", 5L, "stop", 5L)));
    }

    @Override
    protected List<DatasetSpec> nativeDatasets() {
        return universalDatasets();
    }

    @Override
    protected List<DatasetSpec> partitionedDatasets() {
        return List.of(dataset("sliced", Map.of("stop", 1000L, "step", 3L, "partitions", 4L)));
    }

    @Override
    protected Optional<DatasetSpec> largeDataset() {
        return Optional.of(dataset("large", Map.of("stop", 50_000_000L)));
    }

    @Override
    protected List<WriteCase> universalOutputs() {
        return List.of(new WriteCase(output("table", WriteStrategy.REPLACE), ExampleContractTest::batch),
                new WriteCase(output("log", WriteStrategy.APPEND), ExampleContractTest::batch));
    }

    /** Replace writes {@code out/<entity>.csv}; append a new {@code out/<entity>-<hex>.csv}. */
    @Override
    protected boolean outputVisible(OutputSpec spec) {
        Path root = project.resolve("out");
        if (!Files.isDirectory(root)) {
            return false;
        }
        try (Stream<Path> files = Files.list(root)) {
            return files.map(path -> path.getFileName().toString()).anyMatch(name -> name.equals(spec.entity() + ".csv")
                    || name.matches(spec.entity() + "-[0-9a-f]{32}\\.csv"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected List<FailingCall> failingCalls() {
        return List.of((source, sink) -> source.nativeScan(dataset("no_stop", Map.of())),
                (source, sink) -> source.planRead(dataset("bad_step", Map.of("stop", 3L, "step", 0L)), ReadHints.none()));
    }

    static DatasetSpec dataset(String entity, Map<String, Object> options) {
        return DatasetSpec.of("numbers", entity, options, null);
    }

    static OutputSpec output(String entity, WriteStrategy strategy) {
        return new OutputSpec("numbers", entity, strategy, SchemaPolicy.FAIL_ON_CHANGE, Map.of(), List.of(),
                new OutputSpec.WriteAttempt("run", "numbers." + entity, 1));
    }

    private static VectorSchemaRoot batch(BufferAllocator allocator) {
        VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(List.of(ExampleSource.N, ExampleSource.SQUARE)),
                allocator);
        root.allocateNew();
        for (int row = 0; row < 3; row++) {
            ((BigIntVector) root.getVector(0)).setSafe(row, row);
            ((BigIntVector) root.getVector(1)).setSafe(row, (long) row * row);
        }
        root.setRowCount(3);
        return root;
    }
}
