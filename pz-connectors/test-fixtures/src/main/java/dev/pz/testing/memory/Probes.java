package dev.pz.testing.memory;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

/**
 * What the {@code memory} connector's reads and writes did, by the {@code probe} option a test gave
 * them: the calls in order, a latch counted down when one starts blocking, the latch an
 * {@code ignore_cancel} read waits on, and the text statistics a write was given. A test names its
 * probes uniquely, so probes never mix between tests sharing a JVM.
 */
final class Probes {
    private static final Map<String, List<String>> EVENTS = new ConcurrentHashMap<>();
    private static final Map<String, CountDownLatch> BLOCKED = new ConcurrentHashMap<>();
    private static final Map<String, CountDownLatch> RELEASED = new ConcurrentHashMap<>();
    private static final Map<String, Map<String, Long>> TEXT_LENGTHS = new ConcurrentHashMap<>();

    private Probes() {
    }

    static void record(String probe, String event) {
        if (probe != null) {
            EVENTS.computeIfAbsent(probe, key -> new CopyOnWriteArrayList<>()).add(event);
        }
    }

    static List<String> events(String probe) {
        return List.copyOf(EVENTS.getOrDefault(probe, List.of()));
    }

    static CountDownLatch blocked(String probe) {
        return BLOCKED.computeIfAbsent(probe, key -> new CountDownLatch(1));
    }

    /** Counts down {@link #blocked} for {@code probe}, if there is one. */
    static void blocking(String probe) {
        if (probe != null) {
            blocked(probe).countDown();
        }
    }

    static CountDownLatch released(String probe) {
        return RELEASED.computeIfAbsent(probe, key -> new CountDownLatch(1));
    }

    static void release(String probe) {
        released(probe).countDown();
    }

    static void textLengths(String probe, Map<String, Long> lengths) {
        if (probe != null) {
            TEXT_LENGTHS.put(probe, Map.copyOf(lengths));
        }
    }

    static Map<String, Long> textLengths(String probe) {
        return TEXT_LENGTHS.get(probe);
    }

    /** Waits like a call stuck in a socket: a thread interrupt does not end it. */
    static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
