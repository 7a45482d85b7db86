package dev.pz.connectors.remote;

import dev.pz.connectors.api.Cancellable;
import java.io.IOException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Another reader's batches; closing it closes that reader and then what the read was made of (a
 * private DuckDB, a spool directory). A cancel interrupts the query behind the batches.
 */
final class ClosingReader extends ArrowReader implements Cancellable {

    private final ArrowReader delegate;
    private final AutoCloseable resources;
    private final Cancellable cancel;

    ClosingReader(BufferAllocator allocator, ArrowReader delegate, AutoCloseable resources, Cancellable cancel) {
        super(allocator);
        this.delegate = delegate;
        this.resources = resources;
        this.cancel = cancel;
    }

    @Override
    public VectorSchemaRoot getVectorSchemaRoot() throws IOException {
        return delegate.getVectorSchemaRoot();
    }

    @Override
    public boolean loadNextBatch() throws IOException {
        return delegate.loadNextBatch();
    }

    @Override
    public long bytesRead() {
        return delegate.bytesRead();
    }

    @Override
    protected void closeReadSource() throws IOException {
        try {
            delegate.close();
        } finally {
            try {
                resources.close();
            } catch (IOException | RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IOException(e);
            }
        }
    }

    @Override
    protected Schema readSchema() throws IOException {
        return delegate.getVectorSchemaRoot().getSchema();
    }

    @Override
    public void cancel() {
        cancel.cancel();
    }
}
