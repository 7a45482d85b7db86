package dev.pz.temporal;

import java.util.List;

/** One activity's work: which flow, a label for people ({@code shard 3/8}, {@code commit}), the pz command. */
public record Step(String flow, String label, List<String> command) {
    public Step {
        command = List.copyOf(command);
    }

    String describe() {
        return "flow " + flow + " " + label;
    }
}
