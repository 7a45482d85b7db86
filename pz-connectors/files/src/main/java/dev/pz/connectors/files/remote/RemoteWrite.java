package dev.pz.connectors.files.remote;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.files.CopyClause;
import dev.pz.connectors.files.FileFormat;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.paths.PathTemplate;
import dev.pz.connectors.files.Partitioning;
import dev.pz.connectors.files.SpooledWriteSession;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The writes of an object-store output. Native: DuckDB's COPY into the run's spool, then one upload of
 * the finished file to its object key (the upload's completion is the atomic publish). Universal: the
 * same, from spooled Arrow batches. Replace writes the stable {@code <output>.<ext>}; append a new
 * {@code <output>-<guid32>.<ext>} per run.
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
                "COPY TO " + stores.kind() + " " + options.format().word(), file -> upload(stores, file, container, key));
    }

    /** One upload on a client opened for it. */
    public static void upload(ObjectStores stores, java.nio.file.Path file, String container, String key) {
        try (ObjectStore store = stores.open()) {
            store.upload(file, container, key);
        }
    }

    /**
     * A universal write of an object-store output: batches spool locally, DuckDB writes the file (or
     * one per calendar bucket of {@code partitionColumn}, whose folder {@code prefix} renders), and
     * commit uploads every file, in parallel, under its key. Each object is atomic on its own; a
     * fan-out's set is not.
     *
     * @param prefix the key prefix, or with {@code partitionColumn} the folder template
     * @param partitionColumn the timestamp or date column of a fan-out, or null for one object
     */
    public static WriteSession session(ObjectStores stores, OutputSpec spec, FormatOptions options, String container,
            String prefix, String partitionColumn, Schema schema) {
        String context = "output '" + spec.entity() + "'";
        Partitioning partitioning = partitionColumn == null ? null
                : Partitioning.of(partitionColumn, PathTemplate.validate(prefix, context), schema, context);
        Path spool = spec.attempt() != null && spec.attempt().spoolDirectory() != null ? spec.attempt().spoolDirectory()
                : Path.of(System.getProperty("java.io.tmpdir"));
        Path work = spool.resolve("pz-" + stores.kind() + "-" + UUID.randomUUID().toString().replace("-", ""));
        return new SpooledWriteSession(context, work, schema, options, partitioning, files -> {
            try (ObjectStore store = stores.open()) {
                List<ParallelTransfers.Transfer> uploads = new ArrayList<>();
                for (SpooledWriteSession.WrittenFile file : files) {
                    String folder = file.bucket() == null ? prefix : PathTemplate.render(prefix, file.bucket());
                    String key = ObjectLocation.join(folder, objectName(spec, options.format()));
                    uploads.add(() -> store.upload(file.file(), container, key));
                }
                ParallelTransfers.runAll(uploads, ParallelTransfers.DEFAULT_PARALLELISM, "pz-upload");
            }
        });
    }

    /** {@code <output>.<ext>} for replace, {@code <output>-<guid32>.<ext>} for append. */
    public static String objectName(OutputSpec spec, FileFormat format) {
        String extension = "." + format.fileExtension();
        return spec.strategy() == WriteStrategy.APPEND
                ? spec.entity() + "-" + UUID.randomUUID().toString().replace("-", "") + extension
                : spec.entity() + extension;
    }
}
