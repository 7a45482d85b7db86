package dev.pz.engine.events;

import java.util.Locale;

/** A node's terminal status. */
public enum NodeStatus {
    SUCCESS, FAILED, SKIPPED;

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The console marker: {@code ok}, {@code FAIL} or {@code skip}. */
    public String marker() {
        return switch (this) {
            case SUCCESS -> "ok";
            case FAILED -> "FAIL";
            case SKIPPED -> "skip";
        };
    }
}
