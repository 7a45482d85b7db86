package dev.pz.connectors.duckdb;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.testkit.ConnectorContractTest;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** The duckdb connector passes the connector test kit against a real database file. */
class DuckDbContractTest extends ConnectorContractTest {

    @TempDir
    Path project;

    @BeforeEach
    void createDatabase() {
        DuckDbFiles.execute(project.resolve("warehouse.duckdb"), "create table orders as select 1 as id, 'a' as status");
    }

    @Override
    protected Connector connector() {
        return new DuckDbConnector();
    }

    @Override
    protected ConnectorConfig config() {
        return new ConnectorConfig("wh", Map.of(ConnectorConfig.BASE_DIR, project.toString(), "path", "warehouse.duckdb"));
    }

    @Override
    protected List<DatasetSpec> nativeDatasets() {
        return List.of(DatasetSpec.of("wh", "orders", Map.of(), null),
                DatasetSpec.of("wh", "main.orders", Map.of(), Map.of("id", "bigint")));
    }

    @Override
    protected List<WriteCase> universalOutputs() {
        return List.of(new WriteCase(output("appended", WriteStrategy.APPEND, List.of()), DuckDbContractTest::batch),
                new WriteCase(output("replaced", WriteStrategy.REPLACE, List.of()), DuckDbContractTest::batch));
    }

    @Override
    protected Optional<WriteCase> mergeOutput() {
        return Optional.of(new WriteCase(output("merged", WriteStrategy.MERGE, List.of("id")), DuckDbContractTest::batch));
    }

    @Override
    protected boolean outputVisible(OutputSpec spec) {
        return DuckDbFiles.tableExists(project.resolve("warehouse.duckdb"), spec.entity());
    }

    @Override
    protected List<FailingCall> failingCalls() {
        return List.of((source, sink) -> source.planRead(nativeDatasets().get(0), ReadHints.none()),
                (source, sink) -> source.nativeScan(DatasetSpec.of("wh", "a.b.c", Map.of(), null)));
    }

    static OutputSpec output(String entity, WriteStrategy strategy, List<String> keys) {
        return new OutputSpec("wh", entity, strategy, SchemaPolicy.FAIL_ON_CHANGE, Map.of(), keys,
                new OutputSpec.WriteAttempt("run", "wh." + entity, 1));
    }

    static VectorSchemaRoot batch(BufferAllocator allocator) {
        Schema schema = new Schema(List.of(Field.nullable("id", new ArrowType.Int(64, true)),
                Field.nullable("status", ArrowType.Utf8.INSTANCE)));
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        root.allocateNew();
        for (int row = 0; row < 3; row++) {
            ((BigIntVector) root.getVector(0)).setSafe(row, row);
            ((VarCharVector) root.getVector(1)).setSafe(row, ("s" + row).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        root.setRowCount(3);
        return root;
    }
}
