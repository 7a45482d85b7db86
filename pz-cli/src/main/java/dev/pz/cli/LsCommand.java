package dev.pz.cli;

import dev.pz.engine.NodeInfo;
import java.io.PrintWriter;
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
        var nodes = ProjectContext.of(spec).open(projectOptions, false).nodes(select);
        PrintWriter out = spec.commandLine().getOut();
        out.println(String.format("%-10s %-40s %s", "kind", "name", "tags"));
        for (NodeInfo node : nodes) {
            String tags = node.tags().isEmpty() ? "-" : String.join(",", node.tags());
            out.println(String.format("%-10s %-40s %s", node.kind().snakeName(), node.name(), tags));
        }
        return ExitCodes.OK;
    }
}
