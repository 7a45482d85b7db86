package dev.pz.connectors.files;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Arrow batches kept on disk in the Arrow IPC stream format, so that a universal write holds no batch
 * beyond the call that lends it and memory stays flat however many rows arrive; DuckDB then reads the
 * file back as one stream. Appends serialize each lent batch's buffers as they are.
 */
final class ArrowSpool implements AutoCloseable {

    private final Path file;
    private final Schema schema;
    private final OutputStream out;
    private final WriteChannel channel;
    private boolean finished;
    private long rows;
    private long batches;

    ArrowSpool(Path file, Schema schema) {
        this.file = file;
        this.schema = schema;
        try {
            this.out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20);
            this.channel = new WriteChannel(Channels.newChannel(out));
            MessageSerializer.serialize(channel, schema);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes the batch's rows; the batch is only read. */
    void append(VectorSchemaRoot batch) throws IOException {
        try (ArrowRecordBatch record = new VectorUnloader(batch).getRecordBatch()) {
            MessageSerializer.serialize(channel, record);
        }
        rows += batch.getRowCount();
        batches++;
    }

    long rows() {
        return rows;
    }

    long batches() {
        return batches;
    }

    Schema schema() {
        return schema;
    }

    /** Ends the stream and closes the file; nothing can be appended after. */
    void finish() throws IOException {
        if (!finished) {
            finished = true;
            ArrowStreamWriter.writeEndOfStream(channel, IpcOption.DEFAULT);
            out.close();
        }
    }

    /** A reader over the finished stream, allocating from {@code allocator}; the caller closes it. */
    ArrowReader read(BufferAllocator allocator) throws IOException {
        return new ArrowStreamReader(FileChannel.open(file, StandardOpenOption.READ), allocator);
    }

    /** Closes the file if still open; the caller deletes it. */
    @Override
    public void close() {
        if (!finished) {
            finished = true;
            try {
                out.close();
            } catch (IOException ignored) {
                // Releasing only: an unfinished spool is discarded.
            }
        }
    }
}
