package dev.pz.engine.state;

import java.util.Collections;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Every entry of one scope, in ordinal key order. {@code notice} says why stored state could not be
 * read (it then holds no entries, and a full extract follows); {@code present} is false when nothing
 * was ever stored (the local file is absent), which {@code pz state show} reports differently from an
 * empty store.
 */
public record StateSnapshot(SortedMap<String, StateEntry> entries, Optional<String> notice, boolean present) {

    public StateSnapshot {
        entries = Collections.unmodifiableSortedMap(new TreeMap<>(entries));
    }

    static StateSnapshot corrupt(String notice) {
        return new StateSnapshot(new TreeMap<>(), Optional.of(notice), true);
    }
}
