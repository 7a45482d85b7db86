package dev.pz.connectors.files.remote;

import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.SpoolFetch;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.CsvContractGuard;
import dev.pz.connectors.files.ScanSql;
import dev.pz.connectors.files.SqlText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The native read of an object-store dataset: DuckDB's own reader over local copies of the objects.
 * At plan time the scan describes the read with the store's URLs
 * ({@code read_parquet('s3://bucket/raw/orders.parquet')}); at run time its {@link SpoolFetch} lists
 * the objects, downloads them in parallel into the run's spool, checks csv headers against the
 * contract, and returns the same read over the local files, window-wrapped for a bounded window. The
 * fetch is {@link Cancellable}: a cancelled run stops waiting for the store at once.
 */
public final class RemoteRead {

    private RemoteRead() {
    }

    public static NativeScan scan(ObjectStores stores, RemoteDataset dataset, DatasetSpec.Watermark watermark) {
        List<String> urls = dataset.patterns().stream().map(pattern -> stores.url(dataset.container(), pattern)).toList();
        String logical = ScanSql.window(ScanSql.fragment(dataset.options(), SqlText.paths(urls), dataset.contract()),
                watermark);
        return new NativeScan(logical, List.of(), dataset.options().format().readFunction(),
                stores.url(dataset.container(), dataset.keyPattern()),
                dataset.contract() == null && dataset.options().format().infersSchema(),
                new ObjectFetch(stores, dataset, watermark));
    }

    /** Lists and downloads a dataset's objects on a call that a cancel stops. */
    private static final class ObjectFetch implements SpoolFetch, Cancellable {
        private final ObjectStores stores;
        private final RemoteDataset dataset;
        private final DatasetSpec.Watermark watermark;
        private final StoppableCall call;

        ObjectFetch(ObjectStores stores, RemoteDataset dataset, DatasetSpec.Watermark watermark) {
            this.stores = stores;
            this.dataset = dataset;
            this.watermark = watermark;
            this.call = new StoppableCall("pz-" + stores.kind() + "-fetch");
        }

        @Override
        public String fetch(Path spool) {
            String what = dataset.context() + ": the download of " + stores.url(dataset.container(), dataset.keyPattern());
            return call.call(what, () -> {
                try (ObjectStore store = stores.open()) {
                    return ScanSql.window(RemoteRead.fetch(stores, store, dataset, spool), watermark);
                }
            });
        }

        @Override
        public void cancel() {
            call.cancel();
        }
    }

    /** Downloads the dataset's objects into {@code spool} and returns the read over the local copies. */
    static String fetch(ObjectStores stores, ObjectStore store, RemoteDataset dataset, Path spool) {
        List<StoredObject> objects = dataset.select(stores, store);
        if (objects.isEmpty()) {
            if (dataset.contract() == null) {
                throw new PzConnectorException(PzCode.NODE_FAILED, dataset.context() + ": no object matches the"
                        + " window's cover of '" + stores.url(dataset.container(), dataset.keyPattern()) + "', and"
                        + " without a columns: contract there is no schema to land", "declare columns:");
            }
            return ScanSql.empty(dataset.contract());
        }
        List<Path> files = download(store, dataset.container(), objects, spool);
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            if (dataset.options().format().isCsv()) {
                CsvContractGuard.check(dataset.entity(), dataset.contract(), dataset.options(), files.get(i),
                        stores.url(dataset.container(), objects.get(i).key()));
            }
            paths.add(files.get(i).toString());
        }
        return ScanSql.fragment(dataset.options(), SqlText.paths(paths), dataset.contract());
    }

    /**
     * Downloads every object in parallel; the local names keep each object's order and its file
     * name's extension (DuckDB reads {@code .gz} and {@code .zst} by suffix).
     */
    public static List<Path> download(ObjectStore store, String container, List<StoredObject> objects, Path spool) {
        List<Path> files = new ArrayList<>();
        List<ParallelTransfers.Transfer> transfers = new ArrayList<>();
        for (int i = 0; i < objects.size(); i++) {
            String key = objects.get(i).key();
            Path file = spool.resolve(String.format(Locale.ROOT, "%06d-%s", i, localName(key)));
            files.add(file);
            transfers.add(() -> store.download(container, key, file));
        }
        ParallelTransfers.runAll(transfers, ParallelTransfers.DEFAULT_PARALLELISM, "pz-download");
        return files;
    }

    /** The key's last segment with everything but letters, digits, dot, dash and underscore made {@code _}. */
    static String localName(String key) {
        String name = key.substring(key.lastIndexOf('/') + 1);
        StringBuilder safe = new StringBuilder();
        name.codePoints().forEach(c -> safe.append(c < 128 && (Character.isLetterOrDigit(c) || c == '.' || c == '-'
                || c == '_') ? (char) c : '_'));
        return safe.length() == 0 ? "object" : safe.toString();
    }
}
