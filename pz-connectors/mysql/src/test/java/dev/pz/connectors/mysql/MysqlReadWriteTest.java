package dev.pz.connectors.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.sql.ArrowColumns;
import java.sql.SQLException;
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

/** What reads of a MariaDB server produce and what writes leave there, on both bulk-load paths. */
class MysqlReadWriteTest {

    private final MysqlConnector connector = new MysqlConnector();
    private BufferAllocator allocator;

    @BeforeEach
    void setUp() throws SQLException {
        allocator = new RootAllocator();
        MariaDbTestServer.execute("drop table if exists rw_events", "drop table if exists rw_copy",
                "create table rw_events (id int, big bigint, flag tinyint(1), score double, price decimal(12,3),"
                        + " name varchar(40), day date, at datetime(6), stamp timestamp(6) null, payload blob)",
                "insert into rw_events values"
                        + " (1, 10000000000, 1, 1.5, 9.999, 'tab\\there', '2026-01-01', '2026-01-01 10:00:00', "
                        + "'2026-01-01 10:00:00', x'00ff5c09'),"
                        + " (2, null, 0, null, 1, 'back\\\\slash ''quote'' ünï', '2026-01-02', '2026-01-02 10:00:00.5',"
                        + " null, null),"
                        + " (3, -1, null, -2.25, null, null, null, null, null, ''),"
                        + " (null, 4, 1, 0, 0, 'line\\nbreak', '2026-01-04', '2026-01-04 00:00:00', null, null)");
    }

    @AfterEach
    void tearDown() throws SQLException {
        allocator.close();
        MariaDbTestServer.execute("set global local_infile = 1");
    }

    @Test
    void columnTypesMapToArrow() {
        try (Source source = connector.openSource(MariaDbTestServer.config()).orElseThrow()) {
            List<String> types = source.schema(DatasetSpec.of("my", "rw_events", Map.of(), null)).getFields().stream()
                    .map(field -> field.getName() + ":" + field.getType()).toList();
            assertThat(types).containsExactly("id:Int(32, true)", "big:Int(64, true)", "flag:Bool",
                    "score:FloatingPoint(DOUBLE)", "price:Decimal(12, 3, 128)", "name:Utf8", "day:Date(DAY)",
                    "at:Timestamp(MICROSECOND, +00:00)", "stamp:Timestamp(MICROSECOND, +00:00)", "payload:Binary");
        }
    }

    @Test
    void theWatermarkAndTheColumnsArePushedInMysqlsDialect() throws Exception {
        DatasetSpec spec = new DatasetSpec("my", "rw_events", Map.of(), null,
                new DatasetSpec.Watermark("at", "2026-01-01T10:00:00.000000", true, "2026-01-02T10:00:00.500000"));
        assertThat(MysqlReadQuery.select(spec, List.of("id"), List.of())).isEqualTo("SELECT `id` FROM `rw_events`"
                + " WHERE `at` >= '2026-01-01 10:00:00.000000' AND `at` <= '2026-01-02 10:00:00.500000'");
        assertThat(read(spec, new ReadHints(List.of("id", "at"), null)))
                .containsExactly("1|2026-01-01T10:00", "2|2026-01-02T10:00:00.500");
    }

    @Test
    void partitionsReadEveryRowOnceNullsIncluded() throws Exception {
        DatasetSpec whole = DatasetSpec.of("my", "rw_events", Map.of(), null);
        DatasetSpec split = DatasetSpec.of("my", "rw_events", Map.of("partition_column", "id", "partitions", 3L), null);
        try (Source source = connector.openSource(MariaDbTestServer.config()).orElseThrow()) {
            assertThat(source.planRead(split, ReadHints.none())).hasSize(3);
        }
        assertThat(read(split, ReadHints.none())).containsExactlyInAnyOrderElementsOf(read(whole, ReadHints.none()));
    }

    @Test
    void bothBulkLoadPathsRoundTripEveryValue() throws Exception {
        List<String> before = read(DatasetSpec.of("my", "rw_events", Map.of(), null), ReadHints.none());
        assertThat(copy("rw_copy", WriteStrategy.REPLACE)).isEqualTo("load data local infile");
        assertThat(read(DatasetSpec.of("my", "rw_copy", Map.of(), null), ReadHints.none())).isEqualTo(before);

        MariaDbTestServer.execute("set global local_infile = 0");
        assertThat(copy("rw_copy", WriteStrategy.REPLACE)).isEqualTo("multi-row insert");
        assertThat(read(DatasetSpec.of("my", "rw_copy", Map.of(), null), ReadHints.none())).isEqualTo(before);
        assertThat(MariaDbTestServer.rows("select name from rw_copy where id = 2"))
                .containsExactly("back\\slash 'quote' ünï");
    }

    @Test
    void appendAddsRowsAndMergeReplacesMatchingKeys() throws Exception {
        copy("rw_copy", WriteStrategy.APPEND);
        copy("rw_copy", WriteStrategy.APPEND);
        assertThat(MariaDbTestServer.rows("select count(*) from rw_copy")).containsExactly("8");
        MariaDbTestServer.execute("update rw_events set name = 'changed' where id = 1",
                "insert into rw_events (id, name) values (7, 'new'), (7, 'new again')");
        copy("rw_copy", WriteStrategy.MERGE, "id");
        assertThat(MariaDbTestServer.rows("select id, count(*), min(name) from rw_copy where id in (1, 7)"
                + " group by id order by id")).containsExactly("1|1|changed", "7|1|new");
        // A NULL key matches nothing, so its row is inserted (pz refuses NULL merge keys before a write: PZ0521).
        assertThat(MariaDbTestServer.rows("select count(*) from rw_copy where id is null")).containsExactly("3");
    }

    @Test
    void anAbortedReplaceLeavesTheTableAndNoStagingTable() throws Exception {
        copy("rw_copy", WriteStrategy.REPLACE);
        try (Source source = connector.openSource(MariaDbTestServer.config()).orElseThrow();
                ArrowReader reader = source.planRead(DatasetSpec.of("my", "rw_events", Map.of(), null), ReadHints.none())
                        .get(0).open(allocator, BatchOptions.defaults());
                Sink sink = connector.openSink(MariaDbTestServer.config()).orElseThrow()) {
            reader.loadNextBatch();
            WriteSession session = sink.beginWrite(MysqlContractTest.output("rw_copy", WriteStrategy.REPLACE, List.of()),
                    reader.getVectorSchemaRoot().getSchema());
            session.write(reader.getVectorSchemaRoot());
            session.write(reader.getVectorSchemaRoot());
            session.abort();
        }
        assertThat(MariaDbTestServer.rows("select count(*) from rw_copy")).containsExactly("4");
        assertThat(MariaDbTestServer.rows("select table_name from information_schema.tables where table_schema ="
                + " database() and (table_name like 'pz\\_tmp\\_%' or table_name like 'pz\\_old\\_%')")).isEmpty();
    }

    /** Copies rw_events into {@code target}; returns how the batches were loaded. */
    private String copy(String target, WriteStrategy strategy, String... keys) throws Exception {
        try (Source source = connector.openSource(MariaDbTestServer.config()).orElseThrow();
                ArrowReader reader = source.planRead(DatasetSpec.of("my", "rw_events", Map.of(), null), ReadHints.none())
                        .get(0).open(allocator, new BatchOptions(BatchOptions.DEFAULT_TARGET_BYTES, 2));
                Sink sink = connector.openSink(MariaDbTestServer.config()).orElseThrow()) {
            MysqlWriteSession session = (MysqlWriteSession) sink.beginWrite(MysqlContractTest.output(target, strategy,
                    List.of(keys)), reader.getVectorSchemaRoot().getSchema());
            try (session) {
                while (reader.loadNextBatch()) {
                    session.write(reader.getVectorSchemaRoot());
                }
                session.commit();
            }
            return session.mechanism();
        }
    }

    private List<String> read(DatasetSpec spec, ReadHints hints) throws Exception {
        List<String> rows = new ArrayList<>();
        try (Source source = connector.openSource(MariaDbTestServer.config()).orElseThrow()) {
            for (ReadPartition partition : source.planRead(spec, hints)) {
                try (ArrowReader reader = partition.open(allocator, BatchOptions.defaults())) {
                    while (reader.loadNextBatch()) {
                        VectorSchemaRoot root = reader.getVectorSchemaRoot();
                        for (int row = 0; row < root.getRowCount(); row++) {
                            List<String> values = new ArrayList<>();
                            for (Field field : root.getSchema().getFields()) {
                                Object value = ArrowColumns.get(root.getVector(field.getName()), row);
                                values.add(value instanceof byte[] bytes ? java.util.HexFormat.of().formatHex(bytes)
                                        : String.valueOf(value));
                            }
                            rows.add(String.join("|", values));
                        }
                    }
                }
            }
        }
        return rows;
    }

    static Map<String, String> columns(String... pairs) {
        Map<String, String> columns = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            columns.put(pairs[i], pairs[i + 1]);
        }
        return columns;
    }
}
