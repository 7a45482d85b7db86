package dev.pz.connectors.postgres;

import dev.pz.connectors.api.error.PzConnectorException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Range-partitioned reads: probe min and max of the partition column, cut {@code [min, max]} into
 * contiguous ranges with exact arithmetic (the last one closed), and give NULLs to the first.
 */
final class PostgresPartitioner {

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd");
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSS");
    private static final LocalDateTime EPOCH = LocalDateTime.of(1970, 1, 1, 0, 0);

    private PostgresPartitioner() {
    }

    /** The per-partition selects over {@code base}; a single one when the column is empty or constant. */
    static List<String> split(PostgresConnectionSettings settings, Connection connection, String dataset,
            String base, String column, int partitionCount) throws SQLException {
        String quoted = PostgresSql.quote(column);
        List<String> boundaries;
        try (Statement statement = settings.statement(connection);
                ResultSet result = statement.executeQuery(
                        "select min(q." + quoted + "), max(q." + quoted + ") from (" + base + ") q")) {
            result.next();
            String typeName = result.getMetaData().getColumnTypeName(1);
            PostgresReadType type = PostgresReadType.forTypeName(typeName).filter(PostgresReadType::orderable)
                    .orElseThrow(() -> new PzConnectorException("dataset '" + dataset + "': partition_column '" + column
                            + "' has type '" + typeName + "', which is not orderable -- partition_column must be numeric "
                            + "(integer, bigint, double precision, numeric) or temporal (date, timestamp, timestamptz)",
                            false));
            boundaries = boundaries(result, type, partitionCount);
        } catch (SQLException e) {
            if (e.getSQLState() != null && e.getSQLState().startsWith("42")) {
                throw new PzConnectorException("dataset '" + dataset + "': partition_column '" + column
                        + "' cannot be probed: " + PostgresErrors.describe(e, settings), false);
            }
            throw e;
        }
        if (boundaries == null) {
            return List.of(base);
        }
        List<String> selects = new ArrayList<>();
        for (int i = 0; i < partitionCount; i++) {
            boolean last = i == partitionCount - 1;
            String range = quoted + " >= " + boundaries.get(i) + " and " + quoted + (last ? " <= " : " < ")
                    + boundaries.get(i + 1);
            String predicate = i == 0 ? quoted + " is null or (" + range + ")" : range;
            selects.add("select * from (" + base + ") q where (" + predicate + ")");
        }
        return List.copyOf(selects);
    }

    /** n+1 boundary literals from min to max, or null when min or max is null or min equals max. */
    private static List<String> boundaries(ResultSet result, PostgresReadType type, int n) throws SQLException {
        List<String> literals = new ArrayList<>();
        switch (type) {
            case INTEGER, BIGINT -> {
                String min = result.getString(1);
                String max = result.getString(2);
                if (min == null || max == null || min.equals(max)) {
                    return null;
                }
                for (BigInteger value : integerSteps(new BigInteger(min), new BigInteger(max), n)) {
                    literals.add(value.toString());
                }
            }
            case NUMERIC -> {
                BigDecimal min = result.getBigDecimal(1);
                BigDecimal max = result.getBigDecimal(2);
                if (min == null || max == null || min.compareTo(max) == 0) {
                    return null;
                }
                int scale = Math.max(Math.max(min.scale(), max.scale()), 0);
                BigDecimal width = max.subtract(min);
                literals.add(min.toPlainString());
                for (int i = 1; i < n; i++) {
                    BigDecimal step = width.multiply(BigDecimal.valueOf(i)).divide(BigDecimal.valueOf(n), scale,
                            RoundingMode.FLOOR);
                    literals.add(min.add(step).toPlainString());
                }
                literals.add(max.toPlainString());
            }
            case DOUBLE -> {
                double min = result.getDouble(1);
                boolean minNull = result.wasNull();
                double max = result.getDouble(2);
                if (minNull || result.wasNull() || min == max || !Double.isFinite(min) || !Double.isFinite(max)) {
                    return null;
                }
                literals.add(Double.toString(min));
                for (int i = 1; i < n; i++) {
                    literals.add(Double.toString(min + (max - min) * i / n));
                }
                literals.add(Double.toString(max));
            }
            case DATE -> {
                LocalDate min = result.getObject(1, LocalDate.class);
                LocalDate max = result.getObject(2, LocalDate.class);
                if (min == null || max == null || min.equals(max) || !finite(min) || !finite(max)) {
                    return null;
                }
                for (BigInteger day : integerSteps(BigInteger.valueOf(min.toEpochDay()),
                        BigInteger.valueOf(max.toEpochDay()), n)) {
                    literals.add("date '" + LocalDate.ofEpochDay(day.longValueExact()).format(DATE) + "'");
                }
            }
            case TIMESTAMP, TIMESTAMPTZ -> {
                LocalDateTime min = wallClock(result, 1, type);
                LocalDateTime max = wallClock(result, 2, type);
                if (min == null || max == null || min.equals(max) || !finite(min.toLocalDate())
                        || !finite(max.toLocalDate())) {
                    return null;
                }
                for (BigInteger micros : integerSteps(epochMicros(min), epochMicros(max), n)) {
                    String text = EPOCH.plus(micros.longValueExact(), ChronoUnit.MICROS).format(TIMESTAMP);
                    literals.add(type == PostgresReadType.TIMESTAMPTZ ? "timestamptz '" + text + "+00'"
                            : "timestamp '" + text + "'");
                }
            }
            case TEXT, BOOLEAN -> throw new IllegalStateException("not orderable: " + type);
        }
        return literals;
    }

    private static BigInteger epochMicros(LocalDateTime value) {
        return BigInteger.valueOf(value.toEpochSecond(ZoneOffset.UTC)).multiply(BigInteger.valueOf(1_000_000))
                .add(BigInteger.valueOf(value.getNano() / 1_000));
    }

    /** {@code b[0] = min, b[n] = max, b[i] = min + floor(width * i / n)}. */
    private static List<BigInteger> integerSteps(BigInteger min, BigInteger max, int n) {
        BigInteger width = max.subtract(min);
        List<BigInteger> steps = new ArrayList<>();
        steps.add(min);
        for (int i = 1; i < n; i++) {
            steps.add(min.add(width.multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(n))));
        }
        steps.add(max);
        return steps;
    }

    private static LocalDateTime wallClock(ResultSet result, int column, PostgresReadType type) throws SQLException {
        if (type == PostgresReadType.TIMESTAMPTZ) {
            OffsetDateTime value = result.getObject(column, OffsetDateTime.class);
            return value == null ? null : value.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
        }
        return result.getObject(column, LocalDateTime.class);
    }

    /** False for the driver's stand-ins for {@code ±infinity}. */
    private static boolean finite(LocalDate date) {
        return date.getYear() > -4714 && date.getYear() < 294_277;
    }
}
