package dev.pz.connectors.postgres;

import static dev.pz.connectors.postgres.PostgresTestData.BIGINT;
import static dev.pz.connectors.postgres.PostgresTestData.VARCHAR;
import static dev.pz.connectors.postgres.PostgresTestData.batch;
import static dev.pz.connectors.postgres.PostgresTestData.dataset;
import static dev.pz.connectors.postgres.PostgresTestData.execute;
import static dev.pz.connectors.postgres.PostgresTestData.options;
import static dev.pz.connectors.postgres.PostgresTestData.output;
import static dev.pz.connectors.postgres.PostgresTestData.row;
import static dev.pz.connectors.postgres.PostgresTestData.schema;
import static dev.pz.connectors.postgres.PostgresTestData.uniqueTable;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.testkit.ConnectorContractTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;

/**
 * postgres keeps the connector contract against the real PostgreSQL the tests start: typed batches,
 * range partitions, a cancelled COPY stream, commit xor abort of append, replace and merge, and no
 * password in any message.
 */
class PostgresContractTest extends ConnectorContractTest {

    private static final Schema ROWS = schema("id", BIGINT, "name", VARCHAR);

    /** 300 rows, id 1..300. */
    private static String rows;
    /** 600,000 rows: far more than one batch, so closing after the first one cancels a running COPY. */
    private static String large;

    /** Each test writes tables of its own, so "not visible after abort" means what it says. */
    private final String replaced = uniqueTable("contract_replace");
    private final String merged = uniqueTable("contract_merge");

    @BeforeAll
    static void createTables() throws Exception {
        rows = uniqueTable("contract_rows");
        large = uniqueTable("contract_large");
        execute("create table " + rows + " as select i::bigint as id, 'name-' || i as name from generate_series(1, 300) i",
                "create table " + large + " as select i::bigint as id, md5(i::text) as name"
                        + " from generate_series(1, 600000) i");
    }

    @Override
    protected Connector connector() {
        return new PostgresConnector();
    }

    @Override
    protected ConnectorConfig config() {
        return PostgresTestServer.config();
    }

    @Override
    protected List<DatasetSpec> universalDatasets() {
        return List.of(dataset(rows, options()), dataset("q", options("query", "select 1::integer as one")));
    }

    @Override
    protected List<DatasetSpec> partitionedDatasets() {
        return List.of(dataset(rows, options("partition_column", "id", "partitions", 4L)));
    }

    @Override
    protected Optional<DatasetSpec> largeDataset() {
        return Optional.of(dataset(large, options()));
    }

    @Override
    protected List<WriteCase> universalOutputs() {
        return List.of(new WriteCase(output(replaced, WriteStrategy.REPLACE), this::twoRows));
    }

    @Override
    protected Optional<WriteCase> mergeOutput() {
        return Optional.of(new WriteCase(output(merged, WriteStrategy.MERGE, "id"), this::twoRows));
    }

    private org.apache.arrow.vector.VectorSchemaRoot twoRows(org.apache.arrow.memory.BufferAllocator allocator) {
        return batch(allocator, ROWS, List.of(row(1L, "a"), row(2L, "b")));
    }

    /** Visible: the table exists and holds the written rows. */
    @Override
    protected boolean outputVisible(OutputSpec spec) {
        try (Connection connection = PostgresTestServer.jdbc(); Statement statement = connection.createStatement();
                ResultSet found = statement.executeQuery("select count(*) from information_schema.tables"
                        + " where table_schema = 'public' and table_name = '" + spec.entity() + "'")) {
            found.next();
            if (found.getLong(1) == 0) {
                return false;
            }
            try (ResultSet count = statement.executeQuery("select count(*) from " + spec.entity())) {
                count.next();
                return count.getLong(1) == 2;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    protected Set<String> secretValues() {
        try {
            return Set.of(PostgresTestServer.passwordEndpoint().password(), wrongPassword());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    protected List<ConnectorConfig> failingConfigs() {
        try {
            PostgresTestServer.Endpoint role = PostgresTestServer.passwordEndpoint();
            return List.of(PostgresTestServer.config("user", role.user(), "password", wrongPassword()));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    protected List<FailingCall> failingCalls() {
        return List.of((source, sink) -> source.schema(dataset(uniqueTable("missing"), options())),
                (source, sink) -> source.planRead(dataset(rows, options("partition_column", "name", "partitions", 2L)),
                        ReadHints.none()),
                (source, sink) -> sink.beginWrite(output("a.b.c", WriteStrategy.APPEND), ROWS));
    }

    private static String wrongPassword() throws Exception {
        return PostgresTestServer.passwordEndpoint().password() + "-Wrong";
    }
}
