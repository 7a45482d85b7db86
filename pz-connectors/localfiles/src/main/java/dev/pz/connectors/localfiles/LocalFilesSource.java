package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The read side of one localfiles connection. Every format has a native scan; the universal tier
 * ({@link #schema}, {@link #planRead}) is not part of this build and refuses with PZ0312.
 */
final class LocalFilesSource implements Source {

    private final LocalFilesPaths paths;

    LocalFilesSource(LocalFilesPaths paths) {
        this.paths = paths;
    }

    /**
     * {@code read_csv}/{@code read_json}/{@code read_parquet}/{@code read_xlsx}/{@code read_avro} over
     * the dataset's absolute path. Reads only file metadata and, for a contracted csv, its header
     * line; never writes.
     *
     * @throws PzConnectorException PZ0361/PZ0362 for format errors, PZ0365 for a path outside the
     *     root, PZ0353 when a csv header contradicts the contract or a contract-less csv is empty
     */
    @Override
    public Optional<NativeScan> nativeScan(DatasetSpec spec) {
        String context = "dataset '" + spec.entity() + "'";
        LocalFilesFormatOptions options = LocalFilesFormatOptions.resolve(spec.options(), LocalFilesFormat.CSV, context);
        String location = spec.option(LocalFilesPaths.PATH).filter(path -> !path.isBlank())
                .orElse(spec.entity() + "." + options.format().fileExtension());
        Path file = paths.resolve(location, context + " path '" + location + "'");
        Map<String, String> contract = spec.contract()
                .map(columns -> LocalFilesScanSql.duckTypes(columns, context)).orElse(null);
        if (options.format() == LocalFilesFormat.CSV || options.format() == LocalFilesFormat.TSV) {
            guardCsv(spec, options, file, location);
        }
        String fragment = LocalFilesScanSql.fragment(options, LocalFilesSql.string(file.toString()), contract);
        boolean inferred = contract == null && options.format() != LocalFilesFormat.PARQUET
                && options.format() != LocalFilesFormat.AVRO;
        return Optional.of(new NativeScan(LocalFilesScanSql.window(fragment, spec.watermark()),
                options.format().setupStatements(), options.format().readFunction(), location, inferred));
    }

    @Override
    public Schema schema(DatasetSpec spec) {
        throw universalTierMissing(spec);
    }

    @Override
    public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        throw universalTierMissing(spec);
    }

    @Override
    public void close() {
        // Holds no resources.
    }

    /** The checks of spec connectors.md §5 "Extra csv guards"; both only when the file exists. */
    private static void guardCsv(DatasetSpec spec, LocalFilesFormatOptions options, Path file, String location) {
        if (!Files.isRegularFile(file)) {
            return;
        }
        if (spec.contract().isEmpty()) {
            if (size(file) == 0) {
                throw new PzConnectorException(PzCode.NATIVE_PATH_CONTRACT_MISMATCH, "dataset '" + spec.entity()
                        + "': csv file '" + location + "' is empty (0 bytes) -- there is no header to auto-detect a"
                        + " schema from. Provide a file with at least a header row, or declare a columns: contract"
                        + " if an empty feed is expected");
            }
            return;
        }
        Optional<List<String>> header = LocalFilesCsvHeader.read(file, options.delimiter());
        if (header.isEmpty()) {
            return;
        }
        List<String> names = header.get();
        int position = 0;
        for (String declared : spec.contract().get().keySet()) {
            if (position >= names.size()) {
                return;
            }
            String found = names.get(position);
            position++;
            // DuckDB column names are case-insensitive, so only a different name is a mismatch.
            if (!declared.equalsIgnoreCase(found.strip())) {
                throw new PzConnectorException(PzCode.NATIVE_PATH_CONTRACT_MISMATCH, "dataset '" + spec.entity()
                        + "': columns: contract declares '" + declared + "' at position " + position
                        + ", but the CSV header there is '" + found + "' (file header: " + String.join(",", names)
                        + "). A native csv read binds the contract to the file by position, so this would silently"
                        + " load '" + found + "' values under '" + declared + "' -- reorder the columns: contract to"
                        + " match the file header, or remove it to let DuckDB auto-detect the schema");
            }
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }

    private static PzConnectorException universalTierMissing(DatasetSpec spec) {
        return new PzConnectorException(PzCode.NATIVE_PATH_REQUIRED, "PZ0312: dataset '" + spec.entity()
                + "': the universal tier for localfiles is not available in this build");
    }
}
