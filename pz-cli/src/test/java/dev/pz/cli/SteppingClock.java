package dev.pz.cli;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;

/** A clock that answers the given instants in turn, then keeps answering the last one. */
final class SteppingClock extends Clock {
    private final Deque<Instant> instants;
    private Instant current;

    SteppingClock(String... instants) {
        this.instants = new ArrayDeque<>(Arrays.stream(instants).map(Instant::parse).toList());
        this.current = this.instants.peekFirst();
    }

    /** Moves a clock whose instants were not listed: for elapsed-time views. */
    void set(String instant) {
        instants.clear();
        current = Instant.parse(instant);
    }

    @Override
    public synchronized Instant instant() {
        if (!instants.isEmpty()) {
            current = instants.removeFirst();
        }
        return current;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException();
    }
}
