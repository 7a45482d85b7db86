package dev.pz.cli;

import dev.pz.engine.CommitReport;
import dev.pz.engine.CompiledProject;
import dev.pz.engine.NodeSelection;
import dev.pz.engine.RunTarget;
import dev.pz.engine.ShardRequest;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pz commit --select <flow> --run-id <R>}: publishes what the shards of run R staged to the
 * flow's sink, advances its watermark, and records the run as committed; a second commit of the
 * same run changes nothing and exits 0 (docs/scale-out.md).
 */
@Command(name = "commit", mixinStandardHelpOptions = true,
        description = "Publish a sharded run's staged shards to the flow's sink, exactly once.")
final class CommitCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectOptions projectOptions;

    @Mixin
    RunOptions runOptions;

    @Option(names = "--select", paramLabel = "<expr>", required = true,
            description = "The flow whose run to commit (the same selector its shards ran with).")
    String select;

    @Option(names = "--run-id", paramLabel = "<id>", description = "The run to commit.")
    String runId;

    @Override
    public Integer call() {
        ShardRequest.requireRunId(runId);
        RunExecution.Output output = RunExecution.Output.of(spec, runOptions);
        return ScaleOutExits.guarded(output.console().err(), () -> {
            CompiledProject project = output.context().open(projectOptions, true);
            RunTarget target = project.target(new NodeSelection(List.of(), select, false));
            return RunExecution.execute(output, (listener, control) -> {
                CommitReport report = project.commit(target, runId, listener, control);
                if (report.run().isEmpty()) {
                    report.notes().forEach(note -> output.human().println("note: " + note));
                    return null;
                }
                return report.run().get();
            }, ScaleOutExits::ofShard);
        });
    }
}
