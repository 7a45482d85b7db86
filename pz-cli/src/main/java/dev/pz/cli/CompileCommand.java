package dev.pz.cli;

import dev.pz.engine.CompileReport;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pz compile}: writes manifest.json and compiled/*.sql; connects to nothing. */
@Command(name = "compile", mixinStandardHelpOptions = true,
        description = "Compile the project: .pz/target/manifest.json and .pz/target/compiled/*.sql.")
final class CompileCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectOptions projectOptions;

    @Option(names = "--select", paramLabel = "<expr>", description = "Only the nodes this selector matches.")
    String select;

    @Override
    public Integer call() {
        CompileReport report = ProjectContext.of(spec).open(projectOptions, false).writeArtifacts(select);
        spec.commandLine().getOut().println("Compiled " + report.nodes() + " nodes -> " + report.targetDirectory());
        return ExitCodes.OK;
    }
}
