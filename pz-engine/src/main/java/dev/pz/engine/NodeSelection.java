package dev.pz.engine;

import java.util.List;

/**
 * What a verb works on: flow names, a {@code --select} expression, {@code --all}, or nothing (the
 * whole project, refused with PZ0215 by {@code pz run} when it holds several independent flows).
 * The three ways are mutually exclusive (PZ0216).
 */
public record NodeSelection(List<String> names, String select, boolean all) {

    public NodeSelection {
        names = List.copyOf(names);
    }

    public static NodeSelection everything() {
        return new NodeSelection(List.of(), null, true);
    }

    public static NodeSelection bySelector(String select) {
        return new NodeSelection(List.of(), select, false);
    }
}
