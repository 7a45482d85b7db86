package dev.pz.connectors.files;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.duckdb.ArrowEgress;
import dev.pz.duckdb.DelegatingArrowReader;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A universal read of local files through DuckDB's own reader: {@code select * from <fragment>} on a
 * private DuckDB, exported as Arrow batches. The rows and types are exactly what the native tier's
 * scan of the same fragment lands. The reader is {@link Cancellable}: a cancel interrupts the query.
 */
public final class DuckReadPartition implements ReadPartition {

    private final String id;
    private final String fragment;

    /** @param fragment a FROM-usable read over local files, e.g. {@code read_parquet('/data/x.parquet')} */
    public DuckReadPartition(String id, String fragment) {
        this.id = id;
        this.fragment = fragment;
    }

    /** The Arrow schema the read yields (reads only the files' metadata). */
    public static Schema schema(String fragment) {
        try (PrivateDuck duck = PrivateDuck.open(null);
                BufferAllocator allocator = new org.apache.arrow.memory.RootAllocator()) {
            return ArrowEgress.schema(duck.connection(), "select * from " + fragment, allocator);
        }
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public ArrowReader open(BufferAllocator allocator, BatchOptions options) {
        PrivateDuck duck = PrivateDuck.open(null);
        try {
            ArrowReader rows = ArrowEgress.query(duck.connection(), "select * from " + fragment, allocator,
                    options.maxRows());
            return new PrivateReader(allocator, rows, duck);
        } catch (RuntimeException e) {
            duck.close();
            throw e;
        }
    }

    /** The query's batches; closing closes the private DuckDB too, and a cancel interrupts the query. */
    private static final class PrivateReader extends DelegatingArrowReader implements Cancellable {
        private final PrivateDuck duck;

        PrivateReader(BufferAllocator allocator, ArrowReader rows, PrivateDuck duck) {
            super(allocator, rows, () -> {
                try {
                    rows.close();
                } finally {
                    duck.close();
                }
            });
            this.duck = duck;
        }

        @Override
        public void cancel() {
            duck.connection().cancel();
        }
    }
}
