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
import dev.pz.connectors.api.testkit.ConnectorContractTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** localfiles keeps the connector contract on its universal tier (csv/tsv reads, csv/tsv/NDJSON writes). */
class LocalFilesContractTest extends ConnectorContractTest {

    /** localfiles has no credential; a stray config value stands for one a message must never echo. */
    private static final String SECRET = "s3cr3t-value-never-printed";

    @TempDir
    Path project;

    @BeforeEach
    void fixtures() throws IOException {
        Files.writeString(project.resolve("orders.csv"), "id,name\n1,a\n2,\"b,c\"\n3,\n", StandardCharsets.UTF_8);
        Files.writeString(project.resolve("tabs.tsv"), "name\tid\nx\t1\n", StandardCharsets.UTF_8);
    }

    @Override
    protected Connector connector() {
        return new LocalFilesConnector();
    }

    @Override
    protected ConnectorConfig config() {
        ConnectorConfig base = LocalFilesTestSupport.config(project, null);
        java.util.Map<String, Object> values = new java.util.LinkedHashMap<>(base.values());
        values.put("token", SECRET);
        return new ConnectorConfig(base.connection(), values);
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
    protected List<WriteCase> universalOutputs() {
        return List.of(new WriteCase(output("out_csv", WriteStrategy.REPLACE, options("format", "csv")), this::batch),
                new WriteCase(output("out_tsv", WriteStrategy.REPLACE, options("format", "tsv")), this::batch),
                new WriteCase(output("out_json", WriteStrategy.REPLACE, options("format", "json")), this::batch));
    }

    @Override
    protected boolean outputVisible(OutputSpec spec) {
        String extension = dev.pz.connectors.files.FileFormat.fromWord(spec.option("format").orElse("parquet")).orElseThrow().fileExtension();
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
    protected Set<String> secretValues() {
        return Set.of(SECRET);
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
