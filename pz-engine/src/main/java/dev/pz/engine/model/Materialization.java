package dev.pz.engine.model;

import java.util.Locale;

/** How a pipeline's result exists in staging. */
public enum Materialization {
    TABLE, VIEW, EPHEMERAL;

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
