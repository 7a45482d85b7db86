package dev.pz.connectors.sql;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Cuts {@code [min, max]} of a partition column into {@code n} contiguous ranges with exact
 * arithmetic: {@code b[0] = min}, {@code b[n] = max}, {@code b[i] = min + floor(width * i / n)}.
 * Values are those of {@link JdbcValues}: Integer, Long, BigDecimal, Double, LocalDate or
 * LocalDateTime. A reader of range {@code i} selects {@code b[i] <= c < b[i+1]} (the last one
 * closed, the first one also taking NULLs).
 */
public final class RangeSplits {

    private static final LocalDateTime EPOCH = LocalDateTime.of(1970, 1, 1, 0, 0);

    private RangeSplits() {
    }

    /** The n+1 boundaries, or empty when min or max is null, they are equal, or the type has no order here. */
    public static Optional<List<Object>> boundaries(Object min, Object max, int n) {
        if (min == null || max == null || min.equals(max) || n < 2) {
            return Optional.empty();
        }
        List<Object> bounds = new ArrayList<>();
        if (min instanceof Integer || min instanceof Long) {
            for (BigInteger step : steps(BigInteger.valueOf(((Number) min).longValue()),
                    BigInteger.valueOf(((Number) max).longValue()), n)) {
                bounds.add(step.longValueExact());
            }
        } else if (min instanceof BigDecimal low && max instanceof BigDecimal high) {
            int scale = Math.max(Math.max(low.scale(), high.scale()), 0);
            bounds.add(low);
            for (int i = 1; i < n; i++) {
                bounds.add(low.add(high.subtract(low).multiply(BigDecimal.valueOf(i))
                        .divide(BigDecimal.valueOf(n), scale, RoundingMode.FLOOR)));
            }
            bounds.add(high);
        } else if (min instanceof Double low && max instanceof Double high) {
            if (!Double.isFinite(low) || !Double.isFinite(high)) {
                return Optional.empty();
            }
            bounds.add(low);
            for (int i = 1; i < n; i++) {
                bounds.add(low + (high - low) * i / n);
            }
            bounds.add(high);
        } else if (min instanceof LocalDate low && max instanceof LocalDate high) {
            for (BigInteger day : steps(BigInteger.valueOf(low.toEpochDay()), BigInteger.valueOf(high.toEpochDay()), n)) {
                bounds.add(LocalDate.ofEpochDay(day.longValueExact()));
            }
        } else if (min instanceof LocalDateTime low && max instanceof LocalDateTime high) {
            for (BigInteger micros : steps(BigInteger.valueOf(ChronoUnit.MICROS.between(EPOCH, low)),
                    BigInteger.valueOf(ChronoUnit.MICROS.between(EPOCH, high)), n)) {
                bounds.add(EPOCH.plus(micros.longValueExact(), ChronoUnit.MICROS));
            }
        } else {
            return Optional.empty();
        }
        return Optional.of(bounds);
    }

    /**
     * The predicates of the n ranges over quoted column {@code column}, the boundaries written by
     * {@code literal}.
     */
    public static List<String> predicates(String column, List<Object> bounds, java.util.function.Function<Object, String> literal) {
        List<String> predicates = new ArrayList<>();
        int n = bounds.size() - 1;
        for (int i = 0; i < n; i++) {
            boolean last = i == n - 1;
            String range = column + " >= " + literal.apply(bounds.get(i)) + " and " + column + (last ? " <= " : " < ")
                    + literal.apply(bounds.get(i + 1));
            predicates.add(i == 0 ? "(" + column + " is null or (" + range + "))" : "(" + range + ")");
        }
        return predicates;
    }

    private static List<BigInteger> steps(BigInteger min, BigInteger max, int n) {
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
