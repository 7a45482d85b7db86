package dev.pz.connectors.files;

import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.duckdb.ArrowIngest;
import dev.pz.duckdb.DuckSqlException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A universal write whose file DuckDB writes: batches are spooled to disk as they arrive, and commit
 * runs one DuckDB COPY from the spool into a file of the output's format (or one file per calendar
 * bucket), then hands the files to a {@link Publisher} (a rename into place, an upload). The files are
 * byte-for-byte what the native tier's COPY writes from the same rows. Everything lives in one
 * temporary directory ({@link TemporaryFiles#createDirectory}), deleted on every outcome. Commit XOR
 * abort, once. A cancel stops the COPY and, when the publisher is {@link Cancellable}, the publish.
 */
public final class SpooledWriteSession implements WriteSession, Cancellable {

    /** Makes the finished files visible at the destination; throws when it cannot, leaving nothing partial. */
    @FunctionalInterface
    public interface Publisher {
        void publish(List<WrittenFile> files);
    }

    /** One finished local file; {@code bucket} is the start of its calendar bucket, or null when unpartitioned. */
    public record WrittenFile(Path file, Instant bucket) {
    }

    private enum State { OPEN, COMMITTING, COMMITTED, ABORTED }

    private final String context;
    private final Path workDirectory;
    private final FormatOptions format;
    private final Partitioning partitioning;
    private final Publisher publisher;
    private final ArrowSpool spool;
    private volatile PrivateDuck copying;
    private State state = State.OPEN;

    /**
     * Creates the session's temporary directory in {@code temporaryDirectory} and starts the spool.
     *
     * @param temporaryDirectory a {@value TemporaryFiles#DIRECTORY} directory the write may use (on the
     *     output's file system when the publisher renames)
     * @param partitioning the fan-out, or null for one file
     */
    public SpooledWriteSession(String context, Path temporaryDirectory, Schema schema, FormatOptions format,
            Partitioning partitioning, Publisher publisher) {
        this.context = context;
        this.format = format;
        this.partitioning = partitioning;
        this.publisher = publisher;
        try {
            this.workDirectory = TemporaryFiles.createDirectory(temporaryDirectory);
        } catch (IOException e) {
            throw failure("cannot start the write", e);
        }
        try {
            this.spool = new ArrowSpool(workDirectory.resolve("batches.arrows"), schema);
        } catch (UncheckedIOException e) {
            deleteWorkDirectory();
            throw failure("cannot start the write", e);
        }
    }

    @Override
    public void write(VectorSchemaRoot batch) {
        requireState(State.OPEN, "write to");
        try {
            spool.append(batch);
        } catch (IOException e) {
            throw failure("write failed", e);
        }
    }

    @Override
    public WriteResult commit() {
        requireState(State.OPEN, "commit");
        state = State.COMMITTING;
        try {
            spool.finish();
            publisher.publish(copy());
            state = State.COMMITTED;
            return new WriteResult(spool.rows(), spool.batches());
        } catch (IOException e) {
            throw failure("commit failed", e);
        } finally {
            deleteWorkDirectory();
        }
    }

    @Override
    public void abort() {
        requireState(State.OPEN, "abort");
        state = State.ABORTED;
        spool.close();
        deleteWorkDirectory();
    }

    @Override
    public void close() {
        if (state == State.OPEN) {
            abort();
        }
        spool.close();
    }

    @Override
    public void cancel() {
        PrivateDuck running = copying;
        if (running != null) {
            running.connection().cancel();
        }
        if (publisher instanceof Cancellable stoppable) {
            stoppable.cancel();
        }
    }

    private List<WrittenFile> copy() throws IOException {
        // No name in the temporary directory carries the format's extension, so no glob of the output
        // (out/**/*.parquet) matches a file before it is published.
        Path out = workDirectory.resolve(partitioning == null ? "output" : "buckets");
        String clause = CopyClause.of(format) + (partitioning == null ? ""
                : ", partition_by (" + SqlText.identifier(Partitioning.BUCKET_COLUMN) + "), file_extension 'part'");
        try (PrivateDuck duck = PrivateDuck.open(workDirectory.resolve("duckdb_tmp"));
                BufferAllocator allocator = new RootAllocator();
                ArrowReader rows = spool.read(allocator)) {
            copying = duck;
            ArrowIngest.run(duck.connection(), rows, allocator, relation -> "copy (select *"
                    + (partitioning == null ? "" : ", " + partitioning.bucketColumn()) + " from (" + relation
                    + ") pz_rows) to " + SqlText.string(out.toString()) + " (" + clause + ")");
        } catch (DuckSqlException e) {
            throw new PzConnectorException(PzCode.NODE_FAILED, context + ": " + e.getMessage(), false, null, e);
        } finally {
            copying = null;
        }
        return partitioning == null ? List.of(new WrittenFile(out, null)) : buckets(out);
    }

    /** DuckDB's partitioned COPY writes {@code __pz_bucket=<epoch seconds>/data_0.part} per bucket. */
    private static List<WrittenFile> buckets(Path directory) throws IOException {
        List<WrittenFile> files = new ArrayList<>();
        if (!Files.isDirectory(directory)) {
            return files;
        }
        String prefix = Partitioning.BUCKET_COLUMN + "=";
        try (DirectoryStream<Path> partitions = Files.newDirectoryStream(directory)) {
            for (Path partition : partitions) {
                String name = partition.getFileName().toString();
                Instant bucket = Instant.ofEpochSecond(Long.parseLong(name.substring(prefix.length())));
                try (Stream<Path> written = Files.list(partition)) {
                    for (Path file : written.sorted().toList()) {
                        files.add(new WrittenFile(file, bucket));
                    }
                }
            }
        }
        files.sort(Comparator.comparing(WrittenFile::bucket).thenComparing(WrittenFile::file));
        return files;
    }

    private void requireState(State required, String action) {
        if (state != required) {
            throw new IllegalStateException("cannot " + action + " a session already "
                    + state.name().toLowerCase(java.util.Locale.ROOT));
        }
    }

    private void deleteWorkDirectory() {
        delete(workDirectory);
    }

    /** Deletes the session's temporary directory, and the {@code .pz-tmp} around it when nothing else is there. */
    private static void delete(Path directory) {
        if (directory == null) {
            return;
        }
        try {
            TemporaryFiles.delete(directory);
        } catch (IOException ignored) {
            // Left in a .pz-tmp directory, where no reader looks; the next run or pz clean deletes it.
        }
        TemporaryFiles.removeIfEmpty(directory.getParent());
    }

    private PzConnectorException failure(String what, Exception e) {
        return new PzConnectorException(PzCode.NODE_FAILED, context + ": " + what + " ("
                + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")",
                e instanceof IOException, null, e);
    }
}
