package dev.pz.cli;

import dev.pz.engine.CatchUpLoop;
import dev.pz.engine.CompiledProject;
import dev.pz.engine.NodeSelection;
import dev.pz.engine.RunSettings;
import dev.pz.engine.RunTarget;
import dev.pz.engine.ShardRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pz run}: executes the selected flows end to end. */
@Command(name = "run", mixinStandardHelpOptions = true, description = "Run the selected flows.")
final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectOptions projectOptions;

    @Mixin
    RunOptions runOptions;

    @Parameters(paramLabel = "<name>", arity = "0..*", description = "Run the flows through these nodes.")
    List<String> names = new ArrayList<>();

    @Option(names = "--select", paramLabel = "<expr>", description = "Run what this selector matches (and its ancestors).")
    String select;

    @Option(names = "--all", description = "Run the whole project.")
    boolean all;

    @Option(names = "--fail-fast", description = "Skip everything still pending after the first failure.")
    boolean failFast;

    @Option(names = "--full-refresh", description = "Ignore stored watermarks for this run.")
    boolean fullRefresh;

    @Option(names = "--until-caught-up", description = "Run again while a windowed source has slices left before its until.")
    boolean untilCaughtUp;

    @Option(names = "--max-runs", paramLabel = "<n>", description = "With --until-caught-up: stop after this many runs.")
    Integer maxRuns;

    @Option(names = "--shard", paramLabel = "<i>/<N>", description = "Run shard i (0-based) of N of the selected flow"
            + " and stage its output for `pz commit` (needs --run-id; docs/scale-out.md).")
    String shard;

    @Option(names = "--run-id", paramLabel = "<id>", description = "With --shard: the run every shard and its commit share.")
    String runId;

    @Override
    public Integer call() {
        if (maxRuns != null && !untilCaughtUp) {
            throw new RunExecution.UsageError("--max-runs needs --until-caught-up");
        }
        if (maxRuns != null && maxRuns < 1) {
            throw new RunExecution.UsageError("--max-runs must be at least 1");
        }
        if (shard != null || runId != null) {
            return shard();
        }
        RunExecution.Output output = RunExecution.Output.of(spec, runOptions);
        CompiledProject project = output.context().open(projectOptions, true);
        RunTarget target = project.target(new NodeSelection(names, select, all));
        if (!untilCaughtUp) {
            return RunExecution.execute(project, target, new RunSettings(failFast, fullRefresh), output);
        }
        return untilCaughtUp(project, target, output);
    }

    /** {@code --shard i/N --run-id R}: one shard of a sharded run; 75 when every failure was transient. */
    private int shard() {
        ShardRequest request = ShardRequest.parse(shard, runId);
        if (untilCaughtUp || fullRefresh) {
            throw new RunExecution.UsageError("--shard cannot be combined with " + (untilCaughtUp ? "--until-caught-up"
                    : "--full-refresh") + ": a shard reads the range its run froze");
        }
        RunExecution.Output output = RunExecution.Output.of(spec, runOptions);
        return ScaleOutExits.guarded(output.console().err(), () -> {
            CompiledProject project = output.context().open(projectOptions, true);
            RunTarget target = project.target(new NodeSelection(names, select, all));
            return RunExecution.execute(output, (listener, control) -> project.runShard(target, request,
                    new RunSettings(failFast, false), listener, control), ScaleOutExits::ofShard);
        });
    }

    /**
     * {@code --until-caught-up}: passes run back to back ({@code --full-refresh} applies to the first
     * pass only) until one does not succeed or the engine's catch-up loop says stop. One summary line
     * says how many passes ran and why they stopped.
     */
    private int untilCaughtUp(CompiledProject project, RunTarget target, RunExecution.Output output) {
        CatchUpLoop loop = project.catchUp(target, maxRuns);
        String stopped;
        int exit;
        while (true) {
            CatchUpLoop.Pass pass = loop.next();
            exit = RunExecution.execute(project, target, new RunSettings(failFast, fullRefresh && pass.number() == 1),
                    output);
            if (exit != ExitCodes.OK) {
                stopped = "run failed";
                break;
            }
            Optional<String> stop = pass.stopReason();
            if (stop.isPresent()) {
                stopped = stop.get();
                break;
            }
        }
        int passes = loop.passes();
        output.human().println("until-caught-up: " + passes + (passes == 1 ? " pass" : " passes") + ", stopped: " + stopped);
        return exit;
    }
}
