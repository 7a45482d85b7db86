package dev.pz.cli;

import dev.pz.engine.CompiledProject;
import dev.pz.engine.PreparedRetry;
import dev.pz.engine.RunSettings;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pz retry}: re-runs what did not succeed in the latest run, reusing the staged tables of
 * sources that did and carrying committed sinks forward.
 */
@Command(name = "retry", mixinStandardHelpOptions = true,
        description = "Re-run the latest run's failed and skipped nodes, reusing what succeeded.")
final class RetryCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--project", paramLabel = "<dir>", description = "Project directory (default: the current one).")
    java.nio.file.Path project;

    @Mixin
    RunOptions runOptions;

    @Option(names = "--fail-fast", description = "Skip everything still pending after the first failure.")
    boolean failFast;

    @Option(names = "--full-refresh", description = "Ignore stored watermarks and re-extract every source.")
    boolean fullRefresh;

    @Override
    public Integer call() {
        RunExecution.Output output = RunExecution.Output.of(spec, runOptions);
        ProjectOptions options = new ProjectOptions();
        options.project = project;
        CompiledProject loaded = output.context().open(options, true);
        PreparedRetry retry = loaded.prepareRetry(fullRefresh);
        retry.changed().forEach(line -> spec.commandLine().getErr().println("note: " + line));
        if (retry.nothingToDo().isPresent()) {
            output.human().println(retry.nothingToDo().get());
            return ExitCodes.OK;
        }
        retry.notices().forEach(line -> output.human().println("note: " + line));
        return RunExecution.execute(loaded, retry.target().orElseThrow(), new RunSettings(failFast, fullRefresh), output);
    }
}
