package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.api.paths.Globs;
import dev.pz.connectors.api.paths.PathTemplate;
import dev.pz.connectors.files.ContractSchema;
import dev.pz.connectors.files.CsvContract;
import dev.pz.connectors.files.CsvContractGuard;
import dev.pz.connectors.files.CsvHeader;
import dev.pz.connectors.files.DuckReadPartition;
import dev.pz.connectors.files.FileFormat;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.LocalGlobs;
import dev.pz.connectors.files.ScanSql;
import dev.pz.connectors.files.SqlText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The read side of one localfiles connection. csv, tsv, json and parquet have a native scan; csv/tsv
 * also have a universal read (pz's own streaming parser into Arrow) and parquet one through DuckDB's
 * reader; xlsx and avro are read by pz itself, on the universal tier only. A path with calendar
 * tokens reads, in a bounded window, only the files of the window's cover.
 */
final class LocalFilesSource implements Source {

    static final String CONNECTOR = LocalFilesConnectorFactory.NAME;

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
     * {@code read_csv}/{@code read_json}/{@code read_parquet} over the dataset's absolute path, or
     * over the files of a bounded window's cover for a templated path; empty for xlsx and avro,
     * which pz reads itself (after checking what the file already shows). Reads only file metadata
     * and, for a contracted csv, header lines; never writes.
     *
     * @throws PzConnectorException PZ0361/PZ0362 for format errors, PZ0365 for a path outside the
     *     root, PZ0353 when a csv header contradicts the contract or a contract-less csv is empty
     */
    @Override
    public Optional<NativeScan> nativeScan(DatasetSpec spec) {
        Read read = read(spec);
        FileFormat format = read.options().format();
        if (format.handledByPz()) {
            LocalFilesPzFormats.check(read.options(), read.path(), read.location(), spec.contract()
                    .map(columns -> ContractSchema.types(columns, read.context())).orElse(null), read.context());
            return Optional.empty();
        }
        Map<String, String> contract = spec.contract()
                .map(columns -> ScanSql.duckTypes(columns, read.context())).orElse(null);
        String fragment;
        String sniff = null;
        if (read.files() == null) {
            String url = SqlText.string(read.path().toString());
            if (format.isCsv()) {
                guardCsv(spec.entity(), contract, read.options(), read.path(), read.location());
                // DuckDB sniffs one file: a glob path has no single sniff to consult.
                sniff = contract == null && Files.isRegularFile(read.path()) ? ScanSql.sniff(read.options(), url)
                        : null;
            }
            fragment = ScanSql.fragment(read.options(), url, contract);
        } else {
            fragment = coverFragment(spec, read, contract);
        }
        return Optional.of(new NativeScan(ScanSql.window(fragment, spec.watermark()), List.of(), format.readFunction(),
                read.location(), contract == null && format.infersSchema(), read.files() == null ? size(read.path())
                        : -1, null, sniff));
    }

    /**
     * The native csv guards, only when the file exists: a contract must match the header by
     * position; a contract-less file must not be empty (DuckDB has no header to detect a schema
     * from) and its rows must fit its header (else DuckDB detects a wrong shape).
     */
    private static void guardCsv(String entity, Map<String, String> contract, FormatOptions options, Path file,
            String location) {
        CsvContractGuard.check(entity, contract, options, file, location);
        if (contract == null && Files.isRegularFile(file)) {
            LocalFilesCsvShape.requireRegularRows(entity, location, file, options.delimiter(),
                    ScanSql.sniffsDelimiter(options));
        }
    }

    /** For xlsx and avro, which pz reads itself: the phrase the plan shows for their universal tier. */
    @Override
    public Optional<String> universalReason(DatasetSpec spec) {
        FileFormat format = FormatOptions.of(spec, LocalFilesOptions.READ_FORMAT).format();
        return format.handledByPz() ? Optional.of(format.universalReason(CONNECTOR, "reads")) : Optional.empty();
    }

    private String coverFragment(DatasetSpec spec, Read read, Map<String, String> contract) {
        if (read.files().isEmpty()) {
            if (contract == null) {
                throw new PzConnectorException(PzCode.NODE_FAILED, read.context() + ": no file matches the window's"
                        + " cover of '" + read.location() + "', and without a columns: contract there is no schema to"
                        + " land", "declare columns:");
            }
            return ScanSql.empty(contract);
        }
        List<String> files = new ArrayList<>();
        for (Path file : read.files()) {
            if (read.options().format().isCsv()) {
                guardCsv(spec.entity(), contract, read.options(), file, paths.relative(file));
            }
            files.add(file.toString());
        }
        return ScanSql.fragment(read.options(), SqlText.paths(files), contract);
    }

    /**
     * The Arrow schema of the universal read (also the schema {@code pz validate --connect} checks).
     * csv/tsv: the declared contract's columns the file's header names, in contract order (a missing
     * column surfaces as drift); parquet: the file's own schema as DuckDB reads it; xlsx/avro: what
     * pz's reader produces; json: the contract. Reads at most a header line, a footer or a workbook's
     * first rows.
     *
     * @throws PzConnectorException when a needed contract is missing or the file is missing
     */
    @Override
    public Schema schema(DatasetSpec spec) {
        Read read = read(spec);
        FileFormat format = read.options().format();
        if (format.handledByPz()) {
            return LocalFilesPzFormats.schema(read.options(), read.path(), read.location(),
                    spec.contract().map(columns -> ContractSchema.types(columns, read.context())).orElse(null));
        }
        if (format == FileFormat.PARQUET) {
            return DuckReadPartition.schema(parquetFragment(spec, read));
        }
        Map<String, ContractTypes> types = ContractSchema.types(requireContract(spec, format, read.context()),
                read.context());
        Path file = firstFile(read).orElseThrow(() -> new PzConnectorException(PzCode.NODE_FAILED,
                format.word() + " file not found: '" + read.location() + "'"));
        if (format.isCsv()) {
            Optional<List<String>> header = CsvHeader.read(file, read.options().delimiter());
            if (header.isPresent()) {
                return ContractSchema.arrow(ContractSchema.presentIn(types, header.get()));
            }
        }
        return ContractSchema.arrow(types);
    }

    /**
     * The universal read. csv/tsv: one partition, or up to {@code min(cpus, 8)} byte-range splits for
     * a comma-delimited file of at least 2 × 32 MiB, planned while the first range already parses
     * ({@link LocalFilesCsvSplits}; a file whose header does not prove the delimiter is read whole by
     * the first range); parquet: one partition through DuckDB's reader, the same
     * rows the native scan lands; xlsx/avro: one partition through pz's reader. Never applies
     * watermark bounds (the engine trims the staged rows); a templated parquet path still reads only
     * its window's cover.
     *
     * @throws PzConnectorException the refusals of {@link #checkUniversalRead}; a missing file or
     *     declared column
     */
    @Override
    public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        checkUniversalRead(spec);
        Read read = read(spec);
        FileFormat format = read.options().format();
        if (format.handledByPz()) {
            return List.of(LocalFilesPzFormats.partition(spec.entity(), read.options(), read.path(), read.location(),
                    spec.contract().map(columns -> ContractSchema.types(columns, read.context())).orElse(null)));
        }
        if (format == FileFormat.PARQUET) {
            return List.of(new DuckReadPartition(spec.entity(), parquetFragment(spec, read)));
        }
        Map<String, ContractTypes> types = ContractSchema.types(spec.contract().orElseThrow(), read.context());
        Path file = read.path();
        if (!Files.isRegularFile(file)) {
            throw new PzConnectorException(PzCode.NODE_FAILED, "csv file not found: '" + read.location() + "'");
        }
        Schema schema = ContractSchema.arrow(types);
        List<ContractTypes> columnTypes = List.copyOf(types.values());
        char delimiter = read.options().delimiter();
        Optional<List<String>> header = CsvHeader.read(file, delimiter);
        if (header.isPresent()) {
            CsvContract.requireUniversal(spec.entity(), read.location(), delimiter, header.get(), types.keySet());
            long size = fileSize(file);
            int count = delimiter == ',' ? LocalFilesCsvSplitPlanner.partitionCount(size, maxPartitions, minBytesPerPartition) : 1;
            if (count > 1) {
                LocalFilesCsvSplits splits = new LocalFilesCsvSplits(file, size, header.get(), count);
                List<ReadPartition> partitions = new ArrayList<>();
                for (int i = 0; i < count; i++) {
                    partitions.add(new LocalFilesCsvPartition(spec.entity() + "#" + (i + 1), file,
                            read.location(), delimiter, schema, columnTypes, splits, i));
                }
                return List.copyOf(partitions);
            }
        }
        return List.of(new LocalFilesCsvPartition(spec.entity(), file, read.location(), delimiter, schema, columnTypes,
                null, 0));
    }

    /**
     * csv/tsv need a contract, parquet reads through DuckDB, xlsx and avro through pz's readers; json
     * is native-only here (PZ0312), and so is a calendar-templated path of a format whose universal
     * reader reads one file (everything but parquet). Also refuses, offline, a path outside the root
     * (PZ0365) and a csv header that lacks a contract column (PZ0353) when the file exists.
     */
    @Override
    public void checkUniversalRead(DatasetSpec spec) {
        String context = spec.context();
        FileFormat format = FormatOptions.of(spec, LocalFilesOptions.READ_FORMAT).format();
        if (format == FileFormat.JSON) {
            throw new PzConnectorException(PzCode.NATIVE_PATH_REQUIRED, context + ": localfiles json source is"
                    + " native-scan only; it cannot run on the universal tier", "remove engine.force_universal");
        }
        if (format != FileFormat.PARQUET && PathTemplate.hasDateTokens(location(spec, format))) {
            throw new PzConnectorException(PzCode.NATIVE_PATH_REQUIRED, context + ": localfiles reads a date-templated "
                    + format.word() + " path on the native tier only (its universal reader reads one file)",
                    format.handledByPz() ? "name a single file in path:" : "remove engine.force_universal");
        }
        if (format.isCsv() && spec.contract().isEmpty()) {
            throw new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, context
                    + ": localfiles csv requires a declared columns: contract in v0");
        }
        Read read = read(spec);
        if (format.isCsv() && Files.isRegularFile(read.path())) {
            Map<String, ContractTypes> types = ContractSchema.types(spec.contract().orElseThrow(), context);
            char delimiter = read.options().delimiter();
            CsvHeader.read(read.path(), delimiter).ifPresent(header -> CsvContract.requireUniversal(spec.entity(),
                    read.location(), delimiter, header, types.keySet()));
        }
    }

    private static long fileSize(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }

    /** Split sizing; tests lower the byte floor to split small files. */
    LocalFilesSource withSplitting(int maxPartitions, long minBytesPerPartition) {
        return new LocalFilesSource(paths, maxPartitions, minBytesPerPartition);
    }

    /** The parquet read over the dataset's path, or over its cover files (an empty relation when none). */
    private String parquetFragment(DatasetSpec spec, Read read) {
        if (read.files() == null) {
            String glob = read.templated() ? PathTemplate.anyBucket(read.path().toString()) : read.path().toString();
            return ScanSql.fragment(read.options(), SqlText.string(glob), null);
        }
        Map<String, String> contract = spec.contract().map(columns -> ScanSql.duckTypes(columns, read.context()))
                .orElse(null);
        return coverFragment(spec, read, contract);
    }

    /** The first file the dataset's path names or matches. */
    private static Optional<Path> firstFile(Read read) {
        if (read.files() != null) {
            return read.files().stream().findFirst();
        }
        String written = read.path().toString();
        String glob = read.templated() ? PathTemplate.anyBucket(written) : written;
        if (!Globs.isGlob(glob)) {
            return Files.exists(read.path()) ? Optional.of(read.path()) : Optional.empty();
        }
        return LocalGlobs.expand(glob).stream().findFirst();
    }

    /**
     * One dataset's read: its resolved format, the path as written and resolved, and — for a
     * templated path in a bounded window — the files of the window's cover (null otherwise).
     */
    private record Read(String context, FormatOptions options, String location, Path path, boolean templated,
            List<Path> files) {
    }

    private Read read(DatasetSpec spec) {
        String context = spec.context();
        FormatOptions options = FormatOptions.of(spec, LocalFilesOptions.READ_FORMAT);
        String location = location(spec, options.format());
        Path path = paths.resolve(location, context + " path '" + location + "'");
        boolean templated = PathTemplate.hasDateTokens(location);
        DatasetSpec.Watermark window = spec.watermark();
        if (!templated || window == null || window.lowerValue() == null || window.upperBound() == null) {
            return new Read(context, options, location, path, templated, null);
        }
        Set<Path> files = new LinkedHashSet<>();
        for (String glob : PathTemplate.windowCover(path.toString(), PathTemplate.parseCanonical(window.lowerValue()),
                PathTemplate.parseCanonical(window.upperBound()))) {
            files.addAll(LocalGlobs.expand(glob));
        }
        return new Read(context, options, location, path, true, List.copyOf(files));
    }

    private static String location(DatasetSpec spec, FileFormat format) {
        return spec.find(LocalFilesOptions.READ_PATH).filter(path -> !path.isBlank())
                .orElse(spec.entity() + "." + format.fileExtension());
    }

    private static Map<String, String> requireContract(DatasetSpec spec, FileFormat format, String context) {
        return spec.contract().orElseThrow(() -> new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID,
                switch (format) {
                    case CSV, TSV -> context + ": localfiles csv requires a declared columns: contract in v0";
                    case JSON -> context + ": localfiles json requires a declared columns: contract for schema fetch"
                            + " -- NDJSON has no header row or footer to infer one from";
                    case XLSX, AVRO -> throw new IllegalStateException("pz infers xlsx and avro schemas itself");
                    case PARQUET -> throw new IllegalStateException("parquet schemas come from the file");
                }));
    }

    @Override
    public void close() {
        // Holds no resources.
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
