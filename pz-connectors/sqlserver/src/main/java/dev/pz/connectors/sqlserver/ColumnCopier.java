package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.error.PzConnectorException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Locale;
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

/**
 * Copies one result column into its Arrow vector, row by row, with the typed getter its type calls
 * for ({@code getInt}, {@code getLong}, {@code getBigDecimal}, {@code getString}, …), chosen once
 * per column. Returns the bytes each value costs in the batch, for cutting batches at the byte target.
 */
abstract class ColumnCopier {

    private static final int SCALE = 9;
    private static final BigInteger DECIMAL_LIMIT = BigInteger.TEN.pow(38);

    final String name;
    final int index;

    private ColumnCopier(String name, int index) {
        this.name = name;
        this.index = index;
    }

    /** Copies the current row's value of result column {@code index} into {@code row}; returns its byte cost. */
    abstract int copy(ResultSet rows, int row) throws SQLException;

    /** A copier from result column {@code index} (1-based) into {@code vector}. */
    static ColumnCopier of(SqlServerReadType type, String name, int index, FieldVector vector) {
        return switch (type) {
            case INT -> new ColumnCopier(name, index) {
                @Override
                int copy(ResultSet rows, int row) throws SQLException {
                    int value = rows.getInt(index);
                    if (rows.wasNull()) {
                        ((IntVector) vector).setNull(row);
                    } else {
                        ((IntVector) vector).setSafe(row, value);
                    }
                    return 4;
                }
            };
            case BIGINT -> new ColumnCopier(name, index) {
                @Override
                int copy(ResultSet rows, int row) throws SQLException {
                    long value = rows.getLong(index);
                    if (rows.wasNull()) {
                        ((BigIntVector) vector).setNull(row);
                    } else {
                        ((BigIntVector) vector).setSafe(row, value);
                    }
                    return 8;
                }
            };
            case DOUBLE -> new ColumnCopier(name, index) {
                @Override
                int copy(ResultSet rows, int row) throws SQLException {
                    double value = rows.getDouble(index);
                    if (rows.wasNull()) {
                        ((Float8Vector) vector).setNull(row);
                    } else {
                        ((Float8Vector) vector).setSafe(row, value);
                    }
                    return 8;
                }
            };
            case DECIMAL -> new ColumnCopier(name, index) {
                @Override
                int copy(ResultSet rows, int row) throws SQLException {
                    BigDecimal value = rows.getBigDecimal(index);
                    if (value == null) {
                        ((DecimalVector) vector).setNull(row);
                    } else {
                        ((DecimalVector) vector).setSafe(row, toScale9(value));
                    }
                    return 16;
                }
            };
            case TEXT -> new ColumnCopier(name, index) {
                @Override
                int copy(ResultSet rows, int row) throws SQLException {
                    return text(rows.getString(index), (VarCharVector) vector, row);
                }
            };
            case GUID -> new ColumnCopier(name, index) {
                @Override
                int copy(ResultSet rows, int row) throws SQLException {
                    String value = rows.getString(index);
                    return text(value == null ? null : value.toLowerCase(Locale.ROOT), (VarCharVector) vector, row);
                }
            };
            case BIT -> new ColumnCopier(name, index) {
                @Override
                int copy(ResultSet rows, int row) throws SQLException {
                    boolean value = rows.getBoolean(index);
                    if (rows.wasNull()) {
                        ((BitVector) vector).setNull(row);
                    } else {
                        ((BitVector) vector).setSafe(row, value ? 1 : 0);
                    }
                    return 1;
                }
            };
            case DATE -> new ColumnCopier(name, index) {
                @Override
                int copy(ResultSet rows, int row) throws SQLException {
                    LocalDate value = rows.getObject(index, LocalDate.class);
                    if (value == null) {
                        ((DateDayVector) vector).setNull(row);
                    } else {
                        ((DateDayVector) vector).setSafe(row, Math.toIntExact(value.toEpochDay()));
                    }
                    return 4;
                }
            };
            case DATETIME -> new ColumnCopier(name, index) {
                @Override
                int copy(ResultSet rows, int row) throws SQLException {
                    LocalDateTime value = rows.getObject(index, LocalDateTime.class);
                    if (value == null) {
                        ((TimeStampMicroTZVector) vector).setNull(row);
                    } else {
                        ((TimeStampMicroTZVector) vector).setSafe(row, TemporalText.epochMicros(value));
                    }
                    return 8;
                }
            };
            case DATETIMEOFFSET -> new ColumnCopier(name, index) {
                @Override
                int copy(ResultSet rows, int row) throws SQLException {
                    OffsetDateTime value = rows.getObject(index, OffsetDateTime.class);
                    if (value == null) {
                        ((TimeStampMicroTZVector) vector).setNull(row);
                    } else {
                        ((TimeStampMicroTZVector) vector).setSafe(row,
                                TemporalText.epochMicros(value.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime()));
                    }
                    return 8;
                }
            };
            case BINARY -> new ColumnCopier(name, index) {
                @Override
                int copy(ResultSet rows, int row) throws SQLException {
                    byte[] value = rows.getBytes(index);
                    if (value == null) {
                        ((VarBinaryVector) vector).setNull(row);
                        return 4;
                    }
                    ((VarBinaryVector) vector).setSafe(row, value);
                    return 4 + value.length;
                }
            };
        };
    }

    private static int text(String value, VarCharVector vector, int row) {
        if (value == null) {
            vector.setNull(row);
            return 4;
        }
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        vector.setSafe(row, bytes);
        return 4 + bytes.length;
    }

    /** The value at scale 9 exactly; more fractional digits or more than 29 integer digits are refused. */
    BigDecimal toScale9(BigDecimal value) {
        BigDecimal scaled;
        try {
            scaled = value.setScale(SCALE, RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            throw new PzConnectorException("column '" + name + "': value exceeds decimal128(38,9) scale -- cast the "
                    + "column in query: (e.g. cast(" + SqlServerSql.quote(name) + " as decimal(38,9)) or as nvarchar) "
                    + "or declare it varchar in columns:", false);
        }
        if (scaled.unscaledValue().abs().compareTo(DECIMAL_LIMIT) >= 0) {
            throw new PzConnectorException("column '" + name + "': value is outside the range of decimal128(38,9) -- "
                    + "cast the column in query: (e.g. cast(" + SqlServerSql.quote(name) + " as float) or as nvarchar)",
                    false);
        }
        return scaled;
    }
}
