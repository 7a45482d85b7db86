package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.error.PzConnectorException;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The reader's column copiers and batch cutting over a real JDBC result. No SQL Server runs here,
 * so the result comes from DuckDB's driver, which answers the same typed getters ({@code getInt},
 * {@code getBigDecimal}, {@code getObject(…, LocalDateTime.class)}, …) the reader calls; what SQL
 * Server type names map to is {@link SqlServerReadTypeTest}'s subject.
 */
class SqlServerArrowReaderTest {

    private static final String ALL_TYPES = "select * from (values "
            + "(42::int, 9000000000::bigint, 1.5::double, 12345.123456789::decimal(18,9), 'héllo', "
            + "'11111111-AAAA-3333-4444-555555555555', true, date '2026-03-27', timestamp '2026-03-27 10:30:00.123456', "
            + "timestamptz '2026-03-27 12:30:00.5+02', '\\xAA\\x00\\xBB'::blob, 99.99::decimal(10,4)), "
            + "(null, null, null, null, null, null, null, null, null, null, null, null)) "
            + "t(c_int, c_bigint, c_float, c_decimal, c_text, c_guid, c_bit, c_date, c_datetime2, c_dto, c_binary, c_money)";

    private static final List<SqlServerReadType> TYPES = List.of(SqlServerReadType.INT, SqlServerReadType.BIGINT,
            SqlServerReadType.DOUBLE, SqlServerReadType.DECIMAL, SqlServerReadType.TEXT, SqlServerReadType.GUID,
            SqlServerReadType.BIT, SqlServerReadType.DATE, SqlServerReadType.DATETIME, SqlServerReadType.DATETIMEOFFSET,
            SqlServerReadType.BINARY, SqlServerReadType.DECIMAL);

    private BufferAllocator allocator;
    private Connection duck;

    @BeforeEach
    void open() throws Exception {
        allocator = new RootAllocator();
        duck = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement statement = duck.createStatement()) {
            statement.execute("set timezone = 'UTC'");
        }
    }

    @AfterEach
    void close() throws Exception {
        duck.close();
        allocator.close();
    }

    @Test
    void everyTypeIsCopiedWithItsValueAndNulls() throws Exception {
        List<String> names = List.of("c_int", "c_bigint", "c_float", "c_decimal", "c_text", "c_guid", "c_bit", "c_date",
                "c_datetime2", "c_dto", "c_binary", "c_money");
        try (SqlServerArrowReader reader = reader(ALL_TYPES, names, TYPES, BatchOptions.defaults())) {
            assertThat(reader.loadNextBatch()).isTrue();
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            assertThat(root.getRowCount()).isEqualTo(2);
            assertThat(((IntVector) root.getVector("c_int")).get(0)).isEqualTo(42);
            assertThat(((BigIntVector) root.getVector("c_bigint")).get(0)).isEqualTo(9_000_000_000L);
            assertThat(((Float8Vector) root.getVector("c_float")).get(0)).isEqualTo(1.5);
            assertThat(((DecimalVector) root.getVector("c_decimal")).getObject(0))
                    .isEqualTo(new BigDecimal("12345.123456789"));
            assertThat(new String(((VarCharVector) root.getVector("c_text")).get(0), "UTF-8")).isEqualTo("héllo");
            assertThat(root.getVector("c_guid").getObject(0)).hasToString("11111111-aaaa-3333-4444-555555555555");
            assertThat(((BitVector) root.getVector("c_bit")).get(0)).isEqualTo(1);
            assertThat(((DateDayVector) root.getVector("c_date")).get(0))
                    .isEqualTo((int) LocalDate.of(2026, 3, 27).toEpochDay());
            assertThat(((TimeStampMicroTZVector) root.getVector("c_datetime2")).get(0))
                    .isEqualTo(TemporalText.epochMicros(LocalDateTime.of(2026, 3, 27, 10, 30, 0, 123_456_000)));
            assertThat(((TimeStampMicroTZVector) root.getVector("c_dto")).get(0))
                    .isEqualTo(TemporalText.epochMicros(LocalDateTime.of(2026, 3, 27, 10, 30, 0, 500_000_000)));
            assertThat(((VarBinaryVector) root.getVector("c_binary")).get(0)).containsExactly(0xAA, 0x00, 0xBB);
            assertThat(((DecimalVector) root.getVector("c_money")).getObject(0)).isEqualTo(new BigDecimal("99.990000000"));
            for (FieldVector vector : root.getFieldVectors()) {
                assertThat(vector.isNull(0)).as(vector.getName()).isFalse();
                assertThat(vector.isNull(1)).as(vector.getName()).isTrue();
            }
            assertThat(reader.loadNextBatch()).isFalse();
            assertThat(reader.bytesRead()).isPositive();
        }
    }

    @Test
    void batchesAreCutAtTheRowLimit() throws Exception {
        List<Integer> sizes = new ArrayList<>();
        long sum = 0;
        try (SqlServerArrowReader reader = reader("select i::bigint as id from range(1, 1001) t(i)", List.of("id"),
                List.of(SqlServerReadType.BIGINT), new BatchOptions(Long.MAX_VALUE, 300))) {
            while (reader.loadNextBatch()) {
                VectorSchemaRoot root = reader.getVectorSchemaRoot();
                sizes.add(root.getRowCount());
                for (int i = 0; i < root.getRowCount(); i++) {
                    sum += ((BigIntVector) root.getVector(0)).get(i);
                }
            }
        }
        assertThat(sizes).containsExactly(300, 300, 300, 100);
        assertThat(sum).isEqualTo(500_500L);
    }

    @Test
    void batchesAreCutAtTheByteTargetCountingTextByItsLength() throws Exception {
        List<Integer> sizes = new ArrayList<>();
        try (SqlServerArrowReader reader = reader("select repeat('x', 96) as t from range(10)", List.of("t"),
                List.of(SqlServerReadType.TEXT), new BatchOptions(400, 1_000))) {
            while (reader.loadNextBatch()) {
                sizes.add(reader.getVectorSchemaRoot().getRowCount());
            }
        }
        // each value costs 4 + 96 bytes: the batch closes once it holds 400
        assertThat(sizes).containsExactly(4, 4, 2);
    }

    @Test
    void theReaderPicksResultColumnsByIndexForAQueryProjection() throws Exception {
        String sql = "select 1::int as a, 'two' as b, 3::bigint as c";
        Schema schema = new Schema(List.of(SqlServerReadType.BIGINT.field("c"), SqlServerReadType.INT.field("a")));
        try (Statement statement = duck.createStatement(); ResultSet rows = statement.executeQuery(sql);
                SqlServerArrowReader reader = new SqlServerArrowReader(allocator, "ds", null, schema,
                        List.of(new SqlServerArrowReader.Source(3, SqlServerReadType.BIGINT),
                                new SqlServerArrowReader.Source(1, SqlServerReadType.INT)),
                        BatchOptions.defaults(), rows, () -> { })) {
            assertThat(reader.loadNextBatch()).isTrue();
            assertThat(reader.getVectorSchemaRoot().contentToTSVString()).isEqualTo("c\ta\n3\t1\n");
        }
    }

    @Test
    void decimalsWithMoreThanNineFractionalDigitsAreRefusedNotRounded() throws Exception {
        try (SqlServerArrowReader reader = reader("select 1.1234567891::decimal(18,10) as amount", List.of("amount"),
                List.of(SqlServerReadType.DECIMAL), BatchOptions.defaults())) {
            assertThatThrownBy(reader::loadNextBatch).isInstanceOf(PzConnectorException.class)
                    .hasMessage("column 'amount': value exceeds decimal128(38,9) scale -- cast the column in query: "
                            + "(e.g. cast([amount] as decimal(38,9)) or as nvarchar) or declare it varchar in columns:");
        }
        try (SqlServerArrowReader reader = reader("select 1.1000000000::decimal(18,10) as amount", List.of("amount"),
                List.of(SqlServerReadType.DECIMAL), BatchOptions.defaults())) {
            assertThat(reader.loadNextBatch()).isTrue();
            assertThat(((DecimalVector) reader.getVectorSchemaRoot().getVector(0)).getObject(0))
                    .isEqualTo(new BigDecimal("1.100000000"));
        }
    }

    @Test
    void decimalsBeyondTwentyNineIntegerDigitsAreOutOfRange() throws Exception {
        try (SqlServerArrowReader reader = reader("select (10::hugeint ^ 30)::decimal(38,0) as big", List.of("big"),
                List.of(SqlServerReadType.DECIMAL), BatchOptions.defaults())) {
            assertThatThrownBy(reader::loadNextBatch).isInstanceOf(PzConnectorException.class)
                    .hasMessageStartingWith("column 'big': value is outside the range of decimal128(38,9)");
        }
    }

    @Test
    void closingMidStreamClosesTheSession() throws Exception {
        boolean[] closed = {false};
        Statement statement = duck.createStatement();
        ResultSet rows = statement.executeQuery("select i::bigint as id from range(10) t(i)");
        Schema schema = new Schema(List.of(SqlServerReadType.BIGINT.field("id")));
        try (SqlServerArrowReader reader = new SqlServerArrowReader(allocator, "ds", null, schema,
                List.of(new SqlServerArrowReader.Source(1, SqlServerReadType.BIGINT)), new BatchOptions(1 << 20, 3), rows,
                () -> {
                    closed[0] = true;
                    statement.close();
                })) {
            assertThat(reader.loadNextBatch()).isTrue();
        }
        assertThat(closed[0]).isTrue();
        assertThat(rows.isClosed()).isTrue();
    }

    private SqlServerArrowReader reader(String sql, List<String> names, List<SqlServerReadType> types,
            BatchOptions options) throws Exception {
        Statement statement = duck.createStatement();
        ResultSet rows = statement.executeQuery(sql);
        List<Field> fields = new ArrayList<>();
        List<SqlServerArrowReader.Source> sources = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            fields.add(types.get(i).field(names.get(i)));
            sources.add(new SqlServerArrowReader.Source(i + 1, types.get(i)));
        }
        return new SqlServerArrowReader(allocator, "ds", null, new Schema(fields), sources, options, rows, statement);
    }
}
