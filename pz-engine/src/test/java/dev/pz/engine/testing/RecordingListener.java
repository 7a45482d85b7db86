package dev.pz.engine.testing;

import dev.pz.engine.events.NodeRef;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.RunListener;
import dev.pz.engine.events.RunStatus;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Records what a run reports: every event as a line ({@code started <name>}, {@code retry <name>
 * <attempt>/<max>}, {@code completed <name> <status>}, {@code run <status>}), and the peak number of
 * nodes running at once, overall and for names with a given prefix.
 */
public final class RecordingListener implements RunListener {
    private final String watchedPrefix;
    private final List<String> events = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger peak = new AtomicInteger();
    private final AtomicInteger watched = new AtomicInteger();
    private final AtomicInteger watchedPeak = new AtomicInteger();

    public RecordingListener() {
        this("\u0000");
    }

    public RecordingListener(String watchedPrefix) {
        this.watchedPrefix = watchedPrefix;
    }

    @Override
    public void nodeStarted(NodeRef node) {
        events.add("started " + node.name());
        peak.accumulateAndGet(running.incrementAndGet(), Math::max);
        if (node.name().startsWith(watchedPrefix)) {
            watchedPeak.accumulateAndGet(watched.incrementAndGet(), Math::max);
        }
    }

    @Override
    public void retryScheduled(NodeRef node, int attempt, int maxAttempts, long delayMs, String reason) {
        events.add("retry " + node.name() + " " + attempt + "/" + maxAttempts);
    }

    @Override
    public void nodeCompleted(NodeResult result) {
        events.add("completed " + result.name() + " " + result.status().word());
        if (result.provenance() == null && !result.status().word().equals("skipped")) {
            running.decrementAndGet();
            if (result.name().startsWith(watchedPrefix)) {
                watched.decrementAndGet();
            }
        }
    }

    @Override
    public void runCompleted(RunStatus status, int succeeded, int failed, int skipped, long durationMs) {
        events.add("run " + status.word());
    }

    public List<String> events() {
        synchronized (events) {
            return List.copyOf(events);
        }
    }

    public int peak() {
        return peak.get();
    }

    public int watchedPeak() {
        return watchedPeak.get();
    }
}
