package dev.pz.connectors.sqlserver;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * The n+1 boundary literals that cut {@code [min, max]} into n contiguous ranges: {@code b[0] = min},
 * {@code b[n] = max}, {@code b[i] = min + floor(width * i / n)} with exact arithmetic (dates by day
 * number, timestamps by microsecond), rendered as T-SQL literals. Adjacent ranges share one literal,
 * so every value falls in exactly one range however the server compares it.
 */
final class RangeBoundaries {

    private static final LocalDateTime EPOCH = LocalDateTime.of(1970, 1, 1, 0, 0);

    private RangeBoundaries() {
    }

    static List<String> integers(long min, long max, int n) {
        return integerSteps(BigInteger.valueOf(min), BigInteger.valueOf(max), n).stream().map(BigInteger::toString)
                .toList();
    }

    /** Exact endpoints; interior points at the larger scale of the two, rounded down. */
    static List<String> decimals(BigDecimal min, BigDecimal max, int n) {
        int scale = Math.max(Math.max(min.scale(), max.scale()), 0);
        BigDecimal width = max.subtract(min);
        List<String> literals = new ArrayList<>();
        literals.add(SqlServerLiterals.decimal(min));
        for (int i = 1; i < n; i++) {
            BigDecimal step = width.multiply(BigDecimal.valueOf(i)).divide(BigDecimal.valueOf(n), scale,
                    RoundingMode.FLOOR);
            literals.add(SqlServerLiterals.decimal(min.add(step)));
        }
        literals.add(SqlServerLiterals.decimal(max));
        return literals;
    }

    /** Finite endpoints only; interior points without overflow even across the whole double range. */
    static List<String> doubles(double min, double max, int n) {
        List<String> literals = new ArrayList<>();
        literals.add(SqlServerLiterals.floatValue(min));
        for (int i = 1; i < n; i++) {
            literals.add(SqlServerLiterals.floatValue(min / n * (n - i) + max / n * i));
        }
        literals.add(SqlServerLiterals.floatValue(max));
        return literals;
    }

    static List<String> dates(LocalDate min, LocalDate max, int n) {
        return integerSteps(BigInteger.valueOf(min.toEpochDay()), BigInteger.valueOf(max.toEpochDay()), n).stream()
                .map(day -> SqlServerLiterals.date(LocalDate.ofEpochDay(day.longValueExact()))).toList();
    }

    /** UTC wall clocks, as {@code datetime2(6)} casts. */
    static List<String> datetimes(LocalDateTime min, LocalDateTime max, int n) {
        return microSteps(min, max, n).stream().map(SqlServerLiterals::datetime2).toList();
    }

    /** UTC instants (given as their UTC wall clocks), as {@code datetimeoffset(6)} casts at +00:00. */
    static List<String> datetimeoffsets(LocalDateTime minUtc, LocalDateTime maxUtc, int n) {
        return microSteps(minUtc, maxUtc, n).stream().map(SqlServerLiterals::datetimeoffset).toList();
    }

    private static List<LocalDateTime> microSteps(LocalDateTime min, LocalDateTime max, int n) {
        return integerSteps(BigInteger.valueOf(TemporalText.epochMicros(min)),
                BigInteger.valueOf(TemporalText.epochMicros(max)), n).stream()
                .map(micros -> EPOCH.plus(micros.longValueExact(), ChronoUnit.MICROS)).toList();
    }

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
}
