package dev.pz.connectors.sqlserver;

import static dev.pz.connectors.sqlserver.SqlServerLive.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.ReadPredicate;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzConnectorException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Reads against a live SQL Server (skipped where none runs, see {@link SqlServerTestServer}). */
class SqlServerLiveReadTest {

    private BufferAllocator allocator;
    private Source source;

    @BeforeEach
    void open() {
        allocator = new RootAllocator();
        source = new SqlServerConnector().openSource(SqlServerTestServer.config()).orElseThrow();
    }

    @AfterEach
    void close() {
        if (source != null) {
            source.close();
        }
        allocator.close();
    }

    @Test
    void everyTypeOfTheMatrixReadsWithTheAnnouncedSchemaAndItsNulls() throws Exception {
        String table = SqlServerTestServer.uniqueTable("matrix");
        SqlServerTestServer.execute("create table dbo." + table + " (id int not null, c_int int, c_tinyint tinyint, "
                + "c_smallint smallint, c_bigint bigint, c_float float, c_real real, c_decimal decimal(38,9), "
                + "c_money money, c_nvarchar nvarchar(20), c_max nvarchar(max), c_varchar varchar(20), c_char char(5), "
                + "c_guid uniqueidentifier, c_bit bit, c_date date, c_datetime2 datetime2, c_datetime datetime, "
                + "c_small smalldatetime, c_dto datetimeoffset, c_binary varbinary(max))",
                "insert into dbo." + table + " values (1, 42, 7, -3, 9000000000, 1.5, 2.5, 12345.123456789, 99.99, "
                        + "N'héllo', REPLICATE(CAST(N'x' AS nvarchar(max)), 5000), 'world', 'abc', "
                        + "'11111111-2222-3333-4444-555555555555', 1, '2026-03-27', '2026-03-27T10:30:00.1234567', "
                        + "'2026-03-27T10:30:00.003', '2026-03-27T10:30:00', '2026-03-27T12:30:00.5+02:00', 0xAA00BB)",
                "insert into dbo." + table + " (id) values (2)");
        DatasetSpec spec = DatasetSpec.of("ms", "dbo." + table, Map.of(), null);
        Schema schema = source.schema(spec);
        List<ReadPartition> partitions = source.planRead(spec, ReadHints.none());
        assertThat(partitions).hasSize(1);
        assertThat(((SqlServerPartition) partitions.get(0)).schema()).isEqualTo(schema);
        assertThat(schema.getFields().stream().map(Field::getType).map(Object::toString).toList()).containsExactly(
                "Int(32, true)", "Int(32, true)", "Int(32, true)", "Int(32, true)", "Int(64, true)",
                "FloatingPoint(DOUBLE)", "FloatingPoint(DOUBLE)", "Decimal(38, 9, 128)", "Decimal(38, 9, 128)", "Utf8",
                "Utf8", "Utf8", "Utf8", "Utf8", "Bool", "Date(DAY)", "Timestamp(MICROSECOND, +00:00)",
                "Timestamp(MICROSECOND, +00:00)", "Timestamp(MICROSECOND, +00:00)", "Timestamp(MICROSECOND, +00:00)",
                "Binary");
        List<List<Object>> rows = read(partitions, allocator);
        rows.sort((a, b) -> Integer.compare((Integer) a.get(0), (Integer) b.get(0)));
        List<Object> values = rows.get(0);
        assertThat(values.subList(0, 9)).containsExactly(1, 42, 7, -3, 9_000_000_000L, 1.5, 2.5,
                new BigDecimal("12345.123456789"), new BigDecimal("99.990000000"));
        assertThat(values.get(9)).isEqualTo(new Text("héllo"));
        assertThat(values.get(10).toString()).hasSize(5000);
        assertThat(values.subList(11, 15)).containsExactly(new Text("world"), new Text("abc  "),
                new Text("11111111-2222-3333-4444-555555555555"), true);
        // Arrow's own objects: days since the epoch for dates, epoch microseconds (UTC) for timestamps
        assertThat(values.get(15)).isEqualTo((int) LocalDate.of(2026, 3, 27).toEpochDay());
        assertThat(values.get(16)).isEqualTo(micros(LocalDateTime.of(2026, 3, 27, 10, 30, 0, 123_456_000)));
        assertThat(values.get(17)).isEqualTo(micros(LocalDateTime.of(2026, 3, 27, 10, 30, 0, 3_000_000)));
        assertThat(values.get(18)).isEqualTo(micros(LocalDateTime.of(2026, 3, 27, 10, 30)));
        assertThat(values.get(19)).isEqualTo(micros(LocalDateTime.of(2026, 3, 27, 10, 30, 0, 500_000_000)));
        assertThat((byte[]) values.get(20)).containsExactly(0xAA, 0x00, 0xBB);
        assertThat(rows.get(1).subList(1, 21)).containsOnlyNulls();
    }

    @Test
    void partitionsCoverEveryRowExactlyOnceNullsIncluded() throws Exception {
        String table = SqlServerTestServer.uniqueTable("parts");
        SqlServerTestServer.execute("create table dbo." + table + " (id int null, note nvarchar(10))",
                "insert into dbo." + table + " select top (1000) row_number() over (order by (select null)), N'x' "
                        + "from sys.all_objects a cross join sys.all_objects b",
                "insert into dbo." + table + " values (null, N'n1'), (null, N'n2')");
        DatasetSpec spec = DatasetSpec.of("ms", table, Map.of("partition_column", "id", "partitions", 4L), null);
        List<ReadPartition> partitions = source.planRead(spec, new ReadHints(List.of("note"), null));
        assertThat(partitions).hasSize(4);
        List<List<Object>> rows = read(partitions, allocator);
        assertThat(rows).hasSize(1002).allSatisfy(row -> assertThat(row).hasSize(1));
    }

    @Test
    void datePartitionsSplitOnDateBoundaries() throws Exception {
        String table = SqlServerTestServer.uniqueTable("dayparts");
        SqlServerTestServer.execute("create table dbo." + table + " (d date, ts datetime2(3), dto datetimeoffset)",
                "insert into dbo." + table + " values ('2026-01-01', '2026-01-01T00:00:00', '2026-01-01T00:00:00+00:00'),"
                        + " ('2026-01-10', '2026-01-10T00:00:00', '2026-01-10T02:00:00+02:00'), (null, null, null)");
        for (String column : List.of("d", "ts", "dto")) {
            List<ReadPartition> partitions = source.planRead(DatasetSpec.of("ms", table,
                    Map.of("partition_column", column, "partitions", 3L), null), ReadHints.none());
            assertThat(partitions).as(column).hasSize(3);
            assertThat(read(partitions, allocator)).as(column).hasSize(3);
        }
    }

    @Test
    void watermarkBoundsFilterOnTheServerForDatetimeAndDatetime2Cursors() throws Exception {
        String table = SqlServerTestServer.uniqueTable("wm");
        SqlServerTestServer.execute("create table dbo." + table + " (id int, ts datetime2, legacy datetime)",
                "insert into dbo." + table + " values (1, '2026-01-01T00:00:00', '2026-01-01T00:00:00'), "
                        + "(2, '2026-01-02T00:00:00.5', '2026-01-02T00:00:00.5'), (3, '2026-01-03T00:00:00', "
                        + "'2026-01-03T00:00:00')");
        for (String cursor : List.of("ts", "legacy")) {
            DatasetSpec spec = new DatasetSpec("ms", table, Map.of(), null, new DatasetSpec.Watermark(cursor,
                    "2026-01-01T00:00:00.000000", false, "2026-01-02T00:00:00.500000"));
            assertThat(read(source.planRead(spec, ReadHints.none()), allocator)).as(cursor)
                    .extracting(row -> row.get(0)).containsExactly(2);
        }
    }

    @Test
    void pushedPredicatesFilterOnTheServerAndTextOnlyUnderABinaryCollation() throws Exception {
        String table = SqlServerTestServer.uniqueTable("pushed");
        SqlServerTestServer.execute("create table dbo." + table + " (id int, code varchar(5) collate "
                + "Latin1_General_100_BIN2, label varchar(5) collate SQL_Latin1_General_CP1_CI_AS)",
                "insert into dbo." + table + " values (1, 'b', 'x'), (2, 'b', 'X'), (3, 'B', 'x'), (4, 'b', 'y')");
        DatasetSpec spec = DatasetSpec.of("ms", "dbo." + table, Map.of(), null);
        List<ReadPredicate> predicates = List.of(
                new ReadPredicate.Comparison("id", ReadPredicate.Operator.GREATER, ReadPredicate.Value.of(1L)),
                new ReadPredicate.Comparison("code", ReadPredicate.Operator.EQUAL, ReadPredicate.Value.of("b")),
                new ReadPredicate.Comparison("label", ReadPredicate.Operator.EQUAL, ReadPredicate.Value.of("x")));
        List<ReadPartition> partitions = source.planRead(spec, new ReadHints(null, predicates));

        assertThat(((SqlServerPartition) partitions.get(0)).select()).contains("([id] > 1) and ([code] = 'b')")
                .doesNotContain("label] =");
        // Under the binary collation 'B' is not 'b'; the label's case-insensitive collation keeps its
        // predicate off the server, so rows come back whatever their label, for DuckDB to filter.
        assertThat(read(partitions, allocator)).extracting(row -> row.get(0)).containsExactlyInAnyOrder(2, 4);
    }

    @Test
    void aQueryRunsAsWrittenAndKeepsTheHintedColumns() throws Exception {
        DatasetSpec spec = DatasetSpec.of("ms", "recent", Map.of("query",
                "with t as (select 1 as a, N'two' as b, cast(3 as bigint) as c) select * from t order by a;"), null);
        assertThat(source.schema(spec).getFields()).extracting(Field::getName).containsExactly("a", "b", "c");
        List<List<Object>> rows = read(source.planRead(spec, new ReadHints(List.of("a", "c"), null)), allocator);
        assertThat(rows).containsExactly(List.of(1, 3L));
    }

    @Test
    void aContractedColumnTheTableLacksIsLeftOutOfTheSchemaAndRefusedAtRead() throws Exception {
        String table = SqlServerTestServer.uniqueTable("contract");
        SqlServerTestServer.execute("create table dbo." + table + " (id bigint, status nvarchar(10))");
        Map<String, String> contract = new LinkedHashMap<>();
        contract.put("status", "varchar");
        contract.put("id", "bigint");
        contract.put("gone", "int");
        DatasetSpec spec = DatasetSpec.of("ms", table, Map.of(), contract);
        assertThat(source.schema(spec).getFields()).extracting(Field::getName).containsExactly("id", "status");
        assertThatThrownBy(() -> source.planRead(spec, ReadHints.none())).isInstanceOf(PzConnectorException.class)
                .hasMessageContaining("column(s) [gone] do not exist in the source");
    }

    @Test
    void aMissingTableIsAPermanentFailureWithAHint() {
        DatasetSpec spec = DatasetSpec.of("ms", "dbo.no_such_table", Map.of(), null);
        assertThatThrownBy(() -> source.schema(spec)).isInstanceOf(PzConnectorException.class)
                .hasMessageContaining("Invalid object name").hasMessageContaining("-- hint: the table or view does not exist")
                .matches(e -> !((PzConnectorException) e).isTransient());
    }

    private static long micros(LocalDateTime utc) {
        return TemporalText.epochMicros(utc);
    }
}
