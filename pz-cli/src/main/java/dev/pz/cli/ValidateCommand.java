package dev.pz.cli;

import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.model.Project;
import dev.pz.engine.validate.ConnectivityValidator;
import dev.pz.engine.validate.ConnectorConfigValidator;
import dev.pz.engine.validate.SqlDryCompiler;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pz validate}: the validation tiers cheapest first (files, DAG, connector options, SQL dry
 * compile, and with {@code --connect} the live probes of tier 5); each reports all of its findings
 * and a later tier runs only when earlier ones passed.
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
        ProjectContext context = ProjectContext.of(spec);
        Project project = context.load(projectOptions);
        CompiledDag dag = context.compile(project, true);
        ConnectorRegistry registry = ConnectorRegistry.installed();
        int connections = ConnectorConfigValidator.validate(project, dag, registry);
        PrintWriter out = spec.commandLine().getOut();
        SqlDryCompiler.run(dag).forEach(note -> out.println("note: " + note));
        if (connect) {
            ConnectivityValidator.run(project, dag, registry).forEach(note -> out.println("note: " + note));
        }
        out.println("validation passed (" + project.pipelines().size() + " pipelines, " + connections
                + " connections checked)");
        return ExitCodes.OK;
    }
}
