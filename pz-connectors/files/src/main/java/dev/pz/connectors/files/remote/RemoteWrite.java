package dev.pz.connectors.files.remote;

import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.paths.PathTemplate;
import dev.pz.connectors.files.CopyClause;
import dev.pz.connectors.files.FileFormat;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.OutputName;
import dev.pz.connectors.files.Partitioning;
import dev.pz.connectors.files.SpooledWriteSession;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The writes of an object-store output. Native: DuckDB's COPY into a temporary in the run's spool,
 * then the connector's {@link NativeCopy.Publisher} uploads the finished file to its object key (the
 * upload's completion is the atomic publish). Universal: the same, from spooled Arrow batches. Replace
 * writes the stable {@code <output>.<ext>}; append a new {@code <output>-<guid32>.<ext>} per run. Every
 * upload is {@link Cancellable}.
 */
public final class RemoteWrite {

    /** What an object-store connector writes: the formats DuckDB's COPY writes (xlsx is localfiles's only). */
    public static final List<FileFormat> FORMATS = List.of(FileFormat.CSV, FileFormat.JSON, FileFormat.PARQUET,
            FileFormat.TSV);

    private RemoteWrite() {
    }

    /**
     * A native write: no temporary directory of its own, so the engine spools the COPY.
     *
     * @param prefix the key prefix the object goes under (root prefix and {@code path:} joined)
     */
    public static NativeCopy copy(ObjectStores stores, OutputSpec spec, FormatOptions options, String container,
            String prefix) {
        String key = ObjectLocation.child(prefix, OutputName.of(spec, options.format()));
        return new NativeCopy(CopyClause.of(options), List.of(), "COPY TO " + stores.kind() + " "
                + options.format().word(), null, new Upload(stores, container, key));
    }

    /** Publishes a finished file as one object, on a call that a cancel stops. */
    private static final class Upload implements NativeCopy.Publisher, Cancellable {
        private final ObjectStores stores;
        private final String container;
        private final String key;
        private final StoppableCall call;

        Upload(ObjectStores stores, String container, String key) {
            this.stores = stores;
            this.container = container;
            this.key = key;
            this.call = new StoppableCall("pz-" + stores.kind() + "-upload");
        }

        @Override
        public void publish(Path finished) {
            call.call("the upload of " + stores.url(container, key), () -> {
                try (ObjectStore store = stores.open()) {
                    store.upload(finished, container, key);
                }
                return null;
            });
        }

        @Override
        public void cancel() {
            call.cancel();
        }
    }

    /**
     * A universal write of an object-store output: batches spool locally, DuckDB writes the file (or
     * one per calendar bucket of {@code partitionColumn}, whose folder {@code prefix} renders), and
     * commit uploads every file, in parallel, under its key. Each object is atomic on its own; a
     * fan-out's set is not. The spool is the run's ({@link #temporaryDirectory}).
     *
     * @param prefix the key prefix, or with {@code partitionColumn} the folder template
     * @param partitionColumn the timestamp or date column of a fan-out, or null for one object
     */
    public static WriteSession session(ObjectStores stores, OutputSpec spec, FormatOptions options, String container,
            String prefix, String partitionColumn, Schema schema) {
        String context = spec.context();
        Partitioning partitioning = partitionColumn == null ? null
                : Partitioning.of(partitionColumn, PathTemplate.validate(prefix, context), schema, context);
        Uploads uploads = new Uploads(stores, context, container, prefix, files -> uploadAll(stores, spec,
                options.format(), container, prefix, files));
        return new SpooledWriteSession(context, spool(spec), schema, options, partitioning, uploads);
    }

    /** Publishes a universal write's files, on a call that a cancel stops. */
    private static final class Uploads implements SpooledWriteSession.Publisher, Cancellable {
        private final String what;
        private final SpooledWriteSession.Publisher upload;
        private final StoppableCall call;

        Uploads(ObjectStores stores, String context, String container, String prefix,
                SpooledWriteSession.Publisher upload) {
            this.what = context + ": the upload to " + stores.url(container, prefix);
            this.upload = upload;
            this.call = new StoppableCall("pz-" + stores.kind() + "-upload");
        }

        @Override
        public void publish(List<SpooledWriteSession.WrittenFile> files) {
            call.call(what, () -> {
                upload.publish(files);
                return null;
            });
        }

        @Override
        public void cancel() {
            call.cancel();
        }
    }

    private static void uploadAll(ObjectStores stores, OutputSpec spec, FileFormat format, String container,
            String prefix, List<SpooledWriteSession.WrittenFile> files) {
        try (ObjectStore store = stores.open()) {
            List<ParallelTransfers.Transfer> uploads = new ArrayList<>();
            for (SpooledWriteSession.WrittenFile file : files) {
                String folder = file.bucket() == null ? prefix : PathTemplate.render(prefix, file.bucket());
                String key = ObjectLocation.child(folder, OutputName.of(spec, format));
                uploads.add(() -> store.upload(file.file(), container, key));
            }
            ParallelTransfers.runAll(uploads, stores.parallelTransfers(), "pz-upload");
        }
    }

    /**
     * Where a universal write of an object-store output stages its files: the run's spool when it runs
     * in one ({@link OutputSpec.WriteAttempt#spoolDirectory}), else a {@code .pz-tmp} directory in the
     * JVM's temporary directory (a write outside a run: tests, tools).
     */
    public static Optional<Path> temporaryDirectory(OutputSpec spec) {
        return Optional.ofNullable(spec.attempt()).map(OutputSpec.WriteAttempt::spoolDirectory);
    }

    private static Path spool(OutputSpec spec) {
        return temporaryDirectory(spec).orElseGet(() -> TemporaryFiles.directoryIn(
                Path.of(System.getProperty("java.io.tmpdir"))));
    }
}
