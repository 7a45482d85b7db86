package dev.pz.cli;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.CompiledProject;
import dev.pz.engine.EmitFormat;
import dev.pz.engine.EmitReport;
import dev.pz.engine.EmitRequest;
import dev.pz.engine.NodeSelection;
import dev.pz.engine.PlanReport;
import java.io.PrintWriter;
import java.nio.file.Path;
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

    @Option(names = "--emit", paramLabel = "<format>",
            description = "Also write specs for an orchestrator: plan (the neutral scale-out.json), kubernetes "
                    + "(Indexed Jobs and commit Jobs) or argo (a Workflow). See docs/scale-out.md.")
    String emit;

    @Option(names = "--shards", paramLabel = "<N>", description = "With --emit: shards per flow (default 1).")
    Integer shards;

    @Option(names = "--image", paramLabel = "<image>",
            description = "With --emit kubernetes or argo: the container image holding pz and the project.")
    String image;

    @Option(names = "--run-id", paramLabel = "<id>", description = "With --emit kubernetes: the run the Jobs are for.")
    String runId;

    @Option(names = "--out", paramLabel = "<dir>", description = "With --emit: write there instead of .pz/target.")
    Path out;

    @Override
    public Integer call() {
        EmitRequest request = emitRequest();
        CompiledProject project = ProjectContext.of(spec).lockCheck(!noLockCheck).open(projectOptions, true);
        EmitReport emitted = request == null ? null : project.emit(request);
        PlanReport plan = project.plan(new NodeSelection(names, select, all));
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
        if (emitted != null) {
            out.println("emitted " + request.format().word() + " for " + emitted.flows().size()
                    + (emitted.flows().size() == 1 ? " flow: " : " flows: ") + String.join(", ", emitted.flows()));
            emitted.files().forEach(file -> out.println("wrote " + file));
        }
        return ExitCodes.OK;
    }

    /** The emit request, checked before the project is opened; null without --emit. */
    private EmitRequest emitRequest() {
        if (emit == null) {
            if (shards != null || image != null || runId != null || out != null) {
                throw new PzException(PzError.of(PzCode.EMIT_OPTIONS_INVALID,
                        "--shards, --image, --run-id and --out only apply with --emit.")
                        .withHint("add --emit with one of " + EmitFormat.words()));
            }
            return null;
        }
        return new EmitRequest(EmitFormat.parse(emit), shards == null ? 1 : shards, image, runId,
                out == null ? null : out.toAbsolutePath());
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
