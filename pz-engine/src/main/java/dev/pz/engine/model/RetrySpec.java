package dev.pz.engine.model;

import java.time.Duration;

/** A {@code retry:} block; each field null when not set at this level (cascaded field by field). */
public record RetrySpec(Integer maxAttempts, Duration baseDelay, Duration maxDelay) {

    public static final RetrySpec ENGINE_DEFAULT = new RetrySpec(3, Duration.ofSeconds(1), Duration.ofSeconds(30));

    /** This level's fields, falling back to {@code outer} where unset. */
    public RetrySpec over(RetrySpec outer) {
        if (outer == null) {
            return this;
        }
        return new RetrySpec(maxAttempts != null ? maxAttempts : outer.maxAttempts,
                baseDelay != null ? baseDelay : outer.baseDelay,
                maxDelay != null ? maxDelay : outer.maxDelay);
    }
}
