package dev.pz.engine.execute;

import java.io.IOException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The consumer end of a {@link BatchChannel} as an Arrow reader, so DuckDB can scan it through the
 * C stream interface. Each loaded batch replaces the previous one in the reader's root.
 */
final class ChannelReader extends ArrowReader {
    private final BatchChannel channel;
    private final Schema schema;
    private final Progress progress;
    private long rows;
    private long batches;

    ChannelReader(BufferAllocator allocator, BatchChannel channel, Schema schema, Progress progress) {
        super(allocator);
        this.channel = channel;
        this.schema = schema;
        this.progress = progress;
    }

    @Override
    public boolean loadNextBatch() throws IOException {
        ArrowRecordBatch batch = channel.take();
        if (batch == null) {
            return false;
        }
        try (batch) {
            new VectorLoader(getVectorSchemaRoot()).load(batch);
            rows += batch.getLength();
            batches++;
            progress.batch(batch.getLength(), batch.computeBodyLength());
        }
        return true;
    }

    long rows() {
        return rows;
    }

    long batches() {
        return batches;
    }

    @Override
    public long bytesRead() {
        return 0;
    }

    @Override
    protected void closeReadSource() {
        channel.close();
    }

    @Override
    protected Schema readSchema() {
        return schema;
    }
}
