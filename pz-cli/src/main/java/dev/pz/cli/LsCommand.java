package dev.pz.cli;

import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.compile.Selector;
import dev.pz.engine.model.Project;
import java.io.PrintWriter;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pz ls}: the DAG's nodes in topological order. Writes nothing. */
@Command(name = "ls", mixinStandardHelpOptions = true, description = "List the project's nodes in dependency order.")
final class LsCommand implements Callable<Integer> {
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
        Set<String> shown = select == null ? null : Selector.select(dag, select);
        PrintWriter out = spec.commandLine().getOut();
        out.println(String.format("%-10s %-40s %s", "kind", "name", "tags"));
        for (Node node : dag.nodes()) {
            if (shown != null && !shown.contains(node.id())) {
                continue;
            }
            String tags = node instanceof PipelineNode pipeline && !pipeline.tags().isEmpty()
                    ? String.join(",", pipeline.tags()) : "-";
            out.println(String.format("%-10s %-40s %s", node.kind().snakeName(), node.name(), tags));
        }
        return ExitCodes.OK;
    }
}
