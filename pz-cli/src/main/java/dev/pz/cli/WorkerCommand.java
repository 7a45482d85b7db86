package dev.pz.cli;

import dev.pz.cli.temporal.ChildPzCommand;
import dev.pz.cli.temporal.TemporalSupport;
import dev.pz.cli.temporal.WorkerSettings;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pz worker}: a Temporal worker for this project. It polls the task queue and runs each shard
 * and commit of a submitted run as a child {@code pz} in the project folder (docs/scale-out.md).
 */
@Command(name = "worker", mixinStandardHelpOptions = true,
        description = "Run shards and commits of submitted runs from a Temporal task queue.")
final class WorkerCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ProjectDirectoryOption projectOption;

    @Mixin
    TemporalOptions temporal;

    @Option(names = "--concurrency", paramLabel = "N", defaultValue = "1",
            description = "Shards or commits this worker runs at once, each a pz process (default: ${DEFAULT-VALUE}).")
    int concurrency;

    @Override
    public Integer call() {
        List<PzError> problems = new ArrayList<>(temporal.problems());
        if (concurrency < 1) {
            problems.add(PzError.of(PzCode.SUBMIT_ARGUMENTS_INVALID, "--concurrency must be at least 1, found "
                    + concurrency).withHint("the number of shards this worker runs at once, e.g. --concurrency 2"));
        }
        if (!problems.isEmpty()) {
            throw new PzValidationException(problems);
        }
        Console console = PzCommandLine.Root.console(spec);
        WorkerSettings settings = new WorkerSettings(temporal.target, temporal.namespace, temporal.taskQueue,
                projectOption.directory(), concurrency, ChildPzCommand.ofThisProcess());
        TemporalSupport.load(console.environment()).work(settings, spec.commandLine().getOut());
        return ExitCodes.OK;
    }
}
