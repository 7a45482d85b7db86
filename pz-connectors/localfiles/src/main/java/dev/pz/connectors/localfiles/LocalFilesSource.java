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
 * The read side of one localfiles connection. Every format has a native scan; csv/tsv also have a
 * universal read (pz's own streaming parser into Arrow) and parquet one through DuckDB's reader. A
 * path with calendar tokens reads, in a bounded window, only the files of the window's cover.
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
     * {@code read_csv}/{@code read_json}/{@code read_parquet}/{@code read_xlsx}/{@code read_avro} over
     * the dataset's absolute path, or over the files of a bounded window's cover for a templated path.
     * Reads only file metadata and, for a contracted csv, header lines; never writes.
     *
     * @throws PzConnectorException PZ0361/PZ0362 for format errors, PZ0365 for a path outside the
     *     root, PZ0353 when a csv header contradicts the contract or a contract-less csv is empty
     */
    @Override
    public Optional<NativeScan> nativeScan(DatasetSpec spec) {
        Read read = read(spec);
        Map<String, String> contract = spec.contract()
                .map(columns -> ScanSql.duckTypes(columns, read.context())).orElse(null);
        String fragment;
        if (read.files() == null) {
            if (read.options().format().isCsv()) {
                CsvContractGuard.check(spec.entity(), contract, read.options(), read.path(), read.location());
            }
            fragment = ScanSql.fragment(read.options(), SqlText.string(read.path().toString()), contract);
        } else {
            fragment = coverFragment(spec, read, contract);
        }
        return Optional.of(new NativeScan(ScanSql.window(fragment, spec.watermark()),
                read.options().format().setupStatements(), read.options().format().readFunction(), read.location(),
                contract == null && read.options().format().infersSchema()));
    }

    private String coverFragment(DatasetSpec spec, Read read, Map<String, String> contract) {
        if (read.files().isEmpty()) {
            if (contract == null) {
                throw new PzConnectorException(PzCode.NODE_FAILED, read.context() + ": no file matches the window's"
                        + " cover of '" + read.location() + "', and without a columns: contract there is no schema to"
                        + " land -- declare columns:");
            }
            return ScanSql.empty(contract);
        }
        List<String> files = new ArrayList<>();
        for (Path file : read.files()) {
            if (read.options().format().isCsv()) {
                CsvContractGuard.check(spec.entity(), contract, read.options(), file, paths.relative(file));
            }
            files.add(file.toString());
        }
        return ScanSql.fragment(read.options(), SqlText.paths(files), contract);
    }

    /**
     * The Arrow schema of the universal read. csv/tsv: the declared contract's columns the file's
     * header names, in contract order (a missing column surfaces as drift); parquet: the file's own
     * schema as DuckDB reads it; json/xlsx/avro: the contract. Reads at most a header line or a footer.
     *
     * @throws PzConnectorException when a needed contract is missing or the file is missing
     */
    @Override
    public Schema schema(DatasetSpec spec) {
        Read read = read(spec);
        FileFormat format = read.options().format();
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
     * The universal read of a csv/tsv file: one partition, or up to {@code min(cpus, 8)} byte-range
     * splits for a comma-delimited file of at least 2 × 32 MiB whose header proves the delimiter; of
     * parquet: one partition through DuckDB's reader, the same rows the native scan lands. Every other
     * format is native-only and refused with PZ0312. Never applies watermark bounds (the engine trims
     * the staged rows); a templated path still reads only its window's cover.
     *
     * @throws PzConnectorException PZ0312 for a native-only format; a missing contract, file or column
     */
    @Override
    public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        checkUniversalRead(spec);
        Read read = read(spec);
        if (read.options().format() == FileFormat.PARQUET) {
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
            for (String name : types.keySet()) {
                if (LocalFilesCsvReader.find(header.get(), name) < 0) {
                    throw LocalFilesCsvReader.missingColumn(read.location(), name);
                }
            }
            if (delimiter == ',') {
                Optional<List<LocalFilesCsvSplitPlanner.Split>> splits = planSplits(file, header.get());
                if (splits.isPresent()) {
                    List<ReadPartition> partitions = new ArrayList<>();
                    int count = splits.get().size();
                    for (int i = 0; i < count; i++) {
                        partitions.add(new LocalFilesCsvPartition(spec.entity() + "#" + (i + 1), file,
                                read.location(), delimiter, schema, columnTypes, splits.get().get(i), count));
                    }
                    return List.copyOf(partitions);
                }
            }
        }
        return List.of(new LocalFilesCsvPartition(spec.entity(), file, read.location(), delimiter, schema, columnTypes,
                null, 1));
    }

    /**
     * csv/tsv need a contract and parquet reads through DuckDB; json, xlsx and avro are native-only
     * here (PZ0312).
     */
    @Override
    public void checkUniversalRead(DatasetSpec spec) {
        String context = context(spec);
        FileFormat format = FormatOptions.resolve(spec.options(), FileFormat.CSV, CONNECTOR, context).format();
        switch (format) {
            case PARQUET -> {
                // DuckDB's reader carries parquet on the universal tier.
            }
            case CSV, TSV -> spec.contract().orElseThrow(() -> new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID,
                    context + ": localfiles csv requires a declared columns: contract in v0"));
            case JSON, XLSX, AVRO -> throw new PzConnectorException(PzCode.NATIVE_PATH_REQUIRED, "PZ0312: " + context
                    + ": localfiles " + format.word() + " source is native-scan only; it cannot run on the universal"
                    + " tier (remove engine.force_universal)");
        }
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
        String context = context(spec);
        FormatOptions options = FormatOptions.resolve(spec.options(), FileFormat.CSV, CONNECTOR, context);
        String location = spec.option(LocalFilesPaths.PATH).filter(path -> !path.isBlank())
                .orElse(spec.entity() + "." + options.format().fileExtension());
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

    private static String context(DatasetSpec spec) {
        return "dataset '" + spec.entity() + "'";
    }

    private static Map<String, String> requireContract(DatasetSpec spec, FileFormat format, String context) {
        return spec.contract().orElseThrow(() -> new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID,
                switch (format) {
                    case CSV, TSV -> context + ": localfiles csv requires a declared columns: contract in v0";
                    case JSON -> context + ": localfiles json requires a declared columns: contract for schema fetch"
                            + " -- NDJSON has no header row or footer to infer one from";
                    case XLSX -> context + ": localfiles xlsx requires a declared columns: contract for schema fetch"
                            + " -- a workbook's header row names columns but not their types";
                    case AVRO -> context + ": localfiles avro requires a declared columns: contract for schema fetch"
                            + " -- avro's embedded schema is not read here -- schema fetch never opens the file bytes";
                    case PARQUET -> throw new IllegalStateException("parquet schemas come from the file");
                }));
    }

    @Override
    public void close() {
        // Holds no resources.
    }
}
