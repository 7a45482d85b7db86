package dev.pz.engine.events;

import java.util.Locale;

/**
 * A node's terminal status. {@link #CANCELLED} is a node that was running when the run was
 * cancelled (a stop signal, fail-fast, an unresponsive sibling): run_results.json and the event
 * stream record it as {@code skipped}, their vocabulary being {@code success}, {@code failed} and
 * {@code skipped}; the console says {@code cancelled}, so an interrupted node reads apart from one
 * that never started.
 */
public enum NodeStatus {
    SUCCESS, FAILED, SKIPPED, CANCELLED;

    /** The status as run_results.json and the event stream write it. */
    public String word() {
        return this == CANCELLED ? SKIPPED.word() : name().toLowerCase(Locale.ROOT);
    }

    /** The console marker: {@code ok}, {@code FAIL}, {@code skip} or {@code cancelled}. */
    public String marker() {
        return switch (this) {
            case SUCCESS -> "ok";
            case FAILED -> "FAIL";
            case SKIPPED -> "skip";
            case CANCELLED -> "cancelled";
        };
    }
}
