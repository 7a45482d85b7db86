package dev.pz.connectors.api;

import java.util.Arrays;
import java.util.Optional;

/**
 * What a sink does when the written columns differ from the destination's. {@code fail_on_change}
 * (the default) refuses the write; {@code additive} lets a sink add the columns it owns (the
 * soft-delete column); {@code evolve} is recognised, and a sink that cannot evolve refuses it.
 */
public enum SchemaPolicy implements Choice {
    FAIL_ON_CHANGE("fail_on_change"), ADDITIVE("additive"), EVOLVE("evolve");

    private final String word;

    SchemaPolicy(String word) {
        this.word = word;
    }

    @Override
    public String word() {
        return word;
    }

    public static Optional<SchemaPolicy> fromWord(String written) {
        return Arrays.stream(values()).filter(policy -> policy.word.equals(written)).findFirst();
    }
}
