package dev.pz.engine.scaleout;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.SqlLiterals;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.events.RunStatus;
import dev.pz.engine.events.WatermarkCandidate;
import dev.pz.engine.model.Project;
import dev.pz.engine.plan.ExecutionPlan;
import dev.pz.engine.run.RunSession;
import dev.pz.engine.state.CursorValues;
import dev.pz.engine.state.StateBackend;
import dev.pz.engine.state.Watermark;
import dev.pz.engine.state.WatermarkStore;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The fan-in of a sharded run ({@code pz commit --select F --run-id R}). In order: every shard's
 * marker is there and its files match it (else PZ0705, PZ0706); the run is claimed in the state
 * backend with a compare-and-set, so of two commits one publishes and a commit of a committed run
 * changes nothing; the stored watermark is still the one the run froze (else PZ0707); the sink
 * is written through the normal run path from the staged parquet; the watermark moves from the
 * frozen floor to the largest cursor the shards read, again by compare-and-set; the run is marked
 * committed; and only then is its staging folder removed.
 */
public final class CommitRun {
    private final ScaleOutFlow flow;
    private final StagingArea area;
    private final ShardPlan plan;
    private final List<ShardMarker> markers;
    private final String key;

    private CommitRun(ScaleOutFlow flow, StagingArea area, ShardPlan plan, List<ShardMarker> markers) {
        this.flow = flow;
        this.area = area;
        this.plan = plan;
        this.markers = List.copyOf(markers);
        this.key = CommitRecords.key(flow.sink().name(), plan.runId());
    }

    /** What happened: whether the run was committed before (then nothing changed), and notes. */
    public record Outcome(boolean alreadyCommitted, List<String> notes) {
    }

    /** Checks the flow, the plan and every shard's marker and files; refuses with PZ0700–PZ0706. */
    public static Optional<CommitRun> prepare(Project project, CompiledDag dag, ExecutionPlan executionPlan,
            ConnectorRegistry registry, Set<String> effective, String runId, StateBackend state) {
        ScaleOutFlow flow = ScaleOutFlow.of(project, dag, effective, registry, executionPlan);
        if (new CommitRecords(state).get(CommitRecords.key(flow.sink().name(), runId))
                .filter(CommitRecords.Record::committed).isPresent()) {
            return Optional.empty();
        }
        StagingArea area = StagingArea.of(project, flow.sink().name(), runId);
        ShardPlan plan = area.frozenPlan().map(ShardPlan::parse).orElseThrow(() -> new PzException(new PzError(
                PzCode.SHARDS_NOT_FINISHED, "no shard of run '" + runId + "' has started: there is no shard plan under "
                        + area.planFile().getParent(), null, 0, "run the run's shards first, then commit")));
        if (!plan.sink().equals(flow.sink().name()) || !plan.source().equals(flow.source().datasetKey())) {
            throw new PzException(new PzError(PzCode.SHARD_PLAN_MISMATCH, "run '" + runId + "' was frozen for sink '"
                    + plan.sink() + "' reading '" + plan.source() + "'", null, 0, "commit with the --select its shards ran"));
        }
        List<Integer> missing = new ArrayList<>();
        List<ShardMarker> markers = new ArrayList<>();
        for (int i = 0; i < plan.shards(); i++) {
            Optional<String> text = area.readMarker(i);
            if (text.isEmpty()) {
                missing.add(i);
                continue;
            }
            markers.add(checked(area, i, text.get()));
        }
        if (!missing.isEmpty()) {
            throw new PzException(new PzError(PzCode.SHARDS_NOT_FINISHED, "run '" + runId + "': " + missing.size()
                    + " of " + plan.shards() + " shard(s) not finished: " + missing.stream().map(String::valueOf)
                            .collect(Collectors.joining(", ")), null, 0,
                    "run or retry those shards (pz run --shard <i>/" + plan.shards() + " --run-id " + runId
                            + "), then commit again"));
        }
        return Optional.of(new CommitRun(flow, area, plan, markers));
    }

    private static ShardMarker checked(StagingArea area, int index, String text) {
        ShardMarker marker;
        try {
            marker = ShardMarker.parse(text);
        } catch (IllegalArgumentException e) {
            throw corrupt(area, index, "its marker cannot be read (" + e.getMessage() + ")");
        }
        for (ShardMarker.StagedFile file : marker.files()) {
            if (!file.matches(area.shard(index).resolve(file.name()))) {
                throw corrupt(area, index, "file " + file.name() + " does not match its marker");
            }
        }
        return marker;
    }

    private static PzException corrupt(StagingArea area, int index, String why) {
        return new PzException(new PzError(PzCode.SHARD_OUTPUT_CORRUPT, "shard " + index + " at " + area.shard(index)
                + ": " + why, null, 0, "run that shard again (it clears its own prefix first), then commit again"));
    }

    /** The sink alone: the commit publishes what the shards staged. */
    public Set<String> effective() {
        return Set.of(flow.sink().id());
    }

    /**
     * Claims the run, publishes through {@code publish}, advances the watermark and marks the run
     * committed. A failed publish gives the claim back and keeps the staged shards.
     */
    public Outcome commit(StateBackend state, Function<RunSession.Hooks, RunStatus> publish) {
        CommitRecords records = new CommitRecords(state);
        WatermarkStore watermarks = WatermarkStore.on(state);
        String claim = UUID.randomUUID().toString();
        if (!records.claim(key, claim, Instant.now().toString())) {
            CommitRecords.Record other = records.get(key).orElse(null);
            if (other != null && other.committed()) {
                return alreadyCommitted();
            }
            throw new PzException(new PzError(PzCode.COMMIT_IN_PROGRESS, "another pz commit of run '" + plan.runId()
                    + "' holds its claim (" + key + " in the state backend's scale-out scope)", null, 0,
                    "retry later; if no commit of this run is alive, see 'Interrupted commits' in docs/scale-out.md"));
        }
        CommitRecords.Record mine = records.get(key).orElseThrow();
        Optional<Watermark> floor = Optional.ofNullable(plan.floor());
        if (plan.incremental() && !watermarks.get(flow.source().datasetKey()).equals(floor)) {
            records.release(key, mine);
            throw moved();
        }
        RunStatus status;
        try {
            status = publish.apply(hooks());
        } catch (RuntimeException e) {
            records.release(key, mine);
            throw e;
        }
        List<String> notes = new ArrayList<>();
        if (status != RunStatus.SUCCESS) {
            records.release(key, mine);
            notes.add("run " + plan.runId() + " was not committed; its staged shards stay for the next commit");
            return new Outcome(false, notes);
        }
        Optional<WatermarkCandidate> read = largestRead();
        if (read.isPresent()) {
            Watermark next = new Watermark(read.get().cursor(), read.get().type(), read.get().value(), plan.runId());
            if (!watermarks.compareAndSet(flow.source().datasetKey(), floor, next)) {
                throw new PzException(new PzError(PzCode.COMMIT_REFUSED, "run '" + plan.runId() + "' was published to"
                        + " sink '" + flow.sink().name() + "', but the watermark of '" + flow.source().datasetKey()
                        + "' moved meanwhile, so it was not advanced; the claim stays so no commit repeats the publish",
                        null, 0, "check the sink for rows another run also published, then see docs/scale-out.md"));
            }
            notes.add("watermark " + flow.source().datasetKey() + " advanced to " + next.value() + " by run "
                    + plan.runId());
        }
        if (!records.markCommitted(key, mine, Instant.now().toString())) {
            notes.add("the commit record of run " + plan.runId() + " changed under this commit; check "
                    + key + " in the scale-out state");
        }
        long rows = markers.stream().mapToLong(ShardMarker::rows).sum();
        notes.add("committed run " + plan.runId() + ": " + rows + " row(s) from " + plan.shards() + " shard(s) into "
                + flow.sink().name());
        try {
            area.remove();
        } catch (RuntimeException e) {
            notes.add("the staged shards of run " + plan.runId() + " could not be removed (" + e.getMessage() + ")");
        }
        return new Outcome(false, notes);
    }

    private Outcome alreadyCommitted() {
        return new Outcome(true, List.of("run " + plan.runId() + " of " + flow.sink().name()
                + " was already committed; nothing changed"));
    }

    /** The outcome of a commit of a run whose record says committed. */
    public static Outcome committedBefore(String runId) {
        return new Outcome(true, List.of("run " + runId + " was already committed; nothing changed"));
    }

    private PzException moved() {
        return new PzException(new PzError(PzCode.COMMIT_REFUSED, "run '" + plan.runId() + "' froze the watermark of '"
                + flow.source().datasetKey() + "' at " + (plan.floor() == null ? "nothing" : plan.floor().value())
                + ", but another commit has moved it since; publishing would duplicate or skip rows", null, 0,
                "start a new run (a new --run-id) that freezes its plan from the current watermark"));
    }

    private Optional<WatermarkCandidate> largestRead() {
        WatermarkCandidate largest = null;
        for (ShardMarker marker : markers) {
            WatermarkCandidate read = marker.watermark();
            if (read != null && (largest == null || CursorValues.compare(read.type(), read.value(), largest.value()) > 0)) {
                largest = read;
            }
        }
        return Optional.ofNullable(largest);
    }

    private RunSession.Hooks hooks() {
        List<Path> files = new ArrayList<>();
        for (ShardMarker marker : markers) {
            marker.files().forEach(file -> files.add(area.shard(marker.shard()).resolve(file.name())));
        }
        String list = files.stream().map(file -> SqlLiterals.string(file.toString())).collect(Collectors.joining(", "));
        return new RunSession.Hooks() {
            @Override
            public void beforeNodes(DuckSession session) {
                try (DuckConnection connection = session.connect()) {
                    connection.execute("create or replace view staging." + SqlLiterals.identifier(flow.sink().pipeline())
                            + " as select * from read_parquet([" + list + "])");
                }
            }
        };
    }

    /** The run this commit publishes. */
    public String runId() {
        return plan.runId();
    }
}
