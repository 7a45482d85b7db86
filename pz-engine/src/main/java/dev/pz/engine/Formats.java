package dev.pz.engine;

import dev.pz.engine.artifacts.ByteCounts;
import dev.pz.engine.artifacts.Timestamps;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.execute.BottleneckHint;
import dev.pz.engine.json.Json;
import dev.pz.engine.load.Durations;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * pz's text forms, for front ends that print what the engine reports: compact JSON in pz's field
 * order and escaping (as events and artifacts write it), UTC timestamps ({@code 2026-01-01T08:00:00.000Z}),
 * durations ({@code 1.2s}, {@code 30s}), byte counts ({@code 12 KB}) and a node's bottleneck hint.
 */
public final class Formats {

    private Formats() {
    }

    /** One line of compact JSON; the map's iteration order is the field order. */
    public static String compactJson(Map<String, ?> object) {
        return Json.compact(object);
    }

    public static String timestamp(Instant instant) {
        return Timestamps.format(instant);
    }

    public static String duration(Duration duration) {
        return Durations.format(duration);
    }

    /** A whole or fractional count of seconds ({@code 30s}, {@code 1.5s}). */
    public static String seconds(long millis) {
        return Durations.seconds(millis);
    }

    public static String bytes(long count) {
        return ByteCounts.format(count);
    }

    /**
     * The hint line printed under a node that moved its data through an Arrow channel when one side
     * waited for the other most of the time ({@code hint: orders: source-bound — ingest idle 65% of
     * the node's runtime}); empty otherwise.
     */
    public static Optional<String> bottleneckHint(NodeResult result) {
        return BottleneckHint.of(result);
    }
}
