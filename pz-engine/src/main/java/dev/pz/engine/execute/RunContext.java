package dev.pz.engine.execute;

import dev.pz.duckdb.DuckSession;
import dev.pz.engine.artifacts.RunTemporaries;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.events.RunListener;
import dev.pz.engine.events.WatermarkCandidate;
import dev.pz.engine.model.Project;
import dev.pz.engine.plan.ExecutionPlan;
import dev.pz.engine.state.StateBackend;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/**
 * Everything the executors of one run share. Immutable; the ledger and cancellation are
 * thread-safe. {@code storedWatermarks} holds the watermarks this run reads from (empty under
 * {@code --full-refresh}), by dataset key, and {@code syncTokens} the stored change-capture tokens
 * likewise; {@code arrowPeak} collects the Arrow peaks of the universal nodes (each has an
 * allocator of its own); {@code reuse} is what a retry takes
 * over from the prior run's staging database; {@code temporaries} holds the run's temporary files;
 * {@code fusedCopies} is what the nodes of fused chains hand on;
 * {@code events} receives progress reports; {@code state} is the backend that keeps the project's
 * keyed state (schema baselines are read and seeded during the run; watermarks and change-capture
 * tokens are advanced in it after the sinks commit); {@code slice} is the part of its source a
 * sharded run keeps (null outside {@code --shard}).
 */
public record RunContext(String runId, Project project, CompiledDag dag, ExecutionPlan plan, DuckSession session,
        ConnectorRegistry connectors, SetupLedger setup, Path runDirectory, RunTemporaries temporaries, Clock clock,
        Cancellation cancellation, Map<String, WatermarkCandidate> storedWatermarks, ArrowPeak arrowPeak,
        StagedReuse reuse, FusedHandOff fusedCopies, RunListener events, Map<String, String> syncTokens,
        StateBackend state, SourceSlice slice) {

    public RunContext {
        storedWatermarks = Map.copyOf(storedWatermarks);
        syncTokens = Map.copyOf(syncTokens);
    }

    /** The same context under another cancellation scope: one node attempt's. */
    public RunContext withCancellation(Cancellation scope) {
        return new RunContext(runId, project, dag, plan, session, connectors, setup, runDirectory, temporaries, clock,
                scope, storedWatermarks, arrowPeak, reuse, fusedCopies, events, syncTokens, state, slice);
    }

    /** The slice a sharded run keeps of {@code source}, or null. */
    SourceSlice slice(SourceLoadNode source) {
        return slice != null && slice.sourceId().equals(source.id()) ? slice : null;
    }

    /** A context with an empty hand-off of fused copies (sink id → the file a fused pipeline wrote). */
    public RunContext(String runId, Project project, CompiledDag dag, ExecutionPlan plan, DuckSession session,
            ConnectorRegistry connectors, SetupLedger setup, Path runDirectory, RunTemporaries temporaries, Clock clock,
            Cancellation cancellation, Map<String, WatermarkCandidate> storedWatermarks, ArrowPeak arrowPeak,
            StagedReuse reuse, RunListener events, Map<String, String> syncTokens, StateBackend state, SourceSlice slice) {
        this(runId, project, dag, plan, session, connectors, setup, runDirectory, temporaries, clock, cancellation,
                storedWatermarks, arrowPeak, reuse, new FusedHandOff(), events, syncTokens,
                state, slice);
    }
}
