package dev.pz.connectors.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The kit fails a connector that breaks a rule, in the check that covers the rule, and passes an
 * honest one: each {@link MemoryContract} subclass is run through the JUnit launcher and the names
 * of its failed checks are compared (a skipped check is neither).
 */
class ConnectorContractTestTest {

    @Test
    void anHonestConnectorPassesEveryCheck() {
        Outcome outcome = run(MemoryContract.Honest.class);
        assertThat(outcome.failed()).isEmpty();
        assertThat(outcome.passed()).contains("everyBatchHasTheAnnouncedSchemaAndIsReleased",
                "abortLeavesNoOutputAndLaterCallsThrow", "writeCapabilitiesMatchBehaviour", "messagesHoldNoSecret",
                "optionDeclarationsAreWellFormedAndTheFixturesKeepThem");
    }

    @Test
    void eachBrokenRuleFailsItsCheck() {
        Map<Class<?>, Set<String>> expected = Map.of(
                MemoryContract.ClaimsMerge.class, Set.of("writeCapabilitiesMatchBehaviour"),
                MemoryContract.WrongBatchSchema.class, Set.of("everyBatchHasTheAnnouncedSchemaAndIsReleased"),
                MemoryContract.EchoesSecret.class, Set.of("messagesHoldNoSecret"),
                MemoryContract.AbortKeepsOutput.class, Set.of("abortLeavesNoOutputAndLaterCallsThrow",
                        "closeWithoutCommitLeavesNoOutput"),
                MemoryContract.UndeclaredPartitions.class, Set.of("everyBatchHasTheAnnouncedSchemaAndIsReleased"),
                MemoryContract.ReservedOption.class, Set.of("optionDeclarationsAreWellFormedAndTheFixturesKeepThem"));
        expected.forEach((contract, checks) -> assertThat(run(contract).failed()).as(contract.getSimpleName())
                .containsExactlyInAnyOrderElementsOf(checks));
    }

    private record Outcome(Set<String> passed, Set<String> failed) {
    }

    private static Outcome run(Class<?> contract) {
        Set<String> passed = new TreeSet<>();
        Set<String> failed = new TreeSet<>();
        Launcher launcher = LauncherFactory.create();
        launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(contract)).build(),
                new TestExecutionListener() {
                    @Override
                    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                        String name = test.getDisplayName().replace("()", "");
                        if (test.isTest() && result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
                            passed.add(name);
                        } else if (test.isTest() && result.getStatus() == TestExecutionResult.Status.FAILED) {
                            failed.add(name);
                        }
                    }
                });
        return new Outcome(passed, failed);
    }
}
