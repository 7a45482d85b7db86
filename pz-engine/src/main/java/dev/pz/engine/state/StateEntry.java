package dev.pz.engine.state;

import java.util.Objects;

/**
 * One stored entry as a backend holds it: the entry's JSON object as compact text, and the version a
 * compare-and-set must name to replace it (an http ETag, a SQL row version, the local file's entry text).
 */
public record StateEntry(String payload, String version) {

    public StateEntry {
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(version, "version");
    }
}
