package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * One universal write of one file: rows go to a temporary in {@code <dir>/.pz-tmp/}; commit closes
 * the writer and renames the temporary onto its final name (replacing an existing one); abort, or
 * close without either, deletes the temporary. Exactly one of commit and abort, once.
 */
final class LocalFilesWriteSession implements WriteSession {

    private enum State {
        OPEN("open"), COMMITTED("committed"), COMMIT_FAILED("committed (and failed)"), ABORTED("aborted"),
        CLOSED("closed");

        private final String word;

        State(String word) {
            this.word = word;
        }
    }

    private final String context;
    private final Path temporaryDirectory;
    private Path temporaryFile;
    private final Path target;
    private final OutputStream out;
    private final LocalFilesRowWriter writer;
    private State state = State.OPEN;
    private boolean released;
    private long rows;
    private long batches;

    /**
     * Creates the temporary and writes the preamble (the CSV header).
     *
     * @param temporaryDirectory the output directory's {@code .pz-tmp}
     * @param writerFactory builds the row writer over the temporary file's stream
     */
    LocalFilesWriteSession(String context, Path temporaryDirectory, Path target,
            Function<OutputStream, LocalFilesRowWriter> writerFactory) {
        this.context = context;
        this.temporaryDirectory = temporaryDirectory;
        this.target = target;
        OutputStream stream = null;
        try {
            temporaryFile = TemporaryFiles.create(temporaryDirectory);
            stream = new BufferedOutputStream(Files.newOutputStream(temporaryFile), 1 << 16);
            this.out = stream;
            this.writer = writerFactory.apply(stream);
            writer.start();
        } catch (IOException | RuntimeException e) {
            closeQuietly(stream);
            deleteTemporary();
            throw e instanceof PzConnectorException pz ? pz : ioFailure("cannot start the write", e);
        }
    }

    /** Writes the batch's rows. The batch is borrowed for the call; nothing of it is kept. */
    @Override
    public void write(VectorSchemaRoot batch) {
        requireOpen("write to");
        try {
            writer.write(batch);
        } catch (IOException e) {
            throw ioFailure("write failed", e);
        }
        rows += batch.getRowCount();
        batches++;
    }

    @Override
    public WriteResult commit() {
        requireOpen("commit");
        state = State.COMMIT_FAILED;
        try {
            writer.finish();
            out.close();
            released = true;
            TemporaryFiles.moveIntoPlace(temporaryFile, target);
            TemporaryFiles.removeIfEmpty(temporaryDirectory);
        } catch (IOException e) {
            deleteTemporary();
            throw ioFailure("commit failed", e);
        }
        state = State.COMMITTED;
        return new WriteResult(rows, batches);
    }

    @Override
    public void abort() {
        requireOpen("abort");
        state = State.ABORTED;
        release();
        deleteTemporary();
    }

    /** Aborts an open session; after commit or abort only releases handles. Idempotent. */
    @Override
    public void close() {
        if (state == State.OPEN) {
            abort();
        }
        release();
        if (state != State.COMMIT_FAILED) {
            state = State.CLOSED;
        }
    }

    private void requireOpen(String action) {
        if (state != State.OPEN) {
            throw new IllegalStateException("cannot " + action + " a session already " + state.word);
        }
    }

    private void release() {
        if (!released) {
            released = true;
            closeQuietly(out);
        }
    }

    private void deleteTemporary() {
        if (temporaryFile != null) {
            try {
                Files.deleteIfExists(temporaryFile);
            } catch (IOException ignored) {
                // pz deletes a temporary left in .pz-tmp/ at the next run or pz clean; no reader sees it.
            }
        }
        TemporaryFiles.removeIfEmpty(temporaryDirectory);
    }

    private PzConnectorException ioFailure(String what, Exception e) {
        return new PzConnectorException(PzCode.NODE_FAILED, context + ": " + what + " ("
                + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")",
                e instanceof IOException, null, e);
    }

    private static void closeQuietly(OutputStream stream) {
        if (stream == null) {
            return;
        }
        try {
            stream.close();
        } catch (IOException ignored) {
            // Releasing only; the write's outcome is decided elsewhere.
        }
    }
}
