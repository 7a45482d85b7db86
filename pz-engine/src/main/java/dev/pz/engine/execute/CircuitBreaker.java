package dev.pz.engine.execute;

import java.time.Duration;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * One connection's circuit breaker. {@code closed}: every attempt is admitted, and
 * {@code failure_threshold} consecutive transient failures open it for the cool-down (or the
 * connector's retry-after, when longer). {@code open}: attempts are refused until the cool-down has
 * passed; the first attempt after that moves it to {@code half_open} and is its only probe.
 * {@code half_open}: every other attempt is refused; the probe's success closes the breaker, its
 * transient failure opens it again.
 *
 * <p>Every admission carries a ticket: the breaker's generation, which moves on each time it opens.
 * An outcome reported with an older ticket (an attempt admitted before the breaker opened, finishing
 * late) changes nothing, so a stale success cannot close an open breaker and only the probe decides
 * a half-open one. Thread-safe; transitions are reported outside the lock.
 */
final class CircuitBreaker {

    enum State {
        CLOSED, OPEN, HALF_OPEN;

        String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Receives each transition; {@code coolDownMs} is the wait on entering {@code open}, else 0. */
    interface Transitions {
        void changed(State from, State to, String trigger, long coolDownMs);
    }

    /** An admitted attempt's ticket, or a refusal ({@code ticket} 0) with the time to wait before asking again. */
    record Admission(long ticket, Duration retryIn) {
        boolean admitted() {
            return ticket != 0;
        }
    }

    private record Transition(State from, State to, String trigger, long coolDownMs) {
    }

    private final int failureThreshold;
    private final long coolDownNanos;
    private final LongSupplier nanoClock;
    private final Transitions transitions;

    private State state = State.CLOSED;
    private int consecutiveFailures;
    private long openedAtNanos;
    private long openForNanos;
    // Starts at 1 so that the refusal ticket 0 never matches a live generation.
    private long generation = 1;

    CircuitBreaker(int failureThreshold, Duration coolDown, LongSupplier nanoClock, Transitions transitions) {
        if (failureThreshold < 1) {
            throw new IllegalArgumentException("failure_threshold must be at least 1");
        }
        this.failureThreshold = failureThreshold;
        this.coolDownNanos = coolDown.toNanos();
        this.nanoClock = nanoClock;
        this.transitions = transitions;
    }

    /** Asks to run one attempt against the connection. */
    Admission enter() {
        Transition transition = null;
        Admission admission;
        synchronized (this) {
            switch (state) {
                case CLOSED -> admission = new Admission(generation, Duration.ZERO);
                case OPEN -> {
                    long waited = nanoClock.getAsLong() - openedAtNanos;
                    if (waited >= openForNanos) {
                        state = State.HALF_OPEN;
                        transition = new Transition(State.OPEN, State.HALF_OPEN, "cool-down elapsed", 0);
                        admission = new Admission(generation, Duration.ZERO);
                    } else {
                        admission = new Admission(0, Duration.ofNanos(openForNanos - waited));
                    }
                }
                default -> admission = new Admission(0, Duration.ofNanos(openForNanos));
            }
        }
        report(transition);
        return admission;
    }

    /** The admitted attempt succeeded (or failed for a reason that says nothing about the connection). */
    void succeeded(long ticket) {
        Transition transition = null;
        synchronized (this) {
            if (ticket != generation) {
                return;
            }
            consecutiveFailures = 0;
            if (state == State.HALF_OPEN) {
                state = State.CLOSED;
                transition = new Transition(State.HALF_OPEN, State.CLOSED, "probe succeeded", 0);
            }
        }
        report(transition);
    }

    /** The admitted attempt failed transiently; {@code retryAfter} (nullable) lengthens the cool-down. */
    void failedTransiently(long ticket, Duration retryAfter) {
        Transition transition = null;
        synchronized (this) {
            if (ticket != generation) {
                return;
            }
            if (state == State.HALF_OPEN) {
                transition = open(retryAfter, "probe failed");
            } else if (state == State.CLOSED && ++consecutiveFailures >= failureThreshold) {
                transition = open(retryAfter, failureThreshold + " consecutive transient "
                        + (failureThreshold == 1 ? "failure" : "failures"));
            }
        }
        report(transition);
    }

    synchronized State state() {
        return state;
    }

    /** Caller holds the lock. */
    private Transition open(Duration retryAfter, String trigger) {
        State from = state;
        long floor = retryAfter == null ? 0 : retryAfter.toNanos();
        openForNanos = Math.max(coolDownNanos, floor);
        openedAtNanos = nanoClock.getAsLong();
        consecutiveFailures = 0;
        generation++;
        state = State.OPEN;
        return new Transition(from, State.OPEN, trigger, Duration.ofNanos(openForNanos).toMillis());
    }

    private void report(Transition transition) {
        if (transition != null) {
            transitions.changed(transition.from(), transition.to(), transition.trigger(), transition.coolDownMs());
        }
    }
}
