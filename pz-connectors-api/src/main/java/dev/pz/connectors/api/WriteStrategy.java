package dev.pz.connectors.api;

import java.util.Locale;
import java.util.Optional;

/** How a sink treats what the destination already holds. */
public enum WriteStrategy implements Choice {
    APPEND, REPLACE, MERGE;

    /** The word users write ({@code append}, {@code replace}, {@code merge}). */
    @Override
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<WriteStrategy> fromWord(String word) {
        for (WriteStrategy strategy : values()) {
            if (strategy.word().equals(word)) {
                return Optional.of(strategy);
            }
        }
        return Optional.empty();
    }
}
