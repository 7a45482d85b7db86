package dev.pz.connectors.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzConnectorException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a read of an SQLite file produces (types, bounds, queries) and what a write leaves in it. */
class SqliteReadWriteTest {

    @TempDir
    Path project;

    private final SqliteConnector connector = new SqliteConnector();
    private BufferAllocator allocator;

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
        SqliteFiles.execute(db(), "create table events (id integer primary key, name varchar(20), score real,"
                + " price numeric(10,2), flag boolean, day date, at datetime, payload blob, anything)",
                "insert into events values (1, 'a', 1.5, 9.99, 1, '2026-01-01', '2026-01-01 10:00:00', x'00ff', 'x'),"
                        + " (2, 'b', null, 1, 0, '2026-01-02', '2026-01-02 10:00:00.5', null, 7),"
                        + " (3, 'c', 3, 2.5, 1, '2026-01-03', '2026-01-03T11:30:00', null, null)");
    }

    @AfterEach
    void tearDown() {
        allocator.close();
    }

    private Path db() {
        return project.resolve("app.db");
    }

    private ConnectorConfig config() {
        return new ConnectorConfig("app", Map.of(ConnectorConfig.BASE_DIR, project.toString(), "path", "app.db"));
    }

    @Test
    void declaredTypesMapByAffinityAsDuckDbsScannerDoes() {
        try (Source source = connector.openSource(config()).orElseThrow()) {
            List<String> types = source.schema(DatasetSpec.of("app", "events", Map.of(), null)).getFields().stream()
                    .map(field -> field.getName() + ":" + field.getType()).toList();
            assertThat(types).containsExactly("id:Int(64, true)", "name:Utf8", "score:FloatingPoint(DOUBLE)",
                    "price:FloatingPoint(DOUBLE)", "flag:Utf8", "day:Date(DAY)",
                    "at:Timestamp(MICROSECOND, +00:00)", "payload:Binary", "anything:Binary");
        }
    }

    @Test
    void aWatermarkBoundsTheReadWithTextTimestampsComparedInOrder() throws Exception {
        Map<String, String> contract = new LinkedHashMap<>();
        contract.put("id", "int");
        contract.put("at", "timestamp");
        DatasetSpec spec = new DatasetSpec("app", "events", Map.of(), contract,
                new DatasetSpec.Watermark("at", "2026-01-01T10:00:00.000000", false, "2026-01-02T23:00:00.000000"));
        assertThat(SqliteSource.select(spec, List.of(new dev.pz.connectors.sql.JdbcColumn("id",
                dev.pz.connectors.sql.ColumnKind.INT)))).isEqualTo("select \"id\" from \"events\" where \"at\" >"
                        + " '2026-01-01 10:00:00.000000' and \"at\" <= '2026-01-02 23:00:00.000000'");
        assertThat(read(spec, ReadHints.none())).containsExactly("2|2026-01-02T10:00:00.500");
    }

    @Test
    void aQueryIsReadWithTheColumnsHinted() throws Exception {
        DatasetSpec spec = DatasetSpec.of("app", "named", Map.of("query", "select id, upper(name) as big from events"
                + " where id > 1;"), null);
        assertThat(read(spec, new ReadHints(List.of("big"), null))).containsExactly("B", "C");
    }

    @Test
    void aValueThatDoesNotFitItsContractFailsNamingTheColumnNotTheValue() {
        DatasetSpec spec = DatasetSpec.of("app", "events", Map.of(), Map.of("name", "bigint"));
        assertThatThrownBy(() -> read(spec, ReadHints.none())).isInstanceOf(PzConnectorException.class)
                .hasMessageContaining("column 'name'").hasMessageNotContaining("'a'");
    }

    @Test
    void aMissingFileFailsTheReadAndIsNotCreated() {
        ConnectorConfig missing = new ConnectorConfig("app", Map.of(ConnectorConfig.BASE_DIR, project.toString(),
                "path", "missing.db"));
        try (Source source = connector.openSource(missing).orElseThrow()) {
            assertThatThrownBy(() -> source.schema(DatasetSpec.of("app", "t", Map.of(), null)))
                    .hasMessageContaining("missing.db' does not exist");
        }
        assertThat(project.resolve("missing.db")).doesNotExist();
        assertThat(connector.checkConnection(missing).ok()).isTrue();
    }

    @Test
    void valuesRoundTripThroughAWriteAndARead() throws Exception {
        DatasetSpec everything = DatasetSpec.of("app", "events", Map.of(), null);
        Map<String, String> contract = new LinkedHashMap<>();
        contract.put("id", "bigint");
        contract.put("price", "decimal");
        contract.put("flag", "boolean");
        contract.put("day", "date");
        contract.put("at", "timestamp");
        DatasetSpec typed = DatasetSpec.of("app", "events", Map.of(), contract);
        List<String> before = read(typed, ReadHints.none());
        copy(typed, "copy", WriteStrategy.REPLACE);
        assertThat(read(DatasetSpec.of("app", "copy", Map.of(), contract), ReadHints.none())).isEqualTo(before);
        assertThat(SqliteFiles.rows(db(), "select price, flag, day, at from copy order by id")).containsExactly(
                "9.990000000|1|2026-01-01|2026-01-01 10:00:00", "1.000000000|0|2026-01-02|2026-01-02 10:00:00.5",
                "2.500000000|1|2026-01-03|2026-01-03 11:30:00");
        assertThat(SqliteFiles.rows(db(), "select group_concat(type, ',') from pragma_table_info('copy')"))
                .containsExactly("BIGINT,VARCHAR,BIGINT,VARCHAR,VARCHAR");
        copy(everything, "copy", WriteStrategy.REPLACE);
        assertThat(SqliteFiles.rows(db(), "select count(*) from copy")).containsExactly("3");
        copy(everything, "copy", WriteStrategy.APPEND);
        assertThat(SqliteFiles.rows(db(), "select count(*) from copy")).containsExactly("6");
    }

    @Test
    void anAbortedReplaceLeavesTheOldTable() throws Exception {
        DatasetSpec spec = DatasetSpec.of("app", "events", Map.of(), null);
        try (Source source = connector.openSource(config()).orElseThrow();
                ArrowReader reader = source.planRead(spec, ReadHints.none()).get(0).open(allocator, BatchOptions.defaults());
                var sink = connector.openSink(config()).orElseThrow()) {
            reader.loadNextBatch();
            VectorSchemaRoot batch = reader.getVectorSchemaRoot();
            WriteSession session = sink.beginWrite(SqliteContractTest.output("events", WriteStrategy.REPLACE),
                    batch.getSchema());
            session.write(batch);
            session.write(batch);
            session.abort();
        }
        assertThat(SqliteFiles.rows(db(), "select count(*) from events")).containsExactly("3");
    }

    private void copy(DatasetSpec from, String to, WriteStrategy strategy) throws Exception {
        try (Source source = connector.openSource(config()).orElseThrow();
                ArrowReader reader = source.planRead(from, ReadHints.none()).get(0).open(allocator, BatchOptions.defaults());
                var sink = connector.openSink(config()).orElseThrow()) {
            WriteSession session = sink.beginWrite(SqliteContractTest.output(to, strategy),
                    reader.getVectorSchemaRoot().getSchema());
            try (session) {
                while (reader.loadNextBatch()) {
                    session.write(reader.getVectorSchemaRoot());
                }
                session.commit();
            }
        }
    }

    private List<String> read(DatasetSpec spec, ReadHints hints) throws Exception {
        List<String> rows = new ArrayList<>();
        try (Source source = connector.openSource(config()).orElseThrow();
                ArrowReader reader = source.planRead(spec, hints).get(0).open(allocator, BatchOptions.defaults())) {
            while (reader.loadNextBatch()) {
                VectorSchemaRoot root = reader.getVectorSchemaRoot();
                for (int row = 0; row < root.getRowCount(); row++) {
                    List<String> values = new ArrayList<>();
                    for (Field field : root.getSchema().getFields()) {
                        values.add(String.valueOf(dev.pz.connectors.sql.ArrowColumns.get(root.getVector(field.getName()), row)));
                    }
                    rows.add(String.join("|", values));
                }
            }
        }
        return rows;
    }
}
