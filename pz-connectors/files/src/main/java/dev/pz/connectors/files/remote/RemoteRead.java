package dev.pz.connectors.files.remote;

import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.SpoolFetch;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.ContractSchema;
import dev.pz.connectors.files.CsvContractGuard;
import dev.pz.connectors.files.FileFormat;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.PzFormatFiles;
import dev.pz.connectors.files.ScanSql;
import dev.pz.connectors.files.SqlText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The native read of an object-store dataset: DuckDB's own reader over local copies of the objects.
 * At plan time the scan describes the read with the store's URLs
 * ({@code read_parquet('s3://bucket/raw/orders.parquet')}); at run time its {@link SpoolFetch} lists
 * the objects, downloads them in parallel into the run's spool, checks csv headers against the
 * contract, and returns the same read over the local files, window-wrapped for a bounded window. xlsx
 * and avro objects, which DuckDB cannot read here, are read by pz's own readers and copied to parquet
 * in the spool first. The fetch is {@link Cancellable}: a cancelled run stops waiting for the store at
 * once. The universal tier ({@link RemotePartitions}) runs the same fetch per partition into a private
 * directory.
 */
public final class RemoteRead {

    /** What an object-store connector reads: DuckDB's formats, and xlsx and avro through pz's readers. */
    public static final List<FileFormat> FORMATS = List.of(FileFormat.AVRO, FileFormat.CSV, FileFormat.JSON,
            FileFormat.PARQUET, FileFormat.TSV, FileFormat.XLSX);

    /** How the parquet copies of xlsx and avro objects are read. */
    private static final FormatOptions PARQUET = new FormatOptions(FileFormat.PARQUET, ',', false, null, true, null);

    private RemoteRead() {
    }

    public static NativeScan scan(ObjectStores stores, RemoteDataset dataset, DatasetSpec.Watermark watermark) {
        List<String> urls = dataset.patterns().stream().map(pattern -> stores.url(dataset.container(), pattern)).toList();
        FileFormat format = dataset.options().format();
        String read = format.handledByPz() ? format.readFunction() + "(" + SqlText.paths(urls) + ")"
                : dataset.fragment(SqlText.paths(urls));
        String logical = ScanSql.window(read, watermark);
        String mechanism = format.handledByPz() ? "pz's " + format.word() + " reader" : format.readFunction();
        return new NativeScan(logical, List.of(), mechanism, stores.url(dataset.container(), dataset.keyPattern()),
                dataset.contract() == null && format.infersSchema(),
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
        return fetch(stores, store, dataset, dataset.select(stores, store), spool);
    }

    /**
     * Downloads {@code objects} (some of the dataset's) into {@code spool} and returns the read over the
     * local copies; the one read flow of both tiers.
     */
    static String fetch(ObjectStores stores, ObjectStore store, RemoteDataset dataset, List<StoredObject> objects,
            Path spool) {
        if (objects.isEmpty()) {
            if (dataset.contract() == null) {
                throw new PzConnectorException(PzCode.NODE_FAILED, dataset.context() + ": no object matches the"
                        + " window's cover of '" + stores.url(dataset.container(), dataset.keyPattern()) + "', and"
                        + " without a columns: contract there is no schema to land", "declare columns:");
            }
            return ScanSql.empty(dataset.contract());
        }
        if (dataset.options().format() == FileFormat.XLSX && objects.size() > 1) {
            throw new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, dataset.context() + ": xlsx reads one"
                    + " workbook per entity; '" + stores.url(dataset.container(), dataset.keyPattern()) + "' matches "
                    + objects.size() + " objects", "name a single object in path:");
        }
        List<Path> files = download(stores, store, dataset.container(), objects, spool);
        if (dataset.options().format().handledByPz()) {
            return pzFormatFragment(stores, dataset, objects, files, spool);
        }
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            if (dataset.options().format().isCsv() && !dataset.byName()) {
                CsvContractGuard.check(dataset.entity(), dataset.contract(), dataset.options(), files.get(i),
                        stores.url(dataset.container(), objects.get(i).key()));
            }
            paths.add(files.get(i).toString());
        }
        return dataset.fragment(SqlText.paths(paths));
    }

    /**
     * The read of downloaded xlsx or avro objects: pz's reader copies each one's rows, typed as it types
     * them, into a parquet file beside it, and DuckDB's parquet reader lands those.
     */
    private static String pzFormatFragment(ObjectStores stores, RemoteDataset dataset, List<StoredObject> objects,
            List<Path> files, Path spool) {
        Map<String, ContractTypes> contract = dataset.columns() == null ? null
                : ContractSchema.types(dataset.columns(), dataset.context());
        List<String> copies = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            Path copy = spool.resolve(files.get(i).getFileName() + ".parquet");
            PzFormatFiles.copyToParquet(dataset.options(), files.get(i), stores.url(dataset.container(),
                    objects.get(i).key()), contract, copy, spool.resolve("duckdb_tmp"), dataset.context());
            copies.add(copy.toString());
        }
        return ScanSql.fragment(PARQUET, SqlText.paths(copies), null);
    }

    /**
     * Downloads every object in parallel; the local names keep each object's order and its file
     * name's extension (DuckDB reads {@code .gz} and {@code .zst} by suffix).
     */
    public static List<Path> download(ObjectStores stores, ObjectStore store, String container,
            List<StoredObject> objects, Path spool) {
        List<Path> files = new ArrayList<>();
        List<ParallelTransfers.Transfer> transfers = new ArrayList<>();
        for (int i = 0; i < objects.size(); i++) {
            String key = objects.get(i).key();
            Path file = spool.resolve(String.format(Locale.ROOT, "%06d-%s", i, localName(key)));
            files.add(file);
            transfers.add(() -> store.download(container, key, file));
        }
        ParallelTransfers.runAll(transfers, stores.parallelTransfers(), "pz-download");
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
