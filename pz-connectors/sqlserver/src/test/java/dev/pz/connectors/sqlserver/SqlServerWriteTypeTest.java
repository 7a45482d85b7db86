package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.error.PzConnectorException;
import java.sql.Types;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;

/** Arrow → SQL Server: every Arrow type the sink writes, its default column type and JDBC type. */
class SqlServerWriteTypeTest {

    private static SqlServerWriteType of(ArrowType type) {
        return SqlServerWriteType.of("dbo.t", Field.nullable("c", type));
    }

    @Test
    void everyWrittenArrowTypeHasADefaultColumnTypeAndAJdbcType() {
        Map<ArrowType, String> ddl = new LinkedHashMap<>();
        ddl.put(new ArrowType.Int(8, true), "smallint");
        ddl.put(new ArrowType.Int(16, true), "smallint");
        ddl.put(new ArrowType.Int(32, true), "int");
        ddl.put(new ArrowType.Int(64, true), "bigint");
        ddl.put(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE), "real");
        ddl.put(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), "float");
        ddl.put(new ArrowType.Decimal(38, 9, 128), "decimal(38,9)");
        ddl.put(new ArrowType.Decimal(18, 2, 128), "decimal(38,9)");
        ddl.put(ArrowType.Utf8.INSTANCE, "nvarchar(max)");
        ddl.put(ArrowType.LargeUtf8.INSTANCE, "nvarchar(max)");
        ddl.put(ArrowType.Utf8View.INSTANCE, "nvarchar(max)");
        ddl.put(ArrowType.Bool.INSTANCE, "bit");
        ddl.put(new ArrowType.Date(DateUnit.DAY), "date");
        ddl.put(new ArrowType.Date(DateUnit.MILLISECOND), "date");
        ddl.put(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+00:00"), "datetime2(6)");
        ddl.put(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null), "datetime2(6)");
        ddl.put(new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC"), "datetime2(6)");
        ddl.put(new ArrowType.Timestamp(TimeUnit.SECOND, null), "datetime2(6)");
        ddl.put(ArrowType.Binary.INSTANCE, "varbinary(max)");
        ddl.put(ArrowType.LargeBinary.INSTANCE, "varbinary(max)");
        ddl.put(new ArrowType.FixedSizeBinary(16), "varbinary(max)");
        ddl.forEach((arrow, expected) -> assertThat(of(arrow).defaultDdl()).as(arrow.toString()).isEqualTo(expected));

        assertThat(of(new ArrowType.Int(32, true)).jdbcType()).isEqualTo(Types.INTEGER);
        assertThat(of(new ArrowType.Int(64, true)).jdbcType()).isEqualTo(Types.BIGINT);
        assertThat(of(new ArrowType.Int(16, true)).jdbcType()).isEqualTo(Types.SMALLINT);
        assertThat(of(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)).jdbcType()).isEqualTo(Types.REAL);
        assertThat(of(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)).jdbcType()).isEqualTo(Types.DOUBLE);
        assertThat(of(new ArrowType.Decimal(38, 9, 128)).jdbcType()).isEqualTo(Types.DECIMAL);
        assertThat(of(ArrowType.Utf8.INSTANCE).jdbcType()).isEqualTo(Types.NVARCHAR);
        assertThat(of(ArrowType.Bool.INSTANCE).jdbcType()).isEqualTo(Types.BIT);
        assertThat(of(new ArrowType.Date(DateUnit.DAY)).jdbcType()).isEqualTo(Types.DATE);
        assertThat(of(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+00:00")).jdbcType()).isEqualTo(Types.TIMESTAMP);
        assertThat(of(ArrowType.Binary.INSTANCE).jdbcType()).isEqualTo(Types.VARBINARY);
    }

    @Test
    void declaredTypesMustBeAbleToHoldTheValues() {
        assertThat(of(ArrowType.Utf8.INSTANCE).accepts("nvarchar(20)")).isTrue();
        assertThat(of(ArrowType.Utf8.INSTANCE).accepts("varchar(max)")).isTrue();
        assertThat(of(ArrowType.Utf8.INSTANCE).accepts("int")).isFalse();
        assertThat(of(new ArrowType.Int(64, true)).accepts("decimal(38,0)")).isTrue();
        assertThat(of(new ArrowType.Int(64, true)).accepts("int")).isFalse();
        assertThat(of(new ArrowType.Int(32, true)).accepts("bigint")).isTrue();
        assertThat(of(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)).accepts("datetime2(3)")).isTrue();
        assertThat(of(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)).accepts("date")).isFalse();
        assertThat(of(new ArrowType.Date(DateUnit.DAY)).accepts("datetime2(0)")).isTrue();
        assertThat(of(ArrowType.Binary.INSTANCE).accepts("varbinary(16)")).isTrue();
        assertThat(of(ArrowType.Bool.INSTANCE).accepts("int")).isFalse();
    }

    @Test
    void typesWithoutAColumnTypeAreRefusedWithACastHint() {
        for (ArrowType type : new ArrowType[] {new ArrowType.Int(32, false), new ArrowType.Int(8, false),
            new ArrowType.FloatingPoint(FloatingPointPrecision.HALF), new ArrowType.Decimal(76, 10, 256),
            new ArrowType.Time(TimeUnit.MICROSECOND, 64), new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO),
            ArrowType.Null.INSTANCE}) {
            assertThatThrownBy(() -> of(type)).as(type.toString()).isInstanceOf(PzConnectorException.class)
                    .hasMessageStartingWith("output 'dbo.t': column 'c' has Arrow type '" + type
                            + "', which the sqlserver sink does not write -- cast it");
        }
    }
}
