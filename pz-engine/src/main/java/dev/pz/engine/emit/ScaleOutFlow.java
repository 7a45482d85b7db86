package dev.pz.engine.emit;

import java.util.List;

/**
 * One unit an orchestrator runs: the flow through one sink, split into {@code shards} shard runs
 * and one commit. {@code name} is the sink's node name, which {@code pz run --select} and
 * {@code pz commit --select} take; {@code dependsOn} names the flows whose sinks this flow's
 * sources read, so they must commit first.
 */
public record ScaleOutFlow(String name, int shards, List<String> dependsOn) {

    public ScaleOutFlow {
        dependsOn = List.copyOf(dependsOn);
    }

    /** The shard run's arguments after {@code pz}, with {@code shard} and {@code runId} as given. */
    public List<String> shardArguments(String shard, String runId) {
        return shardArguments(name, shard + "/" + shards, runId);
    }

    /** The commit's arguments after {@code pz}. */
    public List<String> commitArguments(String runId) {
        return commitArguments(name, runId);
    }

    /** {@code pz run --shard}'s arguments; {@code shardOfShards} is {@code <i>/<N>}. */
    public static List<String> shardArguments(String flow, String shardOfShards, String runId) {
        return List.of("run", "--select", flow, "--shard", shardOfShards, "--run-id", runId);
    }

    public static List<String> commitArguments(String flow, String runId) {
        return List.of("commit", "--select", flow, "--run-id", runId);
    }
}
