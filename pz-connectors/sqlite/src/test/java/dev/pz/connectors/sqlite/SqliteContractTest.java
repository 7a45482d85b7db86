package dev.pz.connectors.sqlite;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.testkit.ConnectorContractTest;
import java.nio.charset.StandardCharsets;
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

/** The sqlite connector passes the connector test kit against a real database file. */
class SqliteContractTest extends ConnectorContractTest {

    @TempDir
    Path project;

    @BeforeEach
    void createDatabase() {
        SqliteFiles.execute(project.resolve("app.db"), "create table orders (id integer, status text, amount real)",
                "insert into orders values (1, 'open', 2.5), (2, 'shipped', null)",
                "create table big as with recursive n(i) as (select 1 union all select i + 1 from n where i < 400000)"
                        + " select i as id, 'row ' || i as note from n");
    }

    @Override
    protected Connector connector() {
        return new SqliteConnector();
    }

    @Override
    protected ConnectorConfig config() {
        return new ConnectorConfig("app", Map.of(ConnectorConfig.BASE_DIR, project.toString(), "path", "app.db"));
    }

    @Override
    protected List<DatasetSpec> universalDatasets() {
        return List.of(DatasetSpec.of("app", "orders", Map.of(), null),
                DatasetSpec.of("app", "orders", Map.of(), Map.of("id", "int")),
                DatasetSpec.of("app", "open_orders", Map.of("query", "select id, status from orders where status = 'open'"),
                        null));
    }

    @Override
    protected Optional<DatasetSpec> largeDataset() {
        return Optional.of(DatasetSpec.of("app", "big", Map.of(), null));
    }

    @Override
    protected List<WriteCase> universalOutputs() {
        return List.of(new WriteCase(output("appended", WriteStrategy.APPEND), SqliteContractTest::batch),
                new WriteCase(output("replaced", WriteStrategy.REPLACE), SqliteContractTest::batch));
    }

    @Override
    protected boolean outputVisible(OutputSpec spec) {
        return !SqliteFiles.rows(project.resolve("app.db"), "select name from sqlite_master where type = 'table' and name = '"
                + spec.entity() + "'").isEmpty();
    }

    @Override
    protected List<FailingCall> failingCalls() {
        return List.of((source, sink) -> source.schema(DatasetSpec.of("app", "nope", Map.of(), null)),
                (source, sink) -> source.planRead(DatasetSpec.of("app", "orders", Map.of("query", "select nonsense("),
                        null), ReadHints.none()).get(0).open(allocator, dev.pz.connectors.api.BatchOptions.defaults()));
    }

    static OutputSpec output(String entity, WriteStrategy strategy) {
        return new OutputSpec("app", entity, strategy, SchemaPolicy.FAIL_ON_CHANGE, Map.of(), List.of(),
                new OutputSpec.WriteAttempt("run", "app." + entity, 1));
    }

    static VectorSchemaRoot batch(BufferAllocator allocator) {
        Schema schema = new Schema(List.of(Field.nullable("id", new ArrowType.Int(64, true)),
                Field.nullable("status", ArrowType.Utf8.INSTANCE)));
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        root.allocateNew();
        for (int row = 0; row < 3; row++) {
            ((BigIntVector) root.getVector(0)).setSafe(row, row);
            ((VarCharVector) root.getVector(1)).setSafe(row, ("s" + row).getBytes(StandardCharsets.UTF_8));
        }
        root.setRowCount(3);
        return root;
    }
}
