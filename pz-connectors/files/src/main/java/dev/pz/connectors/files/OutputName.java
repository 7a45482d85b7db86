package dev.pz.connectors.files;

import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.WriteStrategy;
import java.util.UUID;

/**
 * The name of the file (or object) a write produces: {@code <output>.<ext>} for replace, one stable
 * name each run overwrites; {@code <output>-<guid32>.<ext>} for append, a new one per write.
 */
public final class OutputName {

    private OutputName() {
    }

    public static String of(OutputSpec spec, FileFormat format) {
        String extension = "." + format.fileExtension();
        return spec.strategy() == WriteStrategy.APPEND
                ? spec.entity() + "-" + UUID.randomUUID().toString().replace("-", "") + extension
                : spec.entity() + extension;
    }
}
