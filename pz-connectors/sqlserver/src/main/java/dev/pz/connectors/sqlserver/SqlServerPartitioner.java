package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.error.PzConnectorException;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Range-partitioned reads: probe min and max of the partition column over the base select, cut
 * {@code [min, max]} into contiguous ranges ({@link RangeBoundaries}) and give NULLs to the first.
 * Each partition is {@code select * from (<base>) q where (…)} over its own session.
 */
final class SqlServerPartitioner {

    private SqlServerPartitioner() {
    }

    /** The per-partition selects over {@code base}; the base alone when the column is empty or constant. */
    static List<String> split(SqlServerConnectionSettings settings, Connection connection, String dataset, String base,
            String column, int partitionCount) throws SQLException {
        String quoted = SqlServerSql.quote(column);
        List<String> boundaries;
        try (Statement statement = settings.statement(connection);
                ResultSet result = statement.executeQuery(
                        "select min(q." + quoted + "), max(q." + quoted + ") from (" + base + ") q")) {
            result.next();
            String typeName = result.getMetaData().getColumnTypeName(1);
            SqlServerReadType type = SqlServerReadType.forTypeName(typeName).filter(SqlServerReadType::orderable)
                    .orElseThrow(() -> new PzConnectorException("dataset '" + dataset + "': partition_column '" + column
                            + "' has type '" + typeName + "', which is not orderable -- partition_column must be "
                            + "numeric (int, bigint, float, decimal) or temporal (date, datetime2, datetimeoffset)",
                            false));
            boundaries = boundaries(result, type, partitionCount);
        } catch (SQLException e) {
            if (e.getErrorCode() == 207 || e.getErrorCode() == SqlServerErrors.INVALID_OBJECT) {
                throw new PzConnectorException("dataset '" + dataset + "': partition_column '" + column
                        + "' cannot be probed: " + SqlServerErrors.describe(e, settings), false);
            }
            throw e;
        }
        return boundaries == null ? List.of(base) : partitionSelects(base, column, boundaries);
    }

    /**
     * Partition i filters {@code c >= b[i] and c < b[i+1]}, the last {@code c <= b[n]}, and the first
     * also takes the NULLs.
     */
    static List<String> partitionSelects(String base, String column, List<String> boundaries) {
        String quoted = SqlServerSql.quote(column);
        int n = boundaries.size() - 1;
        List<String> selects = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String range = "(" + quoted + " >= " + boundaries.get(i) + " and " + quoted + (i == n - 1 ? " <= " : " < ")
                    + boundaries.get(i + 1) + ")";
            String predicate = i == 0 ? "(" + quoted + " is null or " + range + ")" : range;
            selects.add("select * from (" + base + ") q where (" + predicate + ")");
        }
        return List.copyOf(selects);
    }

    /** n+1 boundary literals from min to max, or null when min or max is null or min equals max. */
    private static List<String> boundaries(ResultSet result, SqlServerReadType type, int n) throws SQLException {
        switch (type) {
            case INT, BIGINT -> {
                long min = result.getLong(1);
                boolean minNull = result.wasNull();
                long max = result.getLong(2);
                return minNull || result.wasNull() || min == max ? null : RangeBoundaries.integers(min, max, n);
            }
            case DECIMAL -> {
                BigDecimal min = result.getBigDecimal(1);
                BigDecimal max = result.getBigDecimal(2);
                return min == null || max == null || min.compareTo(max) == 0 ? null
                        : RangeBoundaries.decimals(min, max, n);
            }
            case DOUBLE -> {
                double min = result.getDouble(1);
                boolean minNull = result.wasNull();
                double max = result.getDouble(2);
                return minNull || result.wasNull() || min == max ? null : RangeBoundaries.doubles(min, max, n);
            }
            case DATE -> {
                LocalDate min = result.getObject(1, LocalDate.class);
                LocalDate max = result.getObject(2, LocalDate.class);
                return min == null || max == null || min.equals(max) ? null : RangeBoundaries.dates(min, max, n);
            }
            case DATETIME -> {
                LocalDateTime min = result.getObject(1, LocalDateTime.class);
                LocalDateTime max = result.getObject(2, LocalDateTime.class);
                return min == null || max == null || min.equals(max) ? null : RangeBoundaries.datetimes(min, max, n);
            }
            case DATETIMEOFFSET -> {
                LocalDateTime min = utc(result.getObject(1, OffsetDateTime.class));
                LocalDateTime max = utc(result.getObject(2, OffsetDateTime.class));
                return min == null || max == null || min.equals(max) ? null
                        : RangeBoundaries.datetimeoffsets(min, max, n);
            }
            default -> throw new IllegalStateException("not orderable: " + type);
        }
    }

    private static LocalDateTime utc(OffsetDateTime value) {
        return value == null ? null : value.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
    }
}
