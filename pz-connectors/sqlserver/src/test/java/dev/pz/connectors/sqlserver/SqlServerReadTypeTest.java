package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.error.PzConnectorException;
import java.util.Map;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;

/** SQL Server → Arrow: every type name of the read matrix, and what falls outside it. */
class SqlServerReadTypeTest {

    private static final ArrowType INT32 = new ArrowType.Int(32, true);
    private static final ArrowType INT64 = new ArrowType.Int(64, true);
    private static final ArrowType FLOAT64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
    private static final ArrowType DECIMAL = new ArrowType.Decimal(38, 9, 128);
    private static final ArrowType UTF8 = ArrowType.Utf8.INSTANCE;
    private static final ArrowType DATE32 = new ArrowType.Date(DateUnit.DAY);
    private static final ArrowType UTC_MICROS = new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+00:00");

    @Test
    void everyTypeNameMapsToItsArrowType() {
        Map<String, ArrowType> expected = Map.ofEntries(Map.entry("int", INT32), Map.entry("smallint", INT32),
                Map.entry("tinyint", INT32), Map.entry("bigint", INT64), Map.entry("float", FLOAT64),
                Map.entry("real", FLOAT64), Map.entry("decimal", DECIMAL), Map.entry("numeric", DECIMAL),
                Map.entry("money", DECIMAL), Map.entry("smallmoney", DECIMAL), Map.entry("nvarchar", UTF8),
                Map.entry("varchar", UTF8), Map.entry("nchar", UTF8), Map.entry("char", UTF8), Map.entry("ntext", UTF8),
                Map.entry("text", UTF8), Map.entry("sysname", UTF8), Map.entry("uniqueidentifier", UTF8),
                Map.entry("bit", ArrowType.Bool.INSTANCE), Map.entry("date", DATE32), Map.entry("datetime2", UTC_MICROS),
                Map.entry("datetime", UTC_MICROS), Map.entry("smalldatetime", UTC_MICROS),
                Map.entry("datetimeoffset", UTC_MICROS), Map.entry("varbinary", ArrowType.Binary.INSTANCE),
                Map.entry("binary", ArrowType.Binary.INSTANCE), Map.entry("image", ArrowType.Binary.INSTANCE),
                Map.entry("timestamp", ArrowType.Binary.INSTANCE), Map.entry("rowversion", ArrowType.Binary.INSTANCE));
        expected.forEach((name, arrow) -> assertThat(SqlServerReadType.require("c", name).arrowType()).as(name)
                .isEqualTo(arrow));
    }

    @Test
    void parametersIdentityAndCaseAreIgnored() {
        assertThat(SqlServerReadType.forTypeName("decimal(18,2)")).contains(SqlServerReadType.DECIMAL);
        assertThat(SqlServerReadType.forTypeName("NVARCHAR(MAX)")).contains(SqlServerReadType.TEXT);
        assertThat(SqlServerReadType.forTypeName("int identity")).contains(SqlServerReadType.INT);
        assertThat(SqlServerReadType.forTypeName(" datetime2(7) ")).contains(SqlServerReadType.DATETIME);
        assertThat(SqlServerReadType.forTypeName("uniqueidentifier")).contains(SqlServerReadType.GUID);
    }

    @Test
    void typesOutsideTheMatrixAreRefusedWithACastHint() {
        for (String name : new String[] {"xml", "geography", "sql_variant", "hierarchyid", "time", ""}) {
            assertThat(SqlServerReadType.forTypeName(name)).as(name).isEmpty();
        }
        assertThatThrownBy(() -> SqlServerReadType.require("shape", "geography"))
                .isInstanceOf(PzConnectorException.class)
                .hasMessage("column 'shape': provider type 'geography' is outside the v0 type matrix -- cast the column "
                        + "in query: (e.g. cast([shape] as nvarchar(max)), as bigint or as float)");
    }

    @Test
    void onlyNumericAndTemporalTypesCanPartition() {
        for (SqlServerReadType type : SqlServerReadType.values()) {
            boolean expected = switch (type) {
                case INT, BIGINT, DOUBLE, DECIMAL, DATE, DATETIME, DATETIMEOFFSET -> true;
                case TEXT, GUID, BIT, BINARY -> false;
            };
            assertThat(type.orderable()).as(type.name()).isEqualTo(expected);
        }
    }

    @Test
    void fieldsAreNullable() {
        assertThat(SqlServerReadType.BIGINT.field("id").isNullable()).isTrue();
        assertThat(SqlServerReadType.BIGINT.field("id").getName()).isEqualTo("id");
    }
}
