package dev.pz.connectors.remote;

import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.duckdb.ArrowIngest;
import dev.pz.duckdb.DuckSqlException;
import dev.pz.duckdb.SqlLiterals;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A universal write whose file DuckDB writes: batches are spooled to a local Arrow stream as they
 * arrive; commit lands the spool in a private DuckDB, runs one {@code COPY … TO} a local temporary
 * in the output's format, and hands the finished file to the {@link Publisher} (an upload). Both
 * local files are {@link TemporaryFiles} in the sink's temporary directory, deleted on every outcome.
 * Commit XOR abort, once.
 */
public final class SpooledWriteSession implements WriteSession, Cancellable {

    /** Makes a finished local file the output; throws when it cannot, leaving nothing partial visible. */
    @FunctionalInterface
    public interface Publisher {
        void publish(Path finished);
    }

    private enum State { OPEN, COMMITTING, COMMITTED, ABORTED }

    private final String context;
    private final Path temporaryDirectory;
    private final FormatSettings format;
    private final Publisher publisher;
    private final Path spool;
    private final FileChannel channel;
    private final WriteChannel out;
    private volatile PrivateDuck copying;
    private long rows;
    private long batches;
    private State state = State.OPEN;

    public SpooledWriteSession(String context, Path temporaryDirectory, Schema schema, FormatSettings format,
            Publisher publisher) {
        this.context = context;
        this.temporaryDirectory = temporaryDirectory;
        this.format = format;
        this.publisher = publisher;
        try {
            this.spool = TemporaryFiles.create(temporaryDirectory);
        } catch (IOException e) {
            throw failure("cannot start the write", e);
        }
        FileChannel opened = null;
        try {
            opened = FileChannel.open(spool, StandardOpenOption.WRITE);
            this.channel = opened;
            this.out = new WriteChannel(channel);
            MessageSerializer.serialize(out, schema);
        } catch (IOException e) {
            closeQuietly(opened);
            deleteQuietly(spool);
            throw failure("cannot start the write", e);
        }
    }

    @Override
    public void write(VectorSchemaRoot batch) {
        requireState(State.OPEN, "write to");
        try (ArrowRecordBatch record = new VectorUnloader(batch).getRecordBatch()) {
            MessageSerializer.serialize(out, record);
            rows += batch.getRowCount();
            batches++;
        } catch (IOException e) {
            throw failure("write failed", e);
        }
    }

    @Override
    public WriteResult commit() {
        requireState(State.OPEN, "commit");
        state = State.COMMITTING;
        Path output = null;
        try {
            ArrowStreamWriter.writeEndOfStream(out, IpcOption.DEFAULT);
            channel.close();
            output = TemporaryFiles.create(temporaryDirectory);
            copy(output);
            publisher.publish(output);
            state = State.COMMITTED;
            return new WriteResult(rows, batches);
        } catch (IOException e) {
            throw failure("commit failed", e);
        } finally {
            release();
            deleteQuietly(output);
        }
    }

    @Override
    public void abort() {
        requireState(State.OPEN, "abort");
        state = State.ABORTED;
        release();
    }

    @Override
    public void close() {
        if (state == State.OPEN) {
            abort();
        }
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

    private void copy(Path output) throws IOException {
        Path spill = temporaryDirectory.resolve(spool.getFileName() + ".duckdb_tmp");
        try (PrivateDuck duck = PrivateDuck.open(spill);
                BufferAllocator reading = new RootAllocator();
                ArrowStreamReader batches = new ArrowStreamReader(Files.newInputStream(spool), reading)) {
            copying = duck;
            ArrowIngest.createTable(duck.connection(), "\"pz_rows\"", batches, reading);
            duck.connection().execute("copy \"pz_rows\" to " + SqlLiterals.string(output.toString()) + " ("
                    + format.copyOptions() + ", use_tmp_file false)");
        } catch (DuckSqlException e) {
            throw new PzConnectorException(PzCode.NODE_FAILED, context + ": writing the "
                    + format.format().word() + " file failed: " + e.getMessage(), false, null, e);
        } finally {
            copying = null;
            SpoolDirectory.deleteQuietly(spill);
        }
    }

    /** Closes the spool and deletes it; the temporaries directory goes too when nothing else is in it. */
    private void release() {
        closeQuietly(channel);
        deleteQuietly(spool);
        TemporaryFiles.removeIfEmpty(temporaryDirectory);
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // The file is deleted next.
        }
    }

    private static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // Left in a .pz-tmp directory, where no reader looks; the next run or pz clean deletes it.
        }
    }

    private void requireState(State required, String action) {
        if (state != required) {
            throw new IllegalStateException("cannot " + action + " a session already "
                    + state.name().toLowerCase(Locale.ROOT));
        }
    }

    private PzConnectorException failure(String what, IOException e) {
        return new PzConnectorException(PzCode.NODE_FAILED, context + ": " + what + " (" + e.getMessage() + ")", true,
                null, e);
    }
}
