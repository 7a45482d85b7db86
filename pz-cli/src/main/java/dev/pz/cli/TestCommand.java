package dev.pz.cli;

import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.NodeKind;
import dev.pz.engine.compile.Selection;
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
        ProjectContext context = output.context();
        Project project = context.load(projectOptions);
        CompiledDag dag = context.compile(project, true);
        Set<String> candidates = select == null ? RunCommand.everything(dag) : Selector.select(dag, select);
        Set<String> checks = new LinkedHashSet<>();
        for (String id : candidates) {
            Node node = dag.node(id);
            if (node.kind() == NodeKind.CHECK) {
                checks.add(id);
            }
        }
        if (checks.isEmpty()) {
            output.human().println("no checks defined");
            return ExitCodes.OK;
        }
        return RunExecution.execute(project, dag, Selection.withAncestors(dag, checks), false, false, output);
    }
}
