package dev.pz.connectors.files.remote;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.PrivateDuck;
import dev.pz.connectors.files.ScanSql;
import dev.pz.duckdb.ArrowEgress;
import dev.pz.duckdb.DelegatingArrowReader;
import dev.pz.duckdb.DuckSqlException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * The universal read of a remote dataset: its objects, listed once when the read is planned, split
 * into partitions of {@code filesPerPartition} in key order. Opening a partition runs the native
 * tier's fetch ({@link RemoteRead}) for its objects into a private directory under the spool root,
 * and a private DuckDB exports the same read as Arrow batches, so both tiers land the same rows.
 * Closing the reader deletes the directory; a cancel stops the downloads and the query.
 */
public final class RemotePartitions {

    private RemotePartitions() {
    }

    /**
     * @param spoolRoot where each partition makes (and deletes) its download directory
     * @throws PzConnectorException when nothing matches, or the store refuses the listing
     */
    public static List<ReadPartition> plan(ObjectStores stores, RemoteDataset dataset, DatasetSpec.Watermark watermark,
            int filesPerPartition, Path spoolRoot) {
        List<StoredObject> objects;
        try (ObjectStore store = stores.open()) {
            objects = dataset.select(stores, store);
        }
        if (objects.isEmpty()) {
            // A bounded window's cover that matches nothing: one partition lands the contract's empty read.
            return List.of(new Partition(stores.kind() + "[0]", stores, dataset, watermark, List.of(), spoolRoot));
        }
        List<ReadPartition> partitions = new ArrayList<>();
        for (int start = 0; start < objects.size(); start += filesPerPartition) {
            List<StoredObject> slice = List.copyOf(objects.subList(start,
                    Math.min(objects.size(), start + filesPerPartition)));
            partitions.add(new Partition(String.format(Locale.ROOT, "%s[%d]", stores.kind(), partitions.size()),
                    stores, dataset, watermark, slice, spoolRoot));
        }
        return partitions;
    }

    private record Partition(String id, ObjectStores stores, RemoteDataset dataset, DatasetSpec.Watermark watermark,
            List<StoredObject> objects, Path spoolRoot) implements ReadPartition {

        @Override
        public ArrowReader open(BufferAllocator allocator, BatchOptions options) {
            Path directory = createDirectory();
            StoppableCall downloads = new StoppableCall("pz-" + stores.kind() + "-fetch");
            PrivateDuck duck = null;
            try {
                String fragment = downloads.call(dataset.context() + ": the download of "
                        + stores.url(dataset.container(), dataset.keyPattern()), () -> {
                            try (ObjectStore store = stores.open()) {
                                return objects.isEmpty() ? RemoteRead.fetch(stores, store, dataset, directory)
                                        : RemoteRead.fetch(stores, store, dataset, objects, directory);
                            }
                        });
                duck = PrivateDuck.open(directory.resolve("duckdb_tmp"));
                ArrowReader rows = ArrowEgress.query(duck.connection(), "select * from "
                        + ScanSql.window(fragment, watermark), allocator, options.maxRows());
                return new SpooledReader(allocator, rows, duck, directory);
            } catch (DuckSqlException e) {
                release(duck, directory);
                throw new PzConnectorException(PzCode.NODE_FAILED, dataset.context() + ": reading "
                        + stores.url(dataset.container(), dataset.keyPattern()) + " failed: " + e.getMessage(), false,
                        null, e);
            } catch (RuntimeException e) {
                release(duck, directory);
                throw e;
            }
        }

        private Path createDirectory() {
            try {
                Files.createDirectories(spoolRoot);
                return Files.createTempDirectory(spoolRoot, "read-");
            } catch (IOException e) {
                throw new PzConnectorException(PzCode.NODE_FAILED, dataset.context() + ": cannot create a spool"
                        + " directory under '" + spoolRoot + "' (" + e.getMessage() + ")", true, null, e);
            }
        }
    }

    /** A partition's batches; closing closes its DuckDB and deletes its downloads. */
    private static final class SpooledReader extends DelegatingArrowReader implements Cancellable {
        private final PrivateDuck duck;

        SpooledReader(BufferAllocator allocator, ArrowReader rows, PrivateDuck duck, Path directory) {
            super(allocator, rows, () -> {
                try {
                    rows.close();
                } finally {
                    release(duck, directory);
                }
            });
            this.duck = duck;
        }

        @Override
        public void cancel() {
            duck.connection().cancel();
        }
    }

    private static void release(PrivateDuck duck, Path directory) {
        try {
            if (duck != null) {
                duck.close();
            }
        } finally {
            try {
                TemporaryFiles.delete(directory);
            } catch (IOException ignored) {
                // Left under the spool root, which no reader globs; the next run or pz clean deletes it.
            }
        }
    }
}
