package dev.pz.engine.plan;

import dev.pz.engine.load.Durations;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.EntityDef;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.RetrySpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The retry and concurrency lines {@code pz plan} prints after the budget: the effective policy of
 * every connection and dataset that declares one, sources first, then sinks.
 */
public final class PolicyLines {

    private PolicyLines() {
    }

    public static List<String> of(Project project) {
        List<String> lines = new ArrayList<>();
        for (String direction : List.of("source", "sink")) {
            for (ConnectionDef connection : project.connections().values()) {
                if (connection.retry() != null) {
                    lines.add(line(direction, connection.name(), connection.retry().over(RetrySpec.ENGINE_DEFAULT)));
                }
                for (EntityDef entity : connection.entities().values()) {
                    RetrySpec own = "source".equals(direction)
                            ? (entity.read() == null ? null : entity.read().retry())
                            : (entity.write() == null ? null : entity.write().retry());
                    if (own != null) {
                        RetrySpec outer = connection.retry() == null ? RetrySpec.ENGINE_DEFAULT
                                : connection.retry().over(RetrySpec.ENGINE_DEFAULT);
                        lines.add(line(direction, connection.name() + "." + entity.name(), own.over(outer)));
                    }
                }
            }
        }
        for (String direction : List.of("source", "sink")) {
            for (ConnectionDef connection : project.connections().values()) {
                if (connection.maxConcurrency() != null) {
                    lines.add("max_concurrency: " + direction + " " + connection.name() + " = "
                            + connection.maxConcurrency());
                }
            }
        }
        return lines;
    }

    private static String line(String direction, String target, RetrySpec policy) {
        return "retry: " + direction + " " + target + " max_attempts=" + policy.maxAttempts() + " base_delay="
                + Durations.format(policy.baseDelay()) + " max_delay=" + Durations.format(policy.maxDelay());
    }
}
