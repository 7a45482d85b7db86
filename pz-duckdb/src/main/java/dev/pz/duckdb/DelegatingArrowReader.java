package dev.pz.duckdb;

import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An {@link ArrowReader} that yields another reader's batches. Closing it runs {@code onClose}
 * instead of closing the delegate, so ownership of the delegate stays with whoever passed it in:
 * ingest lends a caller's reader to an exported C stream (whose release would otherwise close it),
 * egress attaches the statement and result set to the driver's reader.
 */
public class DelegatingArrowReader extends ArrowReader {

    private final ArrowReader delegate;
    private final AutoCloseable onClose;
    private boolean closed;
    private volatile Throwable sourceFailure;

    /**
     * @param allocator backs only this reader's own bookkeeping; batches come from the delegate
     * @param onClose what closing this reader releases (the delegate, when it should close too)
     */
    public DelegatingArrowReader(BufferAllocator allocator, ArrowReader delegate, AutoCloseable onClose) {
        super(allocator);
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.onClose = Objects.requireNonNull(onClose, "onClose");
    }

    @Override
    public VectorSchemaRoot getVectorSchemaRoot() throws IOException {
        return delegate.getVectorSchemaRoot();
    }

    @Override
    public boolean loadNextBatch() throws IOException {
        try {
            return delegate.loadNextBatch();
        } catch (IOException | RuntimeException | Error e) {
            // DuckDB may ask again after a failure; the first failure is the one that explains it.
            if (sourceFailure == null) {
                sourceFailure = e;
            }
            throw e;
        }
    }

    /** What the delegate threw from {@code loadNextBatch()}, if it threw; null otherwise. */
    Throwable sourceFailure() {
        return sourceFailure;
    }

    @Override
    public Map<Long, Dictionary> getDictionaryVectors() throws IOException {
        return delegate.getDictionaryVectors();
    }

    @Override
    public Dictionary lookup(long id) {
        return delegate.lookup(id);
    }

    @Override
    public Set<Long> getDictionaryIds() {
        return delegate.getDictionaryIds();
    }

    @Override
    public long bytesRead() {
        return delegate.bytesRead();
    }

    @Override
    protected Schema readSchema() throws IOException {
        return delegate.getVectorSchemaRoot().getSchema();
    }

    /** Idempotent; never touches this reader's own (unused) root. */
    @Override
    public void close() throws IOException {
        close(false);
    }

    @Override
    public void close(boolean closeReadSource) throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            onClose.close();
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    @Override
    protected void closeReadSource() {
        // Nothing of its own: onClose releases what this reader was given to release.
    }
}
