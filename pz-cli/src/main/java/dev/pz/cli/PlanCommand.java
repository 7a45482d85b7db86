package dev.pz.cli;

import dev.pz.engine.NodeSelection;
import dev.pz.engine.PlanReport;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
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
        PlanReport plan = ProjectContext.of(spec).lockCheck(!noLockCheck).open(projectOptions, true)
                .plan(new NodeSelection(names, select, all));
        PrintWriter out = spec.commandLine().getOut();
        if (plan.filtered()) {
            out.println("note: table filtered by selection; plan.json covers the full project");
        }
        out.println(String.format("%-13s %-24s %s", "strategy", "node", "reason"));
        for (PlanReport.Row row : plan.rows()) {
            out.println(String.format("%-13s %-24s %s%s", row.strategy(), row.node(), row.reason(), pushdownSuffix(row)));
        }
        out.println(plan.budgetLine());
        plan.threadsDisclaimer().ifPresent(disclaimer -> out.println("note: " + disclaimer));
        plan.policyLines().forEach(out::println);
        return ExitCodes.OK;
    }

    private static String pushdownSuffix(PlanReport.Row row) {
        List<String> parts = new ArrayList<>();
        if (row.columnsPushed() != null) {
            parts.add(row.columnsPushed() + (row.columnsPushed() == 1 ? " column" : " columns"));
        }
        if (row.filterPushed()) {
            parts.add(row.filter() == null ? "filter" : "filter " + row.filter());
        }
        return parts.isEmpty() ? "" : " [pushed: " + String.join(" + ", parts) + "]";
    }
}
