package dev.pz.connectors.mysql;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.testkit.ConnectorContractTest;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeEach;

/** The mysql connector passes the connector test kit against a real MariaDB server. */
class MysqlContractTest extends ConnectorContractTest {

    private static boolean seeded;

    @BeforeEach
    void seed() throws SQLException {
        MariaDbTestServer.endpoint();
        for (String table : List.of("kit_appended", "kit_replaced", "kit_merged")) {
            MariaDbTestServer.execute("drop table if exists " + table);
        }
        synchronized (MysqlContractTest.class) {
            if (!seeded) {
                MariaDbTestServer.execute("drop table if exists kit_orders", "drop table if exists kit_big",
                        "create table kit_orders (id int primary key, status varchar(20), amount decimal(10,2),"
                                + " created datetime(6))",
                        "insert into kit_orders values (1, 'open', 2.50, '2026-01-01 10:00:00'),"
                                + " (2, 'shipped', null, '2026-01-02 11:00:00.25'), (3, 'open', 7, null)",
                        "create table kit_big (id bigint, note varchar(40))",
                        "insert into kit_big select seq, concat('row ', seq) from seq_1_to_600000");
                seeded = true;
            }
        }
    }

    @Override
    protected Connector connector() {
        return new MysqlConnector();
    }

    @Override
    protected ConnectorConfig config() {
        return MariaDbTestServer.config();
    }

    @Override
    protected List<DatasetSpec> universalDatasets() {
        return List.of(DatasetSpec.of("my", "kit_orders", Map.of(), null),
                DatasetSpec.of("my", "kit_orders", Map.of(), Map.of("id", "bigint")),
                DatasetSpec.of("my", "open_orders", Map.of("query", "select id, status from kit_orders where status = 'open'"),
                        null));
    }

    @Override
    protected List<DatasetSpec> partitionedDatasets() {
        return List.of(DatasetSpec.of("my", "kit_orders", Map.of("partition_column", "id", "partitions", 3L), null));
    }

    @Override
    protected Optional<DatasetSpec> largeDataset() {
        return Optional.of(DatasetSpec.of("my", "kit_big", Map.of(), null));
    }

    @Override
    protected List<WriteCase> universalOutputs() {
        return List.of(new WriteCase(output("kit_appended", WriteStrategy.APPEND, List.of()), MysqlContractTest::batch),
                new WriteCase(output("kit_replaced", WriteStrategy.REPLACE, List.of()), MysqlContractTest::batch));
    }

    @Override
    protected Optional<WriteCase> mergeOutput() {
        return Optional.of(new WriteCase(output("kit_merged", WriteStrategy.MERGE, List.of("id")), MysqlContractTest::batch));
    }

    @Override
    protected boolean outputVisible(OutputSpec spec) {
        try {
            return !MariaDbTestServer.rows("select 1 from information_schema.tables where table_schema = database()"
                    + " and table_name = '" + spec.entity() + "'").isEmpty();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    protected Set<String> secretValues() {
        return Set.of(MariaDbTestServer.endpoint().password(), "Wrong-Secret-42");
    }

    @Override
    protected List<FailingCall> failingCalls() {
        return List.of((source, sink) -> source.schema(DatasetSpec.of("my", "no_such_table", Map.of(), null)),
                (source, sink) -> source.planRead(DatasetSpec.of("my", "kit_orders", Map.of("query", "select nonsense("),
                        null), ReadHints.none()));
    }

    @Override
    protected List<ConnectorConfig> failingConfigs() {
        return List.of(MariaDbTestServer.config("password", "Wrong-Secret-42"),
                MariaDbTestServer.config("port", 1L, "connect_timeout_seconds", 2L));
    }

    static OutputSpec output(String entity, WriteStrategy strategy, List<String> keys) {
        return new OutputSpec("my", entity, strategy, SchemaPolicy.FAIL_ON_CHANGE, Map.of(), keys,
                new OutputSpec.WriteAttempt("run", "my." + entity, 1));
    }

    static VectorSchemaRoot batch(BufferAllocator allocator) {
        Schema schema = new Schema(List.of(Field.nullable("id", new ArrowType.Int(64, true)),
                Field.nullable("status", ArrowType.Utf8.INSTANCE)));
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        root.allocateNew();
        for (int row = 0; row < 3; row++) {
            ((BigIntVector) root.getVector(0)).setSafe(row, row);
            ((VarCharVector) root.getVector(1)).setSafe(row, ("s\t" + row + "\\").getBytes(StandardCharsets.UTF_8));
        }
        root.setRowCount(3);
        return root;
    }
}
