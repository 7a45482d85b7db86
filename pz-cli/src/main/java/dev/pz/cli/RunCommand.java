package dev.pz.cli;

import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.Selection;
import dev.pz.engine.model.Project;
import dev.pz.engine.run.CatchUp;
import dev.pz.engine.validate.SqlDryCompiler;
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

    @Option(names = "--until-caught-up", description = "Run again while a windowed source has slices left before its until.")
    boolean untilCaughtUp;

    @Option(names = "--max-runs", paramLabel = "<n>", description = "With --until-caught-up: stop after this many runs.")
    Integer maxRuns;

    @Override
    public Integer call() {
        if (maxRuns != null && !untilCaughtUp) {
            throw new RunExecution.UsageError("--max-runs needs --until-caught-up");
        }
        if (maxRuns != null && maxRuns < 1) {
            throw new RunExecution.UsageError("--max-runs must be at least 1");
        }
        RunExecution.Output output = RunExecution.Output.of(spec, runOptions);
        ProjectContext context = output.context();
        Project project = context.load(projectOptions);
        CompiledDag dag = context.compile(project, true);
        Optional<Set<String>> chosen = resolveAfterSql(dag);
        Set<String> effective = chosen.map(ids -> Selection.withAncestors(dag, ids)).orElseGet(() -> everything(dag));
        if (!untilCaughtUp) {
            return RunExecution.execute(project, dag, effective, failFast, fullRefresh, output);
        }
        return untilCaughtUp(project, dag, effective, output);
    }

    /**
     * The selection, with pz's order of checks: the SQL dry compile comes before the flow gate, so a
     * project whose SQL is wrong reports that ({@code PZ0401}) rather than a selection error. The dry
     * compile runs here only when the selection is refused; otherwise the run does it.
     */
    private Optional<Set<String>> resolveAfterSql(CompiledDag dag) {
        try {
            return new Selection(names, select, all).resolve(dag, true);
        } catch (PzValidationException selectionError) {
            SqlDryCompiler.run(dag);
            throw selectionError;
        }
    }

    /**
     * {@code --until-caught-up}: passes run back to back, each from the watermarks the previous one
     * stored ({@code --full-refresh} applies to the first pass only), until every windowed source with
     * an {@code until} is caught up, a pass does not succeed, a pass advances nothing, or
     * {@code --max-runs} passes ran. One summary line says how many passes ran and why they stopped.
     */
    private int untilCaughtUp(Project project, CompiledDag dag, Set<String> effective, RunExecution.Output output) {
        int passes = 0;
        String stopped;
        int exit;
        while (true) {
            var before = CatchUp.stored(project.directory());
            exit = RunExecution.execute(project, dag, effective, failFast, fullRefresh && passes == 0, output);
            passes++;
            if (exit != ExitCodes.OK) {
                stopped = "run failed";
                break;
            }
            CatchUp.Verdict verdict = CatchUp.verdict(dag, effective, project.directory());
            if (verdict == CatchUp.Verdict.NO_STOP) {
                stopped = "no windowed source with a stop (`until` or a SQL ceiling) in this run";
                break;
            }
            if (verdict == CatchUp.Verdict.CAUGHT_UP) {
                stopped = "caught up";
                break;
            }
            if (maxRuns != null && passes >= maxRuns) {
                stopped = "max runs (" + maxRuns + ") reached before every source caught up -- run again to "
                        + "continue from the stored watermarks";
                break;
            }
            if (before.equals(CatchUp.stored(project.directory()))) {
                stopped = "no watermark advanced in run " + passes + " -- check `pz state show` and the run's sinks";
                break;
            }
        }
        output.human().println("until-caught-up: " + passes + (passes == 1 ? " pass" : " passes") + ", stopped: " + stopped);
        return exit;
    }

    static Set<String> everything(CompiledDag dag) {
        Set<String> ids = new LinkedHashSet<>();
        dag.nodes().stream().map(Node::id).forEach(ids::add);
        return ids;
    }
}
