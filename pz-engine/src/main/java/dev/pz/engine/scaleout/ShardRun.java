package dev.pz.engine.scaleout;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.SqlLiterals;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.WatermarkCandidate;
import dev.pz.engine.execute.SourceSlice;
import dev.pz.engine.model.Project;
import dev.pz.engine.plan.ExecutionPlan;
import dev.pz.engine.run.RunSession;
import dev.pz.engine.state.StateBackend;
import dev.pz.engine.state.StateBackends;
import dev.pz.engine.state.Watermark;
import dev.pz.engine.state.WatermarkStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One shard of a sharded run ({@code pz run --shard i/N --run-id R}): reads the run's frozen plan
 * (freezing it when this process is the run's first), clears its own prefix, then runs the flow
 * without its sink on its slice of the source, exports the sink's input as parquet into its prefix
 * and writes its marker last. It advances no state and writes no sink.
 */
public final class ShardRun {
    private static final String FILE = "part-00000.parquet";

    private final ScaleOutFlow flow;
    private final StagingArea area;
    private final ShardPlan plan;
    private final int index;

    private ShardRun(ScaleOutFlow flow, StagingArea area, ShardPlan plan, int index) {
        this.flow = flow;
        this.area = area;
        this.plan = plan;
        this.index = index;
    }

    /**
     * Checks that the flow can be sharded (PZ0700, PZ0701) and that the run's frozen plan is for the
     * same flow and shard count (PZ0704); freezes the plan when there is none yet.
     */
    public static ShardRun prepare(Project project, CompiledDag dag, ExecutionPlan executionPlan,
            ConnectorRegistry registry, Set<String> effective, int index, int count, String runId) {
        ScaleOutFlow flow = ScaleOutFlow.of(project, dag, effective, registry, executionPlan);
        StagingArea area = StagingArea.of(project, flow.sink().name(), runId);
        String frozen = area.frozenPlan().orElseGet(() -> {
            Optional<Watermark> stored;
            try (StateBackend state = StateBackends.open(project.state(), project.directory())) {
                stored = WatermarkStore.on(state).get(flow.source().datasetKey());
            }
            try {
                return area.freeze(ShardFreezer.freeze(project, registry, flow, runId, count, stored).toJson());
            } catch (PzConnectorException e) {
                if (!e.isTransient()) {
                    throw e;
                }
                throw new PzException(new PzError(PzCode.SHARD_PLAN_SOURCE_UNREACHABLE, "the shard plan of run '" + runId
                        + "' could not be frozen: " + e.getMessage(), null, 0, "retry when the source is reachable"));
            }
        });
        ShardPlan plan = ShardPlan.parse(frozen);
        if (plan.shards() != count || !plan.sink().equals(flow.sink().name())
                || !plan.source().equals(flow.source().datasetKey())
                || !java.util.Objects.equals(plan.partitionColumn(), flow.partitionColumn())) {
            throw new PzValidationException(List.of(new PzError(PzCode.SHARD_PLAN_MISMATCH, "run '" + runId
                    + "' was frozen for " + plan.shards() + " shard(s) of sink '" + plan.sink() + "' reading '"
                    + plan.source() + "' (partition_column " + plan.partitionColumn() + "), not " + count
                    + " shard(s) of sink '" + flow.sink().name() + "' reading '" + flow.source().datasetKey() + "'",
                    null, 0, "pass the same <N> and --select to every process of a run, or start a new --run-id")));
        }
        return new ShardRun(flow, area, plan, index);
    }

    /** What this shard runs: the flow without its sink. */
    public Set<String> effective(Set<String> effective) {
        Set<String> ids = new LinkedHashSet<>(effective);
        ids.remove(flow.sink().id());
        return ids;
    }

    /** Empties this shard's prefix: what a previous attempt left goes, nothing else. */
    public void clear() {
        area.clearShard(index);
    }

    public RunSession.Hooks hooks() {
        return new RunSession.Hooks() {
            @Override
            public boolean exclusive() {
                return false;
            }

            @Override
            public Map<String, WatermarkCandidate> readFrom(Map<String, WatermarkCandidate> stored) {
                Map<String, WatermarkCandidate> frozen = new HashMap<>(stored);
                String key = flow.source().datasetKey();
                frozen.remove(key);
                if (plan.floor() != null) {
                    frozen.put(key, new WatermarkCandidate(plan.floor().cursor(), plan.floor().type(),
                            plan.floor().value()));
                }
                return frozen;
            }

            @Override
            public SourceSlice slice() {
                String keep = ShardCuts.keep(plan, index);
                if (plan.incremental()) {
                    keep = keep + " and " + ShardFreezer.underCeiling(plan);
                }
                return new SourceSlice(flow.source().id(), keep, ShardCuts.pushdown(plan, index),
                        ShardFreezer.keptColumns(plan), plan.ceiling());
            }

            @Override
            public void afterNodes(DuckSession session, List<NodeResult> results) {
                WatermarkCandidate read = results.stream().filter(result -> result.id().equals(flow.source().id()))
                        .map(NodeResult::watermark).filter(java.util.Objects::nonNull).findFirst().orElse(null);
                export(session, read);
            }
        };
    }

    /** The sink's input as one parquet file in this shard's prefix, then the marker. */
    private void export(DuckSession session, WatermarkCandidate read) {
        Path prefix = area.shard(index);
        Path draft = prefix.resolve("." + FILE + ".tmp");
        Path file = prefix.resolve(FILE);
        long rows;
        try (DuckConnection connection = session.connect()) {
            String relation = "staging." + SqlLiterals.identifier(flow.sink().pipeline());
            connection.execute("copy (select * from " + relation + ") to " + SqlLiterals.string(draft.toString())
                    + " (format parquet)");
            rows = ((Number) connection.queryScalar("select count(*) from read_parquet("
                    + SqlLiterals.string(draft.toString()) + ")").orElse(0L)).longValue();
        }
        try {
            Files.move(draft, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("could not publish " + file + ": " + e.getMessage(), e);
        }
        area.writeMarker(index, new ShardMarker(plan.runId(), index, plan.shards(), rows,
                List.of(ShardMarker.StagedFile.of(file)), read).toJson());
    }

    /** {@code shard i/N of run R: <rows> rows staged at <prefix>}, for the run's notes. */
    public String note() {
        return "shard " + index + "/" + plan.shards() + " of run " + plan.runId() + " staged at " + area.shard(index)
                + "; `pz commit` publishes it once every shard is done";
    }
}
