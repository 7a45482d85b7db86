package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.error.PzConnectorException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.TimeStampSecVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Arrow → bulk copy adapter against the contract the driver reads ({@code ISQLServerBulkData}):
 * column ordinals and metadata, {@code next()} then {@code getRowData()} per row, every Arrow type
 * the sink writes in the Java type the driver expects, NULLs as {@code null}.
 */
class ArrowBulkDataTest {

    private static final LocalDateTime NOON = LocalDateTime.of(2026, 3, 27, 12, 30, 0, 123_456_000);

    private BufferAllocator allocator;

    @BeforeEach
    void open() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void close() {
        allocator.close();
    }

    @Test
    void everyTypeWithItsValueAndItsNull() {
        Schema schema = new Schema(List.of(
                field("i8", new ArrowType.Int(8, true)), field("i16", new ArrowType.Int(16, true)),
                field("i32", new ArrowType.Int(32, true)), field("i64", new ArrowType.Int(64, true)),
                field("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
                field("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                field("dec", new ArrowType.Decimal(18, 2, 128)), field("txt", ArrowType.Utf8.INSTANCE),
                field("ltxt", ArrowType.LargeUtf8.INSTANCE), field("vtxt", ArrowType.Utf8View.INSTANCE),
                field("flag", ArrowType.Bool.INSTANCE), field("day", new ArrowType.Date(DateUnit.DAY)),
                field("dayms", new ArrowType.Date(DateUnit.MILLISECOND)),
                field("ts_us_utc", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+00:00")),
                field("ts_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
                field("ts_ms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)),
                field("ts_s", new ArrowType.Timestamp(TimeUnit.SECOND, null)), field("bin", ArrowType.Binary.INSTANCE),
                field("lbin", ArrowType.LargeBinary.INSTANCE), field("fbin", new ArrowType.FixedSizeBinary(2)),
                field("vbin", ArrowType.BinaryView.INSTANCE)));
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
            root.allocateNew();
            long micros = TemporalText.epochMicros(NOON);
            byte[] bytes = {(byte) 0xAA, 0x00};
            ((TinyIntVector) root.getVector("i8")).setSafe(0, -7);
            ((SmallIntVector) root.getVector("i16")).setSafe(0, -300);
            ((IntVector) root.getVector("i32")).setSafe(0, 42);
            ((BigIntVector) root.getVector("i64")).setSafe(0, 9_000_000_000L);
            ((Float4Vector) root.getVector("f32")).setSafe(0, 2.5f);
            ((Float8Vector) root.getVector("f64")).setSafe(0, 1.5);
            ((DecimalVector) root.getVector("dec")).setSafe(0, new BigDecimal("-12.34"));
            ((VarCharVector) root.getVector("txt")).setSafe(0, "héllo 🦆".getBytes(StandardCharsets.UTF_8));
            ((LargeVarCharVector) root.getVector("ltxt")).setSafe(0, "large".getBytes(StandardCharsets.UTF_8));
            ((ViewVarCharVector) root.getVector("vtxt")).setSafe(0, "a view of more than twelve bytes"
                    .getBytes(StandardCharsets.UTF_8));
            ((BitVector) root.getVector("flag")).setSafe(0, 1);
            ((DateDayVector) root.getVector("day")).setSafe(0, (int) LocalDate.of(2026, 3, 27).toEpochDay());
            ((DateMilliVector) root.getVector("dayms")).setSafe(0, LocalDate.of(1969, 12, 31).toEpochDay() * 86_400_000L);
            ((TimeStampMicroTZVector) root.getVector("ts_us_utc")).setSafe(0, micros);
            ((TimeStampNanoVector) root.getVector("ts_ns")).setSafe(0, micros * 1_000 + 999);
            ((TimeStampMilliVector) root.getVector("ts_ms")).setSafe(0, micros / 1_000);
            ((TimeStampSecVector) root.getVector("ts_s")).setSafe(0, -1);
            ((VarBinaryVector) root.getVector("bin")).setSafe(0, bytes);
            ((LargeVarBinaryVector) root.getVector("lbin")).setSafe(0, bytes);
            ((FixedSizeBinaryVector) root.getVector("fbin")).setSafe(0, bytes);
            ((ViewVarBinaryVector) root.getVector("vbin")).setSafe(0, bytes);
            root.getFieldVectors().forEach(vector -> vector.setNull(1));
            root.setRowCount(2);

            ArrowBulkData data = new ArrowBulkData(columns(schema), root);
            assertThat(data.next()).isTrue();
            Object[] values = data.getRowData().clone();
            assertThat(values).containsExactly((short) -7, (short) -300, 42, 9_000_000_000L, 2.5f, 1.5,
                    new BigDecimal("-12.34"), "héllo 🦆", "large", "a view of more than twelve bytes", true, "2026-03-27",
                    "1969-12-31", "2026-03-27 12:30:00.123456", "2026-03-27 12:30:00.123456",
                    "2026-03-27 12:30:00.123000", "1969-12-31 23:59:59.000000", bytes, bytes, bytes, bytes);
            assertThat(values[0]).isInstanceOf(Short.class);
            assertThat(values[2]).isInstanceOf(Integer.class);
            assertThat(values[3]).isInstanceOf(Long.class);
            assertThat(values[4]).isInstanceOf(Float.class);
            assertThat(values[5]).isInstanceOf(Double.class);
            assertThat(data.next()).isTrue();
            assertThat(data.getRowData()).hasSize(21).containsOnlyNulls();
            assertThat(data.next()).isFalse();
            assertThat(data.next()).isFalse();
        }
    }

    @Test
    void metadataIsAnnouncedByOrdinalInColumnOrder() {
        Schema schema = new Schema(List.of(field("id", new ArrowType.Int(64, true)), field("note", ArrowType.Utf8.INSTANCE)));
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
            ArrowBulkData data = new ArrowBulkData(List.of(new ArrowBulkData.Column("id", Types.BIGINT, 19, 0),
                    new ArrowBulkData.Column("note", Types.NVARCHAR, 0, 0)), root);
            assertThat(data.getColumnOrdinals()).containsExactly(1, 2);
            assertThat(data.getColumnName(2)).isEqualTo("note");
            assertThat(data.getColumnType(1)).isEqualTo(Types.BIGINT);
            assertThat(data.getPrecision(1)).isEqualTo(19);
            assertThat(data.getScale(1)).isZero();
            assertThat(data.next()).isFalse();
        }
    }

    @Test
    void rowDataBeforeNextOrAfterTheLastRowIsAnError() {
        Schema schema = new Schema(List.of(field("id", new ArrowType.Int(32, true))));
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
            ((IntVector) root.getVector(0)).setSafe(0, 1);
            root.setRowCount(1);
            ArrowBulkData data = new ArrowBulkData(List.of(new ArrowBulkData.Column("id", Types.INTEGER, 10, 0)), root);
            assertThatThrownBy(data::getRowData).isInstanceOf(IllegalStateException.class);
            assertThat(data.next()).isTrue();
            assertThat(data.getRowData()).containsExactly(1);
            assertThat(data.next()).isFalse();
            assertThatThrownBy(data::getRowData).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void aBatchWithOtherColumnsThanAnnouncedIsRefused() {
        Schema schema = new Schema(List.of(field("id", new ArrowType.Int(32, true))));
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
            assertThatThrownBy(() -> new ArrowBulkData(List.of(), root)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("the batch has 1 columns, expected 0");
        }
    }

    @Test
    void columnsAreAnnouncedWithTheDriversTypesPrecisionsAndScales() {
        Schema schema = new Schema(List.of(field("i", new ArrowType.Int(32, true)),
                field("d", new ArrowType.Decimal(18, 2, 128)), field("t", ArrowType.Utf8.INSTANCE),
                field("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+00:00")),
                field("day", new ArrowType.Date(DateUnit.DAY)), field("b", ArrowType.Binary.INSTANCE),
                field("b16", ArrowType.Binary.INSTANCE)));
        List<ArrowBulkData.Column> announced = SqlServerWriteSession.bulkColumns("dbo.t", schema.getFields(),
                writeTypes(schema), Map.of("i", "int", "d", "decimal(38,9)", "t", "nvarchar(32)", "ts", "datetime2(6)",
                        "day", "date", "b", "varbinary(max)", "b16", "varbinary(16)"));
        assertThat(announced).containsExactly(new ArrowBulkData.Column("i", Types.INTEGER, 10, 0),
                new ArrowBulkData.Column("d", Types.DECIMAL, 18, 2), new ArrowBulkData.Column("t", Types.NVARCHAR, 0, 0),
                new ArrowBulkData.Column("ts", Types.TIMESTAMP, 26, 6), new ArrowBulkData.Column("day", Types.DATE, 10, 0),
                new ArrowBulkData.Column("b", Types.VARBINARY, Integer.MAX_VALUE, 0),
                new ArrowBulkData.Column("b16", Types.VARBINARY, 16, 0));
    }

    @Test
    void decimalsWithMoreFractionalDigitsThanTheTargetAreRefusedBeforeLoading() {
        Schema schema = new Schema(List.of(field("amount", new ArrowType.Decimal(38, 12, 128))));
        assertThatThrownBy(() -> SqlServerWriteSession.bulkColumns("dbo.t", schema.getFields(), writeTypes(schema),
                Map.of("amount", "decimal(38,9)"))).isInstanceOf(PzConnectorException.class)
                .hasMessage("output 'dbo.t': column 'amount' carries decimal(38,12) values, more fractional digits than "
                        + "its target type decimal(38,9) holds -- hint: declare a wider type in the output's columns: "
                        + "option, or round or cast the column in the pipeline's select");
        assertThat(SqlServerWriteSession.bulkColumns("dbo.t", schema.getFields(), writeTypes(schema),
                Map.of("amount", "decimal(38,12)"))).extracting(ArrowBulkData.Column::scale).containsExactly(12);
        assertThat(SqlServerWriteSession.bulkColumns("dbo.t", schema.getFields(), writeTypes(schema),
                Map.of("amount", "float"))).extracting(ArrowBulkData.Column::precision).containsExactly(38);
    }

    private static Field field(String name, ArrowType type) {
        return Field.nullable(name, type);
    }

    private static List<SqlServerWriteType> writeTypes(Schema schema) {
        return schema.getFields().stream().map(f -> SqlServerWriteType.of("dbo.t", f)).toList();
    }

    private static List<ArrowBulkData.Column> columns(Schema schema) {
        List<ArrowBulkData.Column> columns = new ArrayList<>();
        for (Field field : schema.getFields()) {
            SqlServerWriteType type = SqlServerWriteType.of("dbo.t", field);
            columns.add(new ArrowBulkData.Column(field.getName(), type.jdbcType(), 0, 0));
        }
        return columns;
    }
}
