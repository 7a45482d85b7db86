package dev.pz.cli;

import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.Selection;
import dev.pz.engine.model.Project;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pz run}: executes the selected flows end to end. */
@Command(name = "run", mixinStandardHelpOptions = true, description = "Run the selected flows.")
final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectOptions projectOptions;

    @Mixin
    RunOptions runOptions;

    @Parameters(paramLabel = "<name>", arity = "0..*", description = "Run the flows through these nodes.")
    List<String> names = new ArrayList<>();

    @Option(names = "--select", paramLabel = "<expr>", description = "Run what this selector matches (and its ancestors).")
    String select;

    @Option(names = "--all", description = "Run the whole project.")
    boolean all;

    @Option(names = "--fail-fast", description = "Skip everything still pending after the first failure.")
    boolean failFast;

    @Option(names = "--full-refresh", description = "Ignore stored watermarks for this run.")
    boolean fullRefresh;

    @Override
    public Integer call() {
        RunExecution.Output output = RunExecution.Output.of(spec, runOptions);
        ProjectContext context = output.context();
        Project project = context.load(projectOptions);
        CompiledDag dag = context.compile(project, true);
        Optional<Set<String>> chosen = new Selection(names, select, all).resolve(dag, true);
        Set<String> effective = chosen.map(ids -> Selection.withAncestors(dag, ids)).orElseGet(() -> everything(dag));
        return RunExecution.execute(project, dag, effective, failFast, fullRefresh, output);
    }

    static Set<String> everything(CompiledDag dag) {
        Set<String> ids = new LinkedHashSet<>();
        dag.nodes().stream().map(Node::id).forEach(ids::add);
        return ids;
    }
}
