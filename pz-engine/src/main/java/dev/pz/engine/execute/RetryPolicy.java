package dev.pz.engine.execute;

import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.RetrySpec;
import java.time.Duration;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * The effective retry policy of a source load or sink write, cascaded field by field: the
 * dataset's or output's {@code retry:}, then the connection's, then 3 attempts, 1 s base, 30 s cap.
 * The delay before attempt n+1 is {@code min(base × 2^(n-1), max)} (or the connector's retry-after,
 * capped at max), jittered by a factor in [0.75, 1.25).
 */
record RetryPolicy(int maxAttempts, Duration baseDelay, Duration maxDelay) {

    static RetryPolicy none() {
        return new RetryPolicy(1, Duration.ZERO, Duration.ZERO);
    }

    static RetryPolicy of(Node node, Project project) {
        RetrySpec own;
        String connection;
        if (node instanceof SourceLoadNode source) {
            own = source.read().retry();
            connection = source.connection();
        } else if (node instanceof SinkWriteNode sink) {
            own = sink.write().retry();
            connection = sink.connection();
        } else {
            return none();
        }
        ConnectionDef def = project.connections().get(connection);
        RetrySpec outer = def == null || def.retry() == null ? RetrySpec.ENGINE_DEFAULT
                : def.retry().over(RetrySpec.ENGINE_DEFAULT);
        RetrySpec effective = own == null ? outer : own.over(outer);
        return new RetryPolicy(effective.maxAttempts(), effective.baseDelay(), effective.maxDelay());
    }

    long delayMillis(int attempt, Optional<Duration> retryAfter, RandomGenerator random) {
        long cap = maxDelay.toMillis();
        long base = retryAfter.map(Duration::toMillis)
                .orElseGet(() -> baseDelay.toMillis() * (1L << Math.min(30, attempt - 1)));
        double jitter = 0.75 + random.nextDouble() * 0.5;
        return Math.round(Math.min(base, cap) * jitter);
    }
}
