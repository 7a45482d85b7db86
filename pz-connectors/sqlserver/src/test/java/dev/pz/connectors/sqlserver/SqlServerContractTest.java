package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.testkit.ConnectorContractTest;
import java.nio.charset.StandardCharsets;
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

/** sqlserver keeps the connector contract against a live server (skipped where none runs). */
class SqlServerContractTest extends ConnectorContractTest {

    private final String source = SqlServerTestServer.uniqueTable("contract_src");
    private final String append = SqlServerTestServer.uniqueTable("contract_append");
    private final String replace = SqlServerTestServer.uniqueTable("contract_replace");
    private final String merge = SqlServerTestServer.uniqueTable("contract_merge");

    @BeforeEach
    void fixtures() throws Exception {
        SqlServerTestServer.execute("create table dbo." + source + " (id int not null, name nvarchar(20))",
                "insert into dbo." + source + " values (1, N'a'), (2, N'b'), (3, null)");
    }

    @Override
    protected Connector connector() {
        return new SqlServerConnector();
    }

    @Override
    protected ConnectorConfig config() {
        return SqlServerTestServer.config();
    }

    @Override
    protected List<DatasetSpec> universalDatasets() {
        return List.of(DatasetSpec.of("ms", source, Map.of(), null),
                DatasetSpec.of("ms", "q", Map.of("query", "select id * 10 as tens from dbo." + source), null));
    }

    @Override
    protected List<DatasetSpec> partitionedDatasets() {
        return List.of(DatasetSpec.of("ms", source, Map.of("partition_column", "id", "partitions", 2L), null));
    }

    @Override
    protected List<WriteCase> universalOutputs() {
        return List.of(new WriteCase(output(append, WriteStrategy.APPEND, List.of()), this::batch),
                new WriteCase(output(replace, WriteStrategy.REPLACE, List.of()), this::batch));
    }

    @Override
    protected Optional<WriteCase> mergeOutput() {
        return Optional.of(new WriteCase(output(merge, WriteStrategy.MERGE, List.of("id")), this::batch));
    }

    @Override
    protected boolean outputVisible(OutputSpec spec) {
        try {
            return !SqlServerLive.rows("select 1 from sys.tables where object_id = object_id('" + spec.entity() + "')")
                    .isEmpty() && SqlServerLive.count(spec.entity()) > 0;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    protected Set<String> secretValues() {
        return Set.of(SqlServerTestServer.endpoint().password());
    }

    @Override
    protected List<FailingCall> failingCalls() {
        return List.of((reader, writer) -> reader.schema(DatasetSpec.of("ms", "dbo.no_such_table", Map.of(), null)),
                (reader, writer) -> reader.planRead(DatasetSpec.of("ms", "x", Map.of("query", "select nope"), null),
                        ReadHints.none()),
                (reader, writer) -> new SqlServerConnector().openSource(SqlServerTestServer.config("password", "wrong"))
                        .orElseThrow().schema(DatasetSpec.of("ms", source, Map.of(), null)));
    }

    private static OutputSpec output(String table, WriteStrategy strategy, List<String> keys) {
        return new OutputSpec("ms", "dbo." + table, strategy, SchemaPolicy.FAIL_ON_CHANGE, Map.of(), keys, null, Map.of("name", 1L));
    }

    private VectorSchemaRoot batch(BufferAllocator allocator) {
        Schema schema = new Schema(List.of(Field.nullable("id", new ArrowType.Int(64, true)),
                Field.nullable("name", ArrowType.Utf8.INSTANCE)));
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ((BigIntVector) root.getVector(0)).setSafe(0, 1);
        ((VarCharVector) root.getVector(1)).setSafe(0, "a".getBytes(StandardCharsets.UTF_8));
        ((BigIntVector) root.getVector(0)).setSafe(1, 2);
        ((VarCharVector) root.getVector(1)).setNull(1);
        root.setRowCount(2);
        return root;
    }
}
