package dev.pz.cli;

import dev.pz.engine.CompiledProject;
import dev.pz.engine.RunSettings;
import dev.pz.engine.RunTarget;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pz test}: runs only the checks (all, or those selected) and what they need; never a sink. */
@Command(name = "test", mixinStandardHelpOptions = true, description = "Run the data-quality checks only.")
final class TestCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectOptions projectOptions;

    @Mixin
    RunOptions runOptions;

    @Option(names = "--select", paramLabel = "<expr>", description = "Run the checks this selector matches.")
    String select;

    @Override
    public Integer call() {
        RunExecution.Output output = RunExecution.Output.of(spec, runOptions);
        CompiledProject project = output.context().open(projectOptions, true);
        Optional<RunTarget> checks = project.checks(select);
        if (checks.isEmpty()) {
            output.human().println("no checks defined");
            return ExitCodes.OK;
        }
        return RunExecution.execute(project, checks.get(), new RunSettings(false, false), output);
    }
}
