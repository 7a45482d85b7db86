package dev.pz.connectors.remote;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.duckdb.ArrowEgress;
import dev.pz.duckdb.DuckSqlException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The universal read of a remote dataset: list the files its path names, download them into a
 * private spool directory, and let DuckDB's reader turn them into Arrow batches. The same fragment
 * gives the schema (from the first file) and every partition's rows, so the two always agree.
 *
 * @param contract the dataset's {@code columns:} contract, or null
 * @param textColumns without a contract, whether csv columns land as text rather than sniffed types
 * @param spoolRoot the directory under which each read makes (and deletes) its spool directory
 */
public record RemoteRead(RemoteStores stores, RemoteFiles files, FormatSettings format, Map<String, String> contract,
        boolean textColumns, DatasetSpec.Watermark watermark, String context, Path spoolRoot) {

    /** The Arrow schema every partition yields; downloads the first matching file to read it. */
    public Schema schema() {
        List<StoredObject> objects;
        try (RemoteStore store = stores.open()) {
            objects = files.select(stores, store, context);
        }
        try (BufferAllocator allocator = new RootAllocator();
                ArrowReader reader = new Partition("schema", this, objects.subList(0, 1)).open(allocator,
                        new BatchOptions(BatchOptions.DEFAULT_TARGET_BYTES, 1))) {
            return reader.getVectorSchemaRoot().getSchema();
        } catch (java.io.IOException e) {
            throw new PzConnectorException(PzCode.NODE_FAILED, context + ": " + e.getMessage(), true, null, e);
        }
    }

    /** One partition per {@code filesPerPartition} matching files, in key order. */
    public List<ReadPartition> partitions(int filesPerPartition) {
        List<StoredObject> objects;
        try (RemoteStore store = stores.open()) {
            objects = files.select(stores, store, context);
        }
        List<ReadPartition> partitions = new ArrayList<>();
        for (int start = 0; start < objects.size(); start += filesPerPartition) {
            List<StoredObject> slice = objects.subList(start, Math.min(objects.size(), start + filesPerPartition));
            partitions.add(new Partition(String.format(Locale.ROOT, "%s[%d]", stores.kind(), partitions.size()), this,
                    List.copyOf(slice)));
        }
        return partitions;
    }

    /** Some of a dataset's files: downloaded when opened, deleted when the reader closes. */
    private record Partition(String id, RemoteRead read, List<StoredObject> objects) implements ReadPartition {

        @Override
        public ArrowReader open(BufferAllocator allocator, BatchOptions options) {
            SpoolDirectory spool = SpoolDirectory.create(read.spoolRoot(), read.context());
            PrivateDuck duck = null;
            try {
                List<Path> local = download(spool.path());
                duck = PrivateDuck.open(spool.path().resolve("duckdb_tmp"));
                String fragment = FormatSettings.window(read.format().readFragment(local, read.contract(),
                        read.textColumns(), read.context()), read.watermark());
                ArrowReader rows = ArrowEgress.query(duck.connection(), "select * from " + fragment, allocator,
                        options.maxRows());
                PrivateDuck owned = duck;
                return new ClosingReader(allocator, rows, () -> {
                    try {
                        owned.close();
                    } finally {
                        spool.close();
                    }
                }, owned.connection());
            } catch (DuckSqlException e) {
                close(duck, spool);
                throw new PzConnectorException(PzCode.NODE_FAILED, read.context() + ": reading "
                        + read.stores().url(read.files().container(), read.files().pattern()) + " failed: "
                        + e.getMessage(), false, null, e);
            } catch (RuntimeException e) {
                close(duck, spool);
                throw e;
            }
        }

        /** Local names keep the listing's order and each file's extension (DuckDB reads .gz by suffix). */
        private List<Path> download(Path directory) {
            List<Path> local = new ArrayList<>();
            try (RemoteStore store = read.stores().open()) {
                for (StoredObject object : objects) {
                    String name = object.key().substring(object.key().lastIndexOf('/') + 1);
                    Path target = directory.resolve(String.format(Locale.ROOT, "%06d-%s", local.size(),
                            name.replaceAll("[^A-Za-z0-9._-]", "_")));
                    store.download(read.files().container(), object.key(), target);
                    local.add(target);
                }
            }
            return local;
        }

        private static void close(PrivateDuck duck, SpoolDirectory spool) {
            try {
                if (duck != null) {
                    duck.close();
                }
            } finally {
                spool.close();
            }
        }
    }
}
