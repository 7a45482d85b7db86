package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ChangeRows;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;

/**
 * The change rows of a SQL Server change capture as Arrow: the schema built from the server's
 * description of the snapshot select, the key columns, and change rows copied into batches. No SQL
 * Server runs here, so the rows come from DuckDB's driver in the shape the changes select returns
 * (it answers the same typed getters); the statements themselves are {@link SqlServerCdcSqlTest}'s.
 */
class SqlServerCdcTest {

    /** How the server describes the snapshot select of {@code sales.orders (id int, name nvarchar(40), amount decimal(12,2))}. */
    private static final List<SqlServerColumn> DESCRIBED = List.of(new SqlServerColumn("_pz_op", "nvarchar", 6, 0),
            new SqlServerColumn("_pz_lsn", "varchar", 41, 0), new SqlServerColumn("_pz_changed_at", "datetime2", 26, 6),
            new SqlServerColumn("id", "int", 10, 0), new SqlServerColumn("name", "nvarchar", 40, 0),
            new SqlServerColumn("amount", "decimal", 12, 2));

    private static DatasetSpec cdc(Map<String, Object> options) {
        return new DatasetSpec("ms", "sales.orders", options, null, null,
                new DatasetSpec.ChangeCapture(null, null));
    }

    @Test
    void theChangeRowsAreTheEnvelopeThenTheTablesColumns() {
        SqlServerCdc.Capture capture = SqlServerCdc.describe(cdc(Map.of()), "sales_orders", List.of("ID"), DESCRIBED);

        assertThat(capture.schema().getFields()).extracting(Field::getName)
                .containsExactly("_pz_op", "_pz_lsn", "_pz_changed_at", "id", "name", "amount");
        assertThat(capture.schema().getFields()).extracting(field -> field.getType().toString())
                .containsExactly("Utf8", "Utf8", "Timestamp(MICROSECOND, +00:00)", "Int(32, true)", "Utf8",
                        "Decimal(38, 9, 128)");
        assertThat(capture.columns()).containsExactly("id", "name", "amount");
        assertThat(capture.keys()).as("named as the change rows name them").containsExactly("id");
        assertThat(capture.snapshotSelect()).isEqualTo(SqlServerCdcSql.snapshot(SqlServerTableName.parse(
                "sales.orders"), List.of()));
    }

    @Test
    void aContractNarrowsTheColumnsButMustKeepTheKeys() {
        Map<String, String> contract = new LinkedHashMap<>();
        contract.put("id", "int");
        contract.put("amount", "decimal");
        DatasetSpec spec = new DatasetSpec("ms", "sales.orders", Map.of(), contract, null,
                new DatasetSpec.ChangeCapture(null, null));
        assertThat(SqlServerCdc.snapshotSelect(spec)).endsWith("t.[id], t.[amount] from [sales].[orders] t");

        assertThatThrownBy(() -> SqlServerCdc.describe(spec, "sales_orders", List.of("region"), DESCRIBED))
                .isInstanceOf(PzConnectorException.class)
                .hasMessageContaining("the capture's key column(s) [region] are not read")
                .satisfies(e -> assertThat(((PzConnectorException) e).code()).contains(PzCode.CONNECTOR_CONFIG_INVALID));
    }

    @Test
    void aDescriptionWithoutTheEnvelopeIsRefused() {
        assertThatThrownBy(() -> SqlServerCdc.describe(cdc(Map.of()), "i", List.of(), DESCRIBED.subList(3, 6)))
                .isInstanceOf(PzConnectorException.class).hasMessageContaining("not the change envelope");
    }

    @Test
    void theCaptureInstanceAndTheOptionsACaptureRefuses() {
        assertThat(SqlServerCdc.instance(cdc(Map.of()))).isEqualTo("sales_orders");
        assertThat(SqlServerCdc.instance(cdc(Map.of("capture_instance", "orders_v2")))).isEqualTo("orders_v2");
        SqlServerCdc.checkOptions(cdc(Map.of("capture_instance", "orders_v2")));

        assertThatThrownBy(() -> SqlServerCdc.checkOptions(cdc(Map.of("query", "select 1", "partitions", 4))))
                .isInstanceOf(PzConnectorException.class)
                .hasMessageContaining("query, partitions cannot be used with sync: {mode: cdc}")
                .satisfies(e -> assertThat(((PzConnectorException) e).code()).contains(PzCode.CONNECTOR_CONFIG_INVALID));
        assertThatThrownBy(() -> SqlServerCdc.checkOptions(new DatasetSpec("ms", "sales.orders",
                Map.of("capture_instance", "x"), null, null))).isInstanceOf(PzConnectorException.class)
                .hasMessageContaining("capture_instance applies only to sync: {mode: cdc}");
        SqlServerCdc.checkOptions(new DatasetSpec("ms", "sales.orders", Map.of("partitions", 4), null, null));
    }

    @Test
    void changeRowsAreCopiedIntoArrowWithTheirOperationPositionAndTime() throws Exception {
        SqlServerCdc.Capture capture = SqlServerCdc.describe(cdc(Map.of()), "sales_orders", List.of("id"), DESCRIBED);
        String changes = "select * from (values"
                + " ('insert', '0000002A000001F80003-0000002A000001F80002', timestamp '2026-12-01 10:00:00.123456', 3,"
                + " 'three', 3.25::decimal(12,2)),"
                + " ('update', '0000002A000001F80003-0000002A000001F80004', timestamp '2026-12-01 10:00:00.123456', 1,"
                + " 'uno', 1.50::decimal(12,2)),"
                + " ('delete', '0000002B000000100005-0000002B000000100002', timestamp '2026-12-01 10:00:01', 2, null,"
                + " null)) t(op, lsn, changed_at, id, name, amount)";
        try (BufferAllocator allocator = new RootAllocator(); Connection duck = DriverManager.getConnection("jdbc:duckdb:");
                Statement statement = duck.createStatement()) {
            statement.execute("set timezone = 'UTC'");
            ResultSet rows = statement.executeQuery(changes);
            try (SqlServerArrowReader reader = new SqlServerArrowReader(allocator, "sales.orders", null,
                    capture.schema(), capture.sources(), BatchOptions.defaults(), rows, () -> { })) {
                assertThat(reader.loadNextBatch()).isTrue();
                VectorSchemaRoot root = reader.getVectorSchemaRoot();
                assertThat(root.getRowCount()).isEqualTo(3);
                assertThat(texts(root, ChangeRows.OP)).containsExactly("insert", "update", "delete");
                assertThat(texts(root, ChangeRows.POSITION)).isSorted().element(2)
                        .isEqualTo("0000002B000000100005-0000002B000000100002");
                assertThat(((TimeStampMicroTZVector) root.getVector(ChangeRows.CHANGED_AT)).get(2))
                        .isEqualTo(TemporalText.epochMicros(LocalDateTime.of(2026, 12, 1, 10, 0, 1)));
                assertThat(((IntVector) root.getVector("id")).get(2)).isEqualTo(2);
                assertThat(root.getVector("name").isNull(2)).as("a delete carries the key").isTrue();
                assertThat(((DecimalVector) root.getVector("amount")).getObject(0))
                        .isEqualTo(new BigDecimal("3.250000000"));
                assertThat(reader.loadNextBatch()).isFalse();
            }
        }
    }

    private static List<String> texts(VectorSchemaRoot root, String column) {
        VarCharVector vector = (VarCharVector) root.getVector(column);
        return java.util.stream.IntStream.range(0, root.getRowCount())
                .mapToObj(i -> new String(vector.get(i), java.nio.charset.StandardCharsets.UTF_8)).toList();
    }
}
