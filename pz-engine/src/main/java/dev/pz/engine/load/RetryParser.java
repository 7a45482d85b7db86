package dev.pz.engine.load;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.RetrySpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A {@code retry:} block or {@code retry:} kwarg: {@code max_attempts} (int ≥ 1), {@code base_delay}
 * and {@code max_delay} (positive durations, {@code max_delay >= base_delay} when both are set).
 * Every problem is {@code PZ0121}; unknown keys are refused with a near-miss hint.
 */
final class RetryParser {
    static final List<String> KEYS = List.of("max_attempts", "base_delay", "max_delay");

    private RetryParser() {
    }

    /** The block's fields (each null when unset), or null when {@code value} is null or invalid. */
    public static RetrySpec parse(Object value, BlockContext context, Problems problems) {
        if (value == null) {
            return null;
        }
        String prefix = context.description() + ": ";
        if (!(value instanceof Map<?, ?> raw)) {
            problems.error(PzCode.RETRY_CONFIG_INVALID,
                    prefix + "'retry' must be a mapping of max_attempts, base_delay and max_delay (got "
                            + Values.describe(value) + ").",
                    context.location(), "write e.g. retry: {max_attempts: 5, base_delay: 2s, max_delay: 1m}");
            return null;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> block = (Map<String, Object>) raw;
        int errorsBefore = problems.errors().size();
        Integer maxAttempts = null;
        Duration baseDelay = null;
        Duration maxDelay = null;
        for (Map.Entry<String, Object> entry : block.entrySet()) {
            String key = entry.getKey();
            Object item = entry.getValue();
            var location = LocatedMap.locate(block, key, context.location());
            switch (key) {
                case "max_attempts" -> {
                    maxAttempts = Values.asIntIn(item, 1, Integer.MAX_VALUE).orElse(null);
                    if (maxAttempts == null) {
                        problems.error(PzCode.RETRY_CONFIG_INVALID, prefix + "retry.max_attempts must be an integer >= 1 (got "
                                + Values.describe(item) + ").", location, "max_attempts counts the first attempt too: 1 means no retry");
                    }
                }
                case "base_delay", "max_delay" -> {
                    Duration duration = Durations.parsePositive(item).orElse(null);
                    if (duration == null) {
                        problems.error(PzCode.RETRY_CONFIG_INVALID, prefix + "retry." + key
                                + " must be a positive duration (got " + Values.describe(item) + ").", location,
                                "write an integer and one unit of ms, s, m, h or d, e.g. 2s or 1m");
                    } else if (key.equals("base_delay")) {
                        baseDelay = duration;
                    } else {
                        maxDelay = duration;
                    }
                }
                default -> problems.error(PzCode.RETRY_CONFIG_INVALID, prefix + "unknown retry key '" + key + "'.",
                        location, NearMiss.didYouMean(key, KEYS).map(s -> s + " ").orElse("")
                                + "retry accepts max_attempts, base_delay and max_delay");
            }
        }
        if (baseDelay != null && maxDelay != null && maxDelay.compareTo(baseDelay) < 0) {
            problems.error(PzCode.RETRY_CONFIG_INVALID, prefix + "retry.max_delay (" + Durations.format(maxDelay)
                    + ") is shorter than retry.base_delay (" + Durations.format(baseDelay) + ").",
                    LocatedMap.locate(block, "max_delay", context.location()),
                    "max_delay caps the backoff, so it must be >= base_delay");
        }
        if (problems.errors().size() > errorsBefore) {
            return null;
        }
        return new RetrySpec(maxAttempts, baseDelay, maxDelay);
    }
}
