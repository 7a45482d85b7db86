package dev.pz.engine.artifacts;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** The timestamp form of pz's artifacts and events: {@code yyyy-MM-ddTHH:mm:ss.fffZ}, UTC. */
public final class Timestamps {
    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

    private Timestamps() {
    }

    public static String format(Instant instant) {
        return FORMAT.format(instant);
    }
}
