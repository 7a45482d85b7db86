package dev.pz.connectors.testkit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs the contract checks of {@link ConnectorContractTest} against one connector outside a test suite, as
 * {@code pz connector test} does: each check reports {@link Check} as it finishes.
 */
public final class ContractRun {

    /** One finished check: its name, its outcome, and for a failure or a skip the reason. */
    public record Check(String name, Outcome outcome, String detail) {
    }

    public enum Outcome { PASS, FAIL, SKIP }

    private ContractRun() {
    }

    /** Runs every check, reporting each to {@code report} in the order they finish; returns them all. */
    public static synchronized List<Check> run(ContractSubject subject, Consumer<Check> report) {
        List<Check> checks = new ArrayList<>();
        Consumer<Check> record = check -> {
            checks.add(check);
            report.accept(check);
        };
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(ConfiguredContract.class)).build();
        Launcher launcher = LauncherFactory.create();
        ConfiguredContract.subject = subject;
        try {
            launcher.execute(request, new TestExecutionListener() {
                @Override
                public void executionSkipped(TestIdentifier test, String reason) {
                    if (test.isTest()) {
                        record.accept(new Check(name(test), Outcome.SKIP, reason));
                    }
                }

                @Override
                public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                    if (!test.isTest()) {
                        result.getThrowable().ifPresent(failure -> record.accept(new Check("setup", Outcome.FAIL,
                                firstLine(failure))));
                        return;
                    }
                    switch (result.getStatus()) {
                        case SUCCESSFUL -> record.accept(new Check(name(test), Outcome.PASS, null));
                        case ABORTED -> record.accept(new Check(name(test), Outcome.SKIP,
                                result.getThrowable().map(ContractRun::firstLine).orElse("skipped")));
                        case FAILED -> record.accept(new Check(name(test), Outcome.FAIL,
                                result.getThrowable().map(ContractRun::firstLine).orElse("failed")));
                    }
                }
            });
        } finally {
            ConfiguredContract.subject = null;
        }
        return checks;
    }

    private static String name(TestIdentifier test) {
        return test.getSource().filter(MethodSource.class::isInstance).map(source -> ((MethodSource) source)
                .getMethodName()).orElse(test.getDisplayName());
    }

    /** A failure's message on one line ("Assumption failed: " left out of a skip's reason). */
    private static String firstLine(Throwable failure) {
        String message = failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
        message = message.replace("Assumption failed: ", "").strip();
        return String.join(" ", message.lines().map(String::strip).filter(line -> !line.isEmpty()).toList());
    }
}
