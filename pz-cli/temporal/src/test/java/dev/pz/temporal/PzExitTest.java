package dev.pz.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import io.temporal.failure.ApplicationFailure;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The scale-out exit codes as Temporal failures: 1 and 2 are final, the rest are retried. */
class PzExitTest {
    private static final Step STEP = new Step("lake.orders", "shard 3/8", List.of("pz", "run"));

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void nodeFailuresAndBadInputAreNotRetried(int exitCode) {
        ApplicationFailure failure = PzExit.failure(STEP, exitCode, List.of("error PZ0101: bad"));

        assertThat(failure.isNonRetryable()).isTrue();
        assertThat(failure.getType()).isEqualTo("pz.exit." + exitCode);
        assertThat(failure.getOriginalMessage()).isEqualTo("flow lake.orders shard 3/8: pz exited with " + exitCode
                + "\nerror PZ0101: bad");
        assertThat(PzExit.exitCode(failure)).hasValue(exitCode);
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 75, 137, 143, 4})
    void fatalTransientAndSignalledExitsAreRetried(int exitCode) {
        ApplicationFailure failure = PzExit.failure(STEP, exitCode, List.of());

        assertThat(failure.isNonRetryable()).isFalse();
        assertThat(PzExit.exitCode(failure)).hasValue(exitCode);
    }

    @Test
    void aSignalIsNamed() {
        assertThat(PzExit.failure(STEP, 137, List.of()).getOriginalMessage())
                .isEqualTo("flow lake.orders shard 3/8: pz exited with 137 (killed by signal 9)");
    }

    @Test
    void otherFailuresCarryNoExitCode() {
        assertThat(PzExit.exitCode(ApplicationFailure.newFailure("boom", "SomethingElse"))).isEmpty();
        assertThat(PzExit.exitCode(ApplicationFailure.newFailure("boom", "pz.exit.x"))).isEmpty();
    }

    @Test
    void heartbeatsComeThreeTimesPerTimeout() {
        assertThat(ChildPz.beat(java.time.Duration.ofSeconds(30))).isEqualTo(java.time.Duration.ofSeconds(10));
        assertThat(ChildPz.beat(java.time.Duration.ofMillis(300))).isEqualTo(java.time.Duration.ofMillis(200));
    }
}
