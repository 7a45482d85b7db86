package dev.pz.engine.plan;

import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.load.Durations;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.EntityDef;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.RetrySpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The retry and concurrency lines {@code pz plan} prints after the budget: the effective policy of
 * every connection that declares one and of every dataset or output whose read or write declares one
 * (in {@code entities:} or at its {@code source()}/{@code sink()} call), sources first, then sinks,
 * connections in ordinal order, each connection's own line before its datasets' or outputs'.
 */
public final class PolicyLines {

    private PolicyLines() {
    }

    public static List<String> of(Project project, CompiledDag dag) {
        Map<String, ConnectionDef> connections = new TreeMap<>(project.connections());
        List<String> lines = new ArrayList<>();
        for (ConnectionDef connection : connections.values()) {
            if (readsFrom(connection, dag)) {
                lines.addAll(retryLines("source", connection, declaredRetries(connection.name(), dag, true)));
            }
        }
        for (ConnectionDef connection : connections.values()) {
            if (writesTo(connection, dag)) {
                lines.addAll(retryLines("sink", connection, declaredRetries(connection.name(), dag, false)));
            }
        }
        for (String direction : List.of("source", "sink")) {
            for (ConnectionDef connection : connections.values()) {
                boolean plays = direction.equals("source") ? readsFrom(connection, dag) : writesTo(connection, dag);
                if (plays && connection.maxConcurrency() != null) {
                    lines.add("max_concurrency: " + direction + " " + connection.name() + " = "
                            + connection.maxConcurrency());
                }
            }
        }
        return lines;
    }

    private static List<String> retryLines(String direction, ConnectionDef connection, Map<String, RetrySpec> own) {
        List<String> lines = new ArrayList<>();
        RetrySpec outer = connection.retry() == null ? RetrySpec.ENGINE_DEFAULT
                : connection.retry().over(RetrySpec.ENGINE_DEFAULT);
        if (connection.retry() != null) {
            lines.add(line(direction, connection.name(), outer));
        }
        own.forEach((entity, retry) -> lines.add(line(direction, connection.name() + "." + entity, retry.over(outer))));
        return lines;
    }

    /**
     * Entity name to the retry declared for it, for every dataset of the connection a pipeline reads
     * ({@code reads}) or every output of it a pipeline writes.
     */
    private static Map<String, RetrySpec> declaredRetries(String connection, CompiledDag dag, boolean reads) {
        Map<String, RetrySpec> retries = new TreeMap<>();
        for (Node node : dag.nodes()) {
            if (reads && node instanceof SourceLoadNode load && load.connection().equals(connection)
                    && load.read().retry() != null) {
                retries.put(load.entity(), load.read().retry());
            } else if (!reads && node instanceof SinkWriteNode write && write.connection().equals(connection)
                    && write.write().retry() != null) {
                retries.put(write.entity(), write.write().retry());
            }
        }
        return retries;
    }

    /** A connection plays the source role when a pipeline reads it or an entity declares a read. */
    private static boolean readsFrom(ConnectionDef connection, CompiledDag dag) {
        return connection.entities().values().stream().map(EntityDef::read).anyMatch(read -> read != null)
                || dag.nodes().stream().anyMatch(node -> node instanceof SourceLoadNode load
                        && load.connection().equals(connection.name()));
    }

    /** A connection plays the sink role when a pipeline writes it or an entity declares a write. */
    private static boolean writesTo(ConnectionDef connection, CompiledDag dag) {
        return connection.entities().values().stream().map(EntityDef::write).anyMatch(write -> write != null)
                || dag.nodes().stream().anyMatch(node -> node instanceof SinkWriteNode write
                        && write.connection().equals(connection.name()));
    }

    private static String line(String direction, String target, RetrySpec policy) {
        return "retry: " + direction + " " + target + " max_attempts=" + policy.maxAttempts() + " base_delay="
                + Durations.format(policy.baseDelay()) + " max_delay=" + Durations.format(policy.maxDelay());
    }
}
