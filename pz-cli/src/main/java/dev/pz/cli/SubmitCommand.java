package dev.pz.cli;

import dev.pz.cli.scaleout.ScaleOutPlan;
import dev.pz.cli.scaleout.ScaleOutPlanReader;
import dev.pz.cli.temporal.SubmitSettings;
import dev.pz.cli.temporal.TemporalSupport;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.engine.ScaleOutRunIds;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pz submit --engine temporal}: hands a run of the project's scale-out plan to Temporal as one
 * workflow, named by the run id, and optionally waits for its outcome (docs/scale-out.md).
 */
@Command(name = "submit", mixinStandardHelpOptions = true,
        description = "Submit a run of the scale-out plan to an orchestrator (Temporal).")
final class SubmitCommand implements Callable<Integer> {

    /** The orchestrators {@code pz submit} can hand a run to. */
    enum Engine { temporal }

    @Spec
    CommandSpec spec;

    @Mixin
    ProjectDirectoryOption projectOption;

    @Mixin
    TemporalOptions temporal;

    @Option(names = "--engine", required = true, paramLabel = "<engine>",
            description = "The orchestrator: ${COMPLETION-CANDIDATES}.")
    Engine engine;

    @Option(names = "--run-id", required = true, paramLabel = "<id>",
            description = "Names the run and its workflow; submitting the same id again finds the first submission.")
    String runId;

    @Option(names = "--select", paramLabel = "<flow>", split = ",",
            description = "Only these flows of the plan (default: all of them).")
    List<String> select = new ArrayList<>();

    @Option(names = "--plan", paramLabel = "<file>",
            description = "The scale-out plan (default: .pz/target/scale-out.json, written by `pz plan --emit plan`).")
    Path plan;

    @Option(names = "--wait", description = "Wait for the workflow's outcome and exit with its code.")
    boolean waitForOutcome;

    @Option(names = "--heartbeat-timeout", paramLabel = "<seconds>", defaultValue = "30",
            description = "A shard or commit whose worker stops heartbeating this long is retried on another "
                    + "(default: ${DEFAULT-VALUE}).")
    long heartbeatSeconds;

    @Option(names = "--max-attempts", paramLabel = "N", defaultValue = "5",
            description = "Attempts per shard or commit for transient failures (default: ${DEFAULT-VALUE}).")
    int maxAttempts;

    @Override
    public Integer call() {
        List<PzError> problems = new ArrayList<>(temporal.problems());
        if (!ScaleOutRunIds.isValid(runId)) {
            problems.add(invalid("--run-id must match [A-Za-z0-9][A-Za-z0-9._-]{0,127}, found \"" + runId + "\"")
                    .withHint("name the run with letters, digits, dots, dashes and underscores, e.g. --run-id nightly-2026-12-01"));
        }
        if (heartbeatSeconds < 1) {
            problems.add(invalid("--heartbeat-timeout must be at least 1 second, found " + heartbeatSeconds)
                    .withHint("give whole seconds, e.g. --heartbeat-timeout 30 (the default)"));
        }
        if (maxAttempts < 1) {
            problems.add(invalid("--max-attempts must be at least 1, found " + maxAttempts)
                    .withHint("1 runs each shard once; the default is 5"));
        }
        if (!problems.isEmpty()) {
            throw new PzValidationException(problems);
        }
        Path planFile = projectOption.directory().resolve(plan != null ? plan : ScaleOutPlanReader.DEFAULT_LOCATION);
        ScaleOutPlan selected = selected(ScaleOutPlanReader.read(planFile));
        SubmitSettings settings = new SubmitSettings(temporal.target, temporal.namespace, temporal.taskQueue, runId,
                waitForOutcome, Duration.ofSeconds(heartbeatSeconds), maxAttempts);
        Console console = PzCommandLine.Root.console(spec);
        return TemporalSupport.load(console.environment()).submit(settings, selected, spec.commandLine().getOut(),
                spec.commandLine().getErr());
    }

    private ScaleOutPlan selected(ScaleOutPlan whole) {
        Set<String> names = new LinkedHashSet<>(select);
        List<PzError> unknown = new ArrayList<>();
        for (String name : names) {
            if (whole.flows().stream().noneMatch(flow -> flow.name().equals(name))) {
                unknown.add(invalid("--select " + name + " names no flow of the scale-out plan").withHint(
                        "the plan's flows: " + String.join(", ", whole.flows().stream().map(ScaleOutPlan.Flow::name)
                                .toList())));
            }
        }
        if (!unknown.isEmpty()) {
            throw new PzValidationException(unknown);
        }
        return whole.only(names);
    }

    private static PzError invalid(String message) {
        return PzError.of(PzCode.SUBMIT_ARGUMENTS_INVALID, message);
    }
}
