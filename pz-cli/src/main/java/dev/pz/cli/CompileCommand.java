package dev.pz.cli;

import dev.pz.engine.artifacts.CompileArtifacts;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.Selector;
import dev.pz.engine.model.Project;
import java.util.LinkedHashSet;
import java.util.Set;
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
        ProjectContext context = ProjectContext.of(spec);
        Project project = context.load(projectOptions);
        CompiledDag dag = context.compile(project, false);
        Set<String> selected = new LinkedHashSet<>();
        if (select == null) {
            dag.nodes().stream().map(Node::id).forEach(selected::add);
        } else {
            selected.addAll(Selector.select(dag, select));
        }
        int count = CompileArtifacts.write(project, dag, selected);
        spec.commandLine().getOut().println("Compiled " + count + " nodes -> "
                + CompileArtifacts.targetDirectory(project.directory()));
        return ExitCodes.OK;
    }
}
