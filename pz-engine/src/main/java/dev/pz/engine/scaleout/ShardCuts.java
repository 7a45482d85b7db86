package dev.pz.engine.scaleout;

import dev.pz.connectors.api.ReadPredicate;
import dev.pz.connectors.api.ReadPredicate.Value;
import dev.pz.connectors.api.ReadPredicate.ValueType;
import dev.pz.connectors.api.Source;
import dev.pz.duckdb.SqlLiterals;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Cuts a partition column's {@code [min, max]} into N contiguous ranges of equal width, and says
 * which rows shard i keeps: the first range is open below and takes the NULLs, the last is open
 * above, so every row, even one written after the plan was frozen, belongs to exactly one shard.
 */
final class ShardCuts {
    /** The types a range can be cut on; others are refused (PZ0700). */
    static final List<ValueType> CUTTABLE = List.of(ValueType.INTEGER, ValueType.DECIMAL, ValueType.DOUBLE,
            ValueType.DATE);

    private ShardCuts() {
    }

    /** The N-1 cut points, as text; empty when there is one shard, or the column holds one value or none. */
    static List<String> cuts(Optional<Source.ColumnRange> range, int shards) {
        if (range.isEmpty() || shards == 1 || range.get().min().equals(range.get().max())) {
            return List.of();
        }
        Value min = range.get().min();
        Value max = range.get().max();
        List<String> cuts = new ArrayList<>();
        for (int i = 1; i < shards; i++) {
            cuts.add(switch (min.type()) {
                case INTEGER -> step(BigInteger.valueOf((Long) min.value()), BigInteger.valueOf((Long) max.value()), i,
                        shards).toString();
                case DATE -> LocalDate.ofEpochDay(step(BigInteger.valueOf(((LocalDate) min.value()).toEpochDay()),
                        BigInteger.valueOf(((LocalDate) max.value()).toEpochDay()), i, shards).longValueExact()).toString();
                case DECIMAL -> {
                    BigDecimal low = (BigDecimal) min.value();
                    BigDecimal width = ((BigDecimal) max.value()).subtract(low);
                    int scale = Math.max(Math.max(low.scale(), ((BigDecimal) max.value()).scale()), 0);
                    yield low.add(width.multiply(BigDecimal.valueOf(i)).divide(BigDecimal.valueOf(shards), scale,
                            RoundingMode.FLOOR)).toPlainString();
                }
                case DOUBLE -> Double.toString((Double) min.value()
                        + ((Double) max.value() - (Double) min.value()) * i / shards);
                default -> throw new IllegalArgumentException("cannot cut a " + min.type() + " range");
            });
        }
        return cuts;
    }

    private static BigInteger step(BigInteger min, BigInteger max, int i, int n) {
        return min.add(max.subtract(min).multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(n)));
    }

    /** The DuckDB condition for shard {@code index}'s rows of {@code column}. */
    static String keep(ShardPlan plan, int index) {
        if (plan.cuts().isEmpty()) {
            return index == 0 ? "true" : "false";
        }
        String column = SqlLiterals.identifier(plan.partitionColumn());
        List<String> terms = new ArrayList<>();
        if (index > 0) {
            terms.add(column + " >= " + value(plan, index - 1).describe());
        }
        if (index < plan.shards() - 1) {
            terms.add(column + " < " + value(plan, index).describe());
        }
        String range = String.join(" and ", terms);
        return index == 0 ? "(" + column + " is null or " + range + ")" : "(" + range + ")";
    }

    /** What the connector may apply for shard {@code index} (none for the first: it keeps the NULLs). */
    static List<ReadPredicate> pushdown(ShardPlan plan, int index) {
        if (plan.cuts().isEmpty() || index == 0) {
            return List.of();
        }
        List<ReadPredicate> predicates = new ArrayList<>();
        predicates.add(new ReadPredicate.Comparison(plan.partitionColumn(), ReadPredicate.Operator.GREATER_OR_EQUAL,
                value(plan, index - 1)));
        if (index < plan.shards() - 1) {
            predicates.add(new ReadPredicate.Comparison(plan.partitionColumn(), ReadPredicate.Operator.LESS,
                    value(plan, index)));
        }
        return predicates;
    }

    private static Value value(ShardPlan plan, int cut) {
        String text = plan.cuts().get(cut);
        return switch (plan.cutType()) {
            case INTEGER -> Value.of(Long.parseLong(text));
            case DECIMAL -> Value.of(new BigDecimal(text));
            case DOUBLE -> Value.of(Double.parseDouble(text));
            case DATE -> Value.of(LocalDate.parse(text));
            default -> throw new IllegalArgumentException("cannot cut a " + plan.cutType() + " range");
        };
    }
}
