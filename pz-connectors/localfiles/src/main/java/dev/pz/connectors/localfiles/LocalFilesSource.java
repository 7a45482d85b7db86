package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.ContractTypes;
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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The read side of one localfiles connection. Every format has a native scan; csv/tsv also have a
 * universal read (pz's own streaming parser into Arrow, {@link #planRead}).
 */
final class LocalFilesSource implements Source {

    private final LocalFilesPaths paths;
    private final int maxPartitions;
    private final long minBytesPerPartition;

    LocalFilesSource(LocalFilesPaths paths) {
        this(paths, LocalFilesCsvSplitPlanner.defaultMaxPartitions(), LocalFilesCsvSplitPlanner.MIN_BYTES_PER_PARTITION);
    }

    private LocalFilesSource(LocalFilesPaths paths, int maxPartitions, long minBytesPerPartition) {
        this.paths = paths;
        this.maxPartitions = maxPartitions;
        this.minBytesPerPartition = minBytesPerPartition;
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
        LocalFilesFormatOptions options = LocalFilesFormatOptions.of(spec);
        String location = location(spec, options.format());
        Path file = paths.resolve(location, context + " path '" + location + "'");
        Map<String, String> contract = spec.contract()
                .map(columns -> LocalFilesScanSql.duckTypes(columns, context)).orElse(null);
        if (options.format() == LocalFilesFormat.CSV || options.format() == LocalFilesFormat.TSV) {
            guardCsv(spec, options, file, location);
        }
        if (options.format().handledByPz()) {
            LocalFilesPzFormats.check(options, file, location, contract == null ? null : contractTypes(spec.contract()
                    .get(), context), context);
            return Optional.empty();
        }
        String fragment = LocalFilesScanSql.fragment(options, LocalFilesSql.string(file.toString()), contract);
        boolean inferred = contract == null && options.format() != LocalFilesFormat.PARQUET
                && options.format() != LocalFilesFormat.AVRO;
        return Optional.of(new NativeScan(LocalFilesScanSql.window(fragment, spec.watermark()),
                options.format().setupStatements(), options.format().readFunction(), location, inferred, size(file)));
    }

    /** For xlsx and avro, which pz reads itself: the phrase the plan shows for their universal tier. */
    @Override
    public Optional<String> universalReason(DatasetSpec spec) {
        LocalFilesFormatOptions options = LocalFilesFormatOptions.of(spec);
        return options.format().handledByPz() ? Optional.of(options.format().universalReason("reads"))
                : Optional.empty();
    }

    /**
     * The Arrow schema of the universal read (also the schema {@code pz validate --connect} checks): the declared
     * contract's columns in contract order, mapped by {@link ContractTypes#arrowType()}. For csv/tsv
     * only the contract columns the file's header names are returned, so a missing column surfaces
     * as drift; a file without a header yields the whole contract. Reads at most the header line.
     *
     * @throws PzConnectorException when the contract is missing, the file is missing, or the format
     *     has no schema fetch in this build (parquet without a contract: no footer reader)
     */
    @Override
    public Schema schema(DatasetSpec spec) {
        String context = "dataset '" + spec.entity() + "'";
        LocalFilesFormatOptions options = LocalFilesFormatOptions.of(spec);
        LocalFilesFormat format = options.format();
        String location = location(spec, format);
        Path file = paths.resolve(location, context + " path '" + location + "'");
        if (format.handledByPz()) {
            return LocalFilesPzFormats.schema(options, file, location,
                    spec.contract().map(columns -> contractTypes(columns, context)).orElse(null));
        }
        Map<String, String> contract = requireContract(spec, format, context);
        Map<String, ContractTypes> types = contractTypes(contract, context);
        if (!Files.exists(file)) {
            throw new PzConnectorException(PzCode.NODE_FAILED, format.word() + " file not found: '" + location + "'");
        }
        if (format == LocalFilesFormat.CSV || format == LocalFilesFormat.TSV) {
            Optional<List<String>> header = LocalFilesCsvHeader.read(file, options.delimiter());
            if (header.isPresent()) {
                Map<String, ContractTypes> present = new LinkedHashMap<>();
                types.forEach((name, type) -> {
                    if (LocalFilesCsvReader.find(header.get(), name) >= 0) {
                        present.put(name, type);
                    }
                });
                return arrowSchema(present);
            }
        }
        return arrowSchema(types);
    }

    /**
     * The universal tier's refusals before anything runs, offline: a format only DuckDB reads
     * (PZ0312), a missing {@code columns:} contract, a path outside the root (PZ0365), and a header
     * that lacks a contract column (PZ0353) when the file exists.
     */
    @Override
    public void checkUniversalRead(DatasetSpec spec) {
        String context = "dataset '" + spec.entity() + "'";
        LocalFilesFormatOptions options = LocalFilesFormatOptions.of(spec);
        LocalFilesFormat format = options.format();
        String location = location(spec, format);
        if (format.handledByPz()) {
            spec.contract().ifPresent(columns -> contractTypes(columns, context));
            paths.resolve(location, context + " path '" + location + "'");
            return;
        }
        Map<String, ContractTypes> types = universalContract(spec, format, context);
        Path file = paths.resolve(location, context + " path '" + location + "'");
        if (Files.isRegularFile(file)) {
            LocalFilesCsvHeader.read(file, options.delimiter()).ifPresent(header -> LocalFilesCsvContract
                    .requireUniversal(spec.entity(), location, options.delimiter(), header, types.keySet()));
        }
    }

    /** The typed contract a universal csv/tsv read needs, or why it cannot have one. */
    private static Map<String, ContractTypes> universalContract(DatasetSpec spec, LocalFilesFormat format,
            String context) {
        if (format != LocalFilesFormat.CSV && format != LocalFilesFormat.TSV) {
            throw new PzConnectorException(PzCode.NATIVE_PATH_REQUIRED, context + ": localfiles "
                    + format.word() + " source is native-scan only; it cannot run on the universal tier (remove"
                    + " engine.force_universal" + (format == LocalFilesFormat.PARQUET ? ", or use csv)" : ")"));
        }
        Map<String, String> contract = spec.contract().orElseThrow(() -> new PzConnectorException(
                PzCode.CONNECTOR_CONFIG_INVALID, context + ": localfiles csv requires a declared columns: contract in v0"));
        return contractTypes(contract, context);
    }

    /**
     * The universal read of a csv/tsv file: one partition, or up to {@code min(cpus, 8)} byte-range
     * splits for a comma-delimited file of at least 2 × 32 MiB whose header proves the delimiter
     * (splits that start mid-row skip to the next line); xlsx and avro through pz's own readers.
     * Every other format is native-only and refused with PZ0312. Never applies watermark bounds (the
     * engine trims the staged rows).
     *
     * @throws PzConnectorException the refusals of {@link #checkUniversalRead}, and a missing file
     */
    @Override
    public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        String context = "dataset '" + spec.entity() + "'";
        LocalFilesFormatOptions options = LocalFilesFormatOptions.of(spec);
        LocalFilesFormat format = options.format();
        if (format.handledByPz()) {
            String location = location(spec, format);
            return List.of(LocalFilesPzFormats.partition(spec.entity(), options,
                    paths.resolve(location, context + " path '" + location + "'"), location,
                    spec.contract().map(columns -> contractTypes(columns, context)).orElse(null)));
        }
        Map<String, ContractTypes> types = universalContract(spec, format, context);
        String location = location(spec, format);
        Path file = paths.resolve(location, context + " path '" + location + "'");
        if (!Files.isRegularFile(file)) {
            throw new PzConnectorException(PzCode.NODE_FAILED, "csv file not found: '" + location + "'");
        }
        Schema schema = arrowSchema(types);
        List<ContractTypes> columnTypes = List.copyOf(types.values());
        Optional<List<String>> header = LocalFilesCsvHeader.read(file, options.delimiter());
        if (header.isPresent()) {
            LocalFilesCsvContract.requireUniversal(spec.entity(), location, options.delimiter(), header.get(),
                    types.keySet());
            if (options.delimiter() == ',') {
                Optional<List<LocalFilesCsvSplitPlanner.Split>> splits = planSplits(file, header.get());
                if (splits.isPresent()) {
                    List<ReadPartition> partitions = new ArrayList<>();
                    int count = splits.get().size();
                    for (int i = 0; i < count; i++) {
                        partitions.add(new LocalFilesCsvPartition(spec.entity() + "#" + (i + 1), file, location,
                                options.delimiter(), schema, columnTypes, splits.get().get(i), count));
                    }
                    return List.copyOf(partitions);
                }
            }
        }
        return List.of(new LocalFilesCsvPartition(spec.entity(), file, location, options.delimiter(), schema,
                columnTypes, null, 1));
    }

    private Optional<List<LocalFilesCsvSplitPlanner.Split>> planSplits(Path file, List<String> header) {
        try {
            return LocalFilesCsvSplitPlanner.plan(file, header, maxPartitions, minBytesPerPartition);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Split sizing; tests lower the byte floor to split small files. */
    LocalFilesSource withSplitting(int maxPartitions, long minBytesPerPartition) {
        return new LocalFilesSource(paths, maxPartitions, minBytesPerPartition);
    }

    private static String location(DatasetSpec spec, LocalFilesFormat format) {
        return spec.find(LocalFilesOptions.READ_PATH).filter(path -> !path.isBlank())
                .orElse(spec.entity() + "." + format.fileExtension());
    }

    private static Map<String, String> requireContract(DatasetSpec spec, LocalFilesFormat format, String context) {
        return spec.contract().orElseThrow(() -> new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID,
                switch (format) {
                    case CSV, TSV -> context + ": localfiles csv requires a declared columns: contract in v0";
                    case JSON -> context + ": localfiles json requires a declared columns: contract for schema fetch"
                            + " -- NDJSON has no header row or footer to infer one from";
                    case XLSX, AVRO -> throw new IllegalStateException("pz infers xlsx and avro schemas itself");
                    case PARQUET -> context + ": localfiles parquet schema fetch needs a declared columns: contract in"
                            + " this build -- it has no parquet footer reader";
                }));
    }

    static Map<String, ContractTypes> contractTypes(Map<String, String> contract, String context) {
        Map<String, ContractTypes> types = new LinkedHashMap<>();
        contract.forEach((name, word) -> types.put(name, ContractTypes.fromWord(word)
                .orElseThrow(() -> new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, context + ": column '"
                        + name + "': unknown columns: contract type '" + word + "'"))));
        return types;
    }

    static Schema arrowSchema(Map<String, ContractTypes> types) {
        List<Field> fields = new ArrayList<>();
        types.forEach((name, type) -> fields.add(Field.nullable(name, type.arrowType())));
        return new Schema(fields);
    }

    @Override
    public void close() {
        // Holds no resources.
    }

    /**
     * The native csv guards, only when the file exists: a contract must match the header by
     * position; a contract-less file must not be empty (DuckDB has no header to detect a schema
     * from) and its rows must fit its header (else DuckDB detects a wrong shape).
     */
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
            LocalFilesCsvShape.requireRegularRows(spec.entity(), location, file, options.delimiter(),
                    LocalFilesScanSql.sniffsDelimiter(options));
            return;
        }
        LocalFilesCsvHeader.read(file, options.delimiter()).ifPresent(header -> LocalFilesCsvContract.requireNative(
                spec.entity(), location, options.delimiter(), header, spec.contract().get().keySet()));
    }

    /** The file's length; -1 when it cannot be measured (missing: the read reports that itself). */
    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }

}
