package dev.pz.connectors.localfiles;

import static dev.pz.connectors.localfiles.LocalFilesTestSupport.columns;
import static dev.pz.connectors.localfiles.LocalFilesTestSupport.dataset;
import static dev.pz.connectors.localfiles.LocalFilesTestSupport.options;
import static dev.pz.connectors.localfiles.LocalFilesTestSupport.output;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.testkit.ConnectorContractTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * localfiles keeps the connector contract: csv/tsv universal reads (split into byte ranges when
 * large enough), native scans, csv/tsv/NDJSON universal writes and native copies.
 */
class LocalFilesContractTest extends ConnectorContractTest {

    @TempDir
    Path project;

    @BeforeEach
    void fixtures() throws IOException {
        Files.writeString(project.resolve("orders.csv"), "id,name\n1,a\n2,\"b,c\"\n3,\n", StandardCharsets.UTF_8);
        Files.writeString(project.resolve("tabs.tsv"), "name\tid\nx\t1\n", StandardCharsets.UTF_8);
        StringBuilder large = new StringBuilder("id,name\n");
        for (int i = 0; i < 200_000; i++) {
            large.append(i).append(",name ").append(i).append('\n');
        }
        Files.writeString(project.resolve("large.csv"), large, StandardCharsets.UTF_8);
    }

    /** Splits files of 64 KiB or more, so the large fixture reads in several partitions. */
    @Override
    protected Connector connector() {
        return new LocalFilesConnector(4, 32 * 1024);
    }

    @Override
    protected ConnectorConfig config() {
        return LocalFilesTestSupport.config(project, null);
    }

    @Override
    protected List<DatasetSpec> universalDatasets() {
        return List.of(dataset("orders", options(), columns("id", "int", "name", "varchar")),
                dataset("tabs", options("format", "tsv"), columns("id", "bigint", "name", "varchar")));
    }

    @Override
    protected List<DatasetSpec> nativeDatasets() {
        return List.of(universalDatasets().get(0));
    }

    @Override
    protected List<DatasetSpec> partitionedDatasets() {
        return List.of(largeDataset().orElseThrow());
    }

    @Override
    protected Optional<DatasetSpec> largeDataset() {
        return Optional.of(dataset("large", options(), columns("id", "int", "name", "varchar")));
    }

    @Override
    protected List<WriteCase> universalOutputs() {
        return List.of(new WriteCase(output("out_csv", WriteStrategy.REPLACE, options("format", "csv")), this::batch),
                new WriteCase(output("out_tsv", WriteStrategy.REPLACE, options("format", "tsv")), this::batch),
                new WriteCase(output("out_json", WriteStrategy.REPLACE, options("format", "json")), this::batch));
    }

    @Override
    protected boolean outputVisible(OutputSpec spec) {
        String extension = FormatOptions.of(spec, LocalFilesOptions.WRITE_FORMAT).format().fileExtension();
        Path directory = project.resolve(spec.entity());
        if (!Files.isDirectory(directory)) {
            return false;
        }
        try (var files = Files.list(directory)) {
            return files.anyMatch(path -> path.getFileName().toString().startsWith(spec.entity())
                    && path.getFileName().toString().endsWith("." + extension));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected List<FailingCall> failingCalls() {
        return List.of(
                (source, sink) -> source.planRead(dataset("orders", options(), columns("id", "int", "gone", "varchar")),
                        ReadHints.none()),
                (source, sink) -> source.planRead(dataset("missing", options(), columns("id", "int")), ReadHints.none()),
                (source, sink) -> source.schema(dataset("orders", options("format", "avro"), null)),
                (source, sink) -> sink.beginWrite(output("o", WriteStrategy.MERGE, options()), new Schema(List.of())));
    }

    private VectorSchemaRoot batch(BufferAllocator allocator) {
        Schema schema = new Schema(List.of(Field.nullable("id", new ArrowType.Int(32, true)),
                Field.nullable("name", ArrowType.Utf8.INSTANCE)));
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        root.allocateNew();
        ((IntVector) root.getVector(0)).setSafe(0, 1);
        ((VarCharVector) root.getVector(1)).setSafe(0, "a".getBytes(StandardCharsets.UTF_8));
        root.setRowCount(1);
        return root;
    }
}
