package dev.pz.connectors.files.remote;

import dev.pz.connectors.api.ConnectorConfig;
import java.nio.file.Path;

/** Where a remote store's universal reads stage their downloads (a run's native reads use the run's spool). */
public final class SpoolRoot {

    private SpoolRoot() {
    }

    /** {@code .pz/spool/<kind>} in the project directory, else {@code pz-<kind>-spool} in the OS temp directory. */
    public static Path of(ConnectorConfig config, String kind) {
        return config.baseDirectory().map(directory -> directory.resolve(".pz").resolve("spool").resolve(kind))
                .orElseGet(() -> Path.of(System.getProperty("java.io.tmpdir"), "pz-" + kind + "-spool"));
    }
}
