package dev.pz.cli;

import dev.pz.engine.CompiledProject;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pz schema accept}: adopts the latest run's observed source schemas as drift baselines. */
@Command(name = "schema", mixinStandardHelpOptions = true, description = "Manage source schema drift baselines.",
        subcommands = SchemaCommand.Accept.class)
final class SchemaCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("error: pz schema needs a subcommand: accept");
        return ExitCodes.CONFIG_ERROR;
    }

    /** {@code pz schema accept [<connection>.<entity> ...]}. */
    @Command(name = "accept", mixinStandardHelpOptions = true,
            description = "Take the latest run's observed schemas as the new drift baselines.")
    static final class Accept implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        ProjectOptions projectOptions;

        @Parameters(arity = "0..*", paramLabel = "<connection>.<entity>",
                description = "Datasets to accept (default: every dataset with an observed schema).")
        List<String> targets = List.of();

        @Override
        public Integer call() {
            CompiledProject project = ProjectContext.of(spec).noticesOnStderr().open(projectOptions, true);
            List<String> changes = project.acceptSchemas(targets);
            PrintWriter out = spec.commandLine().getOut();
            changes.forEach(out::println);
            out.println(changes.isEmpty() ? "nothing to accept" : "accepted " + changes.size() + " schema change(s)");
            return ExitCodes.OK;
        }
    }
}
