package dev.pz.connectors.remote;

import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.WriteStrategy;
import java.util.UUID;

/**
 * The file name of an output: replace writes the stable {@code <output>.<ext>}; append writes a new
 * {@code <output>-<guid32>.<ext>} per run, so repeated runs accumulate files.
 */
public final class OutputName {

    private OutputName() {
    }

    public static String of(OutputSpec spec, RemoteFormat format) {
        String base = spec.entity();
        if (spec.strategy() == WriteStrategy.APPEND) {
            base += "-" + UUID.randomUUID().toString().replace("-", "");
        }
        return base + "." + format.extension();
    }
}
