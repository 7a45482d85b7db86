package dev.pz.cli;

import dev.pz.engine.artifacts.CompileArtifacts;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Selection;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.model.Project;
import dev.pz.engine.plan.ExecutionPlan;
import dev.pz.engine.plan.Fusion;
import dev.pz.engine.plan.MemoryBudget;
import dev.pz.engine.plan.PlanWriter;
import dev.pz.engine.plan.PlannedNode;
import dev.pz.engine.plan.Planner;
import dev.pz.engine.plan.PolicyLines;
import java.io.PrintWriter;
import java.util.ArrayList;
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

/** {@code pz plan}: how every node will run, the memory budget, and plan.json for the full project. */
@Command(name = "plan", mixinStandardHelpOptions = true,
        description = "Show each node's strategy and the memory budget; write .pz/target/plan.json.")
final class PlanCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectOptions projectOptions;

    @Parameters(paramLabel = "<name>", arity = "0..*", description = "Show only the flows through these nodes.")
    List<String> names = new ArrayList<>();

    @Option(names = "--select", paramLabel = "<expr>", description = "Show only the nodes this selector matches.")
    String select;

    @Option(names = "--all", description = "Show the whole project (the default).")
    boolean all;

    @Option(names = "--no-lock-check", description = "Skip the pz.lock.json drift check.")
    boolean noLockCheck;

    @Override
    public Integer call() {
        ProjectContext context = ProjectContext.of(spec);
        Project project = context.load(projectOptions);
        CompiledDag dag = context.compile(project, true);
        Optional<Set<String>> shown = new Selection(names, select, all).resolve(dag, false);
        ExecutionPlan plan = Fusion.apply(Planner.plan(dag, project, ConnectorRegistry.installed(), false, id -> true),
                dag, project, id -> true);
        PlanWriter.write(CompileArtifacts.targetDirectory(project.directory()).resolve("plan.json"), plan);
        print(plan, shown, PolicyLines.of(project, dag));
        return ExitCodes.OK;
    }

    private void print(ExecutionPlan plan, Optional<Set<String>> shown, List<String> policyLines) {
        PrintWriter out = spec.commandLine().getOut();
        if (shown.isPresent()) {
            out.println("note: table filtered by selection; plan.json covers the full project");
        }
        out.println(String.format("%-13s %-24s %s", "strategy", "node", "reason"));
        for (PlannedNode node : plan.nodes()) {
            if (shown.isPresent() && !shown.get().contains(node.id())) {
                continue;
            }
            out.println(String.format("%-13s %-24s %s%s", node.strategy().word(), node.name(), node.reason(),
                    pushdownSuffix(node)));
        }
        MemoryBudget budget = plan.memoryBudget();
        out.println(budget.line());
        if (budget.duckdbThreadsDisclaimer() != null) {
            out.println("note: " + budget.duckdbThreadsDisclaimer());
        }
        policyLines.forEach(out::println);
    }

    private static String pushdownSuffix(PlannedNode node) {
        return node.pushdownInfo().map(pushdown -> {
            List<String> parts = new ArrayList<>();
            if (pushdown.columnsPushed() != null) {
                parts.add(pushdown.columnsPushed() + (pushdown.columnsPushed() == 1 ? " column" : " columns"));
            }
            if (pushdown.predicatePushed()) {
                parts.add("filter");
            }
            return parts.isEmpty() ? "" : " [pushed: " + String.join(" + ", parts) + "]";
        }).orElse("");
    }
}
