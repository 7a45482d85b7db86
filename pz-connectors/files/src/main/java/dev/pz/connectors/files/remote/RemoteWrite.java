package dev.pz.connectors.files.remote;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.files.CopyClause;
import dev.pz.connectors.files.FileFormat;
import dev.pz.connectors.files.FormatOptions;
import java.util.UUID;

/**
 * The native write of an object-store output: DuckDB's COPY into the run's spool, then one upload of
 * the finished file to its object key (the upload's completion is the atomic publish). Replace writes
 * the stable {@code <output>.<ext>}; append a new {@code <output>-<guid32>.<ext>} per run.
 */
public final class RemoteWrite {

    private RemoteWrite() {
    }

    /** @param prefix the key prefix the object goes under (root prefix and {@code path:} joined) */
    public static NativeCopy copy(ObjectStores stores, OutputSpec spec, FormatOptions options, String container,
            String prefix) {
        String key = ObjectLocation.join(prefix, objectName(spec, options.format()));
        String copySql = "copy (select * from " + NativeCopy.SOURCE + ") to " + NativeCopy.SPOOL_FILE + " ("
                + CopyClause.of(options) + ")";
        return NativeCopy.spooled(copySql, options.format().setupStatements(),
                "COPY TO " + stores.connector() + " " + options.format().word(), file -> upload(stores, file, container, key));
    }

    /** One upload on a client opened for it. */
    public static void upload(ObjectStores stores, java.nio.file.Path file, String container, String key) {
        try (ObjectStore store = stores.open()) {
            store.upload(file, container, key);
        }
    }

    /** {@code <output>.<ext>} for replace, {@code <output>-<guid32>.<ext>} for append. */
    public static String objectName(OutputSpec spec, FileFormat format) {
        String extension = "." + format.fileExtension();
        return spec.strategy() == WriteStrategy.APPEND
                ? spec.entity() + "-" + UUID.randomUUID().toString().replace("-", "") + extension
                : spec.entity() + extension;
    }
}
