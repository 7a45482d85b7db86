package dev.pz.cli;

import dev.pz.engine.ValidationReport;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pz validate}: loading, compiling and the preflight {@code pz plan} and {@code pz run} share
 * (engine settings, connector options, the plan's refusals, the SQL dry compile), and with
 * {@code --connect} the live probes; each stage reports all of its findings and a later one runs only
 * when earlier ones passed.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check every file and dry-compile every pipeline's SQL in DuckDB.")
final class ValidateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectOptions projectOptions;

    @Option(names = "--connect", description = "Also probe every connection and dataset.")
    boolean connect;

    @Option(names = "--no-lock-check", description = "Skip the pz.lock.json drift check.")
    boolean noLockCheck;

    @Override
    public Integer call() {
        ValidationReport report = ProjectContext.of(spec).lockCheck(!noLockCheck).open(projectOptions, true)
                .validate(connect);
        spec.commandLine().getOut().println("validation passed (" + report.pipelines() + " pipelines, "
                + report.connectionsChecked() + " connections checked)");
        return ExitCodes.OK;
    }
}
