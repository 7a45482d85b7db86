package dev.pz.engine.execute;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The breaker's state machine on a clock the test moves by hand. */
class CircuitBreakerTest {
    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final List<String> transitions = new ArrayList<>();

    private CircuitBreaker breaker(int threshold, Duration coolDown) {
        return new CircuitBreaker(threshold, coolDown, now::get,
                (from, to, trigger, coolDownMs) -> transitions.add(from.word() + "->" + to.word() + " (" + trigger
                        + "; " + coolDownMs + "ms)"));
    }

    private void advance(Duration duration) {
        now.addAndGet(duration.toNanos());
    }

    @Test
    void opensAfterTheThresholdOfConsecutiveTransientFailures() {
        CircuitBreaker breaker = breaker(3, Duration.ofSeconds(10));
        for (int i = 0; i < 2; i++) {
            breaker.failedTransiently(breaker.enter().ticket(), null);
        }
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.CLOSED);
        breaker.failedTransiently(breaker.enter().ticket(), null);
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.OPEN);
        assertThat(transitions).containsExactly("closed->open (3 consecutive transient failures; 10000ms)");
    }

    @Test
    void aSuccessResetsTheCount() {
        CircuitBreaker breaker = breaker(2, Duration.ofSeconds(10));
        breaker.failedTransiently(breaker.enter().ticket(), null);
        breaker.succeeded(breaker.enter().ticket());
        breaker.failedTransiently(breaker.enter().ticket(), null);
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.CLOSED);
        assertThat(transitions).isEmpty();
    }

    @Test
    void anOpenBreakerRefusesWithTheRemainingCoolDownThenGrantsExactlyOneProbe() {
        CircuitBreaker breaker = breaker(1, Duration.ofSeconds(10));
        breaker.failedTransiently(breaker.enter().ticket(), null);
        advance(Duration.ofSeconds(4));
        CircuitBreaker.Admission refused = breaker.enter();
        assertThat(refused.admitted()).isFalse();
        assertThat(refused.retryIn()).isEqualTo(Duration.ofSeconds(6));

        advance(Duration.ofSeconds(6));
        CircuitBreaker.Admission probe = breaker.enter();
        assertThat(probe.admitted()).isTrue();
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.HALF_OPEN);
        CircuitBreaker.Admission second = breaker.enter();
        assertThat(second.admitted()).as("half_open admits one probe only").isFalse();
        assertThat(second.retryIn()).isEqualTo(Duration.ofSeconds(10));

        breaker.succeeded(probe.ticket());
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.CLOSED);
        assertThat(breaker.enter().admitted()).isTrue();
        assertThat(transitions).containsExactly("closed->open (1 consecutive transient failure; 10000ms)",
                "open->half_open (cool-down elapsed; 0ms)", "half_open->closed (probe succeeded; 0ms)");
    }

    @Test
    void aFailedProbeOpensTheBreakerAgainForAFullCoolDown() {
        CircuitBreaker breaker = breaker(5, Duration.ofSeconds(10));
        for (int i = 0; i < 5; i++) {
            breaker.failedTransiently(breaker.enter().ticket(), null);
        }
        advance(Duration.ofSeconds(10));
        breaker.failedTransiently(breaker.enter().ticket(), null);
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.OPEN);
        advance(Duration.ofSeconds(9));
        assertThat(breaker.enter().admitted()).isFalse();
        assertThat(transitions).last().isEqualTo("half_open->open (probe failed; 10000ms)");
    }

    @Test
    void aLateOutcomeFromBeforeTheBreakerOpenedChangesNothing() {
        CircuitBreaker breaker = breaker(1, Duration.ofSeconds(10));
        long early = breaker.enter().ticket();
        breaker.failedTransiently(breaker.enter().ticket(), null);
        breaker.succeeded(early);
        assertThat(breaker.state()).as("a stale success does not close an open breaker")
                .isEqualTo(CircuitBreaker.State.OPEN);

        advance(Duration.ofSeconds(10));
        long probe = breaker.enter().ticket();
        breaker.failedTransiently(early, null);
        assertThat(breaker.state()).as("only the probe decides a half-open breaker")
                .isEqualTo(CircuitBreaker.State.HALF_OPEN);
        breaker.succeeded(probe);
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.CLOSED);
    }

    @Test
    void aLongerRetryAfterLengthensTheCoolDown() {
        CircuitBreaker breaker = breaker(1, Duration.ofSeconds(2));
        breaker.failedTransiently(breaker.enter().ticket(), Duration.ofSeconds(30));
        advance(Duration.ofSeconds(29));
        assertThat(breaker.enter().retryIn()).isEqualTo(Duration.ofSeconds(1));
        assertThat(transitions).containsExactly("closed->open (1 consecutive transient failure; 30000ms)");
    }
}
