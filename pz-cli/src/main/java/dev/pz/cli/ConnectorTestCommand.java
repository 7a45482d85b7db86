package dev.pz.cli;

import dev.pz.engine.ConnectorUnderTest;
import dev.pz.engine.ProjectRequest;
import dev.pz.connectors.testkit.ContractRun;
import dev.pz.connectors.testkit.ContractSubject;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code pz connector test <target> --config <file.yml>}: the connector test kit's contract checks against a
 * connector package (a jar, or a package the project declares and has restored), one line per check:
 * {@code PASS <check>}, {@code FAIL <check>: <detail>}, {@code SKIP <check>: <why>}.
 */
@Command(name = "test", mixinStandardHelpOptions = true,
        description = "Run the connector contract checks against a connector package or jar.")
final class ConnectorTestCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectDirectoryOption projectOptions;

    @Parameters(index = "0", paramLabel = "<target>",
            description = "A connector jar, a package from project.yml (group:artifact), or a connector name.")
    String target;

    @Option(names = "--config", paramLabel = "<file.yml>",
            description = "connection: options, optional read: (dataset:) and write: (output:, mode, visible).")
    Path config;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        ConnectorUnderTest subject = PzCommandLine.Root.engine(spec).connectorUnderTest(target, config,
                ProjectRequest.of(projectOptions.directory()));
        List<ContractRun.Check> checks = ContractRun.run(new ContractSubject(subject.connector(), subject.config(),
                subject.dataset(), subject.output(), subject.visibleWhen()), check -> {
                    out.println(check.outcome() + " " + check.name()
                            + (check.detail() == null ? "" : ": " + check.detail()));
                    out.flush();
                });
        long failed = checks.stream().filter(check -> check.outcome() == ContractRun.Outcome.FAIL).count();
        out.println(checks.size() - failed + " passed or skipped, " + failed + " failed");
        out.flush();
        return failed == 0 ? ExitCodes.OK : ExitCodes.NODE_FAILURES;
    }
}
