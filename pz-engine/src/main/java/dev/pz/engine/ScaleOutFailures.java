package dev.pz.engine;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.NodeStatus;
import java.util.List;
import java.util.Set;

/**
 * Which failures of a shard or a commit an orchestrator should retry (transient: the state store
 * or a source out of reach, a lock another process holds, shards not finished yet) and which it
 * should not (a refused commit, a corrupt staged file). docs/scale-out.md lists the exit codes.
 */
public final class ScaleOutFailures {
    private static final Set<PzCode> TRANSIENT = Set.of(PzCode.SHARDS_NOT_FINISHED, PzCode.COMMIT_IN_PROGRESS, PzCode.SHARD_PLAN_SOURCE_UNREACHABLE,
            PzCode.STATE_RUN_IN_FLIGHT, PzCode.STATE_STORE_UNAVAILABLE, PzCode.NODE_TIMED_OUT, PzCode.NODE_UNRESPONSIVE,
            PzCode.BREAKER_OPEN);
    private static final Set<PzCode> PERMANENT = Set.of(PzCode.COMMIT_REFUSED, PzCode.SHARD_OUTPUT_CORRUPT);

    private ScaleOutFailures() {
    }

    public static boolean isTransient(PzCode code) {
        return TRANSIENT.contains(code);
    }

    /** A failure of the data or of the run's history, not of the request: retrying will not help. */
    public static boolean isPermanent(PzCode code) {
        return PERMANENT.contains(code);
    }

    /** Whether every failed node of a run failed transiently (and at least one failed). */
    public static boolean allTransient(List<NodeResult> results) {
        List<PzError> errors = results.stream().filter(result -> result.status() == NodeStatus.FAILED)
                .map(NodeResult::error).toList();
        return !errors.isEmpty() && errors.stream().allMatch(error -> error != null && isTransient(error.code()));
    }
}
