package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.formats.XlsxWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The write side of one localfiles connection. Both tiers write a temporary in the output
 * directory's {@code .pz-tmp/} and rename the finished file onto {@code <dir>/<output>.<ext>}
 * (replace) or {@code <dir>/<output>-<guid32>.<ext>} (append): the native tier through DuckDB's
 * COPY, the universal tier ({@link #beginWrite}) through pz's csv, tsv, NDJSON and xlsx writers
 * (xlsx only there: DuckDB's excel extension is not built in).
 */
final class LocalFilesSink implements Sink {

    private final LocalFilesPaths paths;

    LocalFilesSink(LocalFilesPaths paths) {
        this.paths = paths;
    }

    /**
     * A COPY with this format's options, published by a rename onto the final name. Side-effect
     * free: names a fresh append file on every call and creates nothing.
     *
     * @throws PzConnectorException PZ0324 for merge, PZ0314 for partition_by, PZ0361/PZ0362 for
     *     format errors, PZ0365 for a path outside the root
     */
    @Override
    public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        LocalFilesFormatOptions options = checkedOptions(spec);
        Path directory = directory(spec);
        if (options.format().handledByPz()) {
            return Optional.empty();
        }
        return Optional.of(new NativeCopy(clause(options), options.format().setupStatements(),
                "COPY TO " + options.format().word(), TemporaryFiles.directoryIn(directory),
                NativeCopy.renameTo(target(spec, directory, options.format()))));
    }

    @Override
    public Optional<Path> temporaryDirectory(OutputSpec spec) {
        return Optional.of(TemporaryFiles.directoryIn(directory(spec)));
    }

    /** The refusals both tiers share: format errors (first: pz refuses the others itself), merge, partition_by. */
    private static LocalFilesFormatOptions checkedOptions(OutputSpec spec) {
        LocalFilesFormatOptions options = LocalFilesFormatOptions.of(spec);
        if (spec.strategy() == WriteStrategy.MERGE) {
            throw new PzConnectorException(PzCode.WRITE_MODE_UNSUPPORTED, spec.context()
                    + ": localfiles does not support strategy 'merge' (supported: append, replace)");
        }
        if (spec.options().containsKey(OptionSet.PARTITION_BY)) {
            throw new PzConnectorException(PzCode.TEMPLATING_CAPABILITY_MISSING, spec.context()
                    + ": localfiles cannot write 'partition_by' outputs (it declares neither PathTemplating nor"
                    + " ColumnPartitionedWrites)", "remove partition_by, or write one file per run");
        }
        if (options.format() == LocalFilesFormat.XLSX && options.sheet() != null) {
            XlsxWriter.sheetNameProblem(options.sheet()).ifPresent(problem -> {
                throw new PzConnectorException(PzCode.FILE_FORMAT_OPTION_INVALID, spec.context()
                        + ": 'sheet' cannot name a worksheet: " + problem + " (got '" + options.sheet() + "')");
            });
        }
        return options;
    }

    /** For xlsx, which pz writes itself: the phrase the plan shows for its universal tier. */
    @Override
    public Optional<String> universalReason(OutputSpec spec) {
        LocalFilesFormatOptions options = checkedOptions(spec);
        return options.format().handledByPz() ? Optional.of(options.format().universalReason("writes"))
                : Optional.empty();
    }

    /** The universal tier's refusals, and PZ0365 for a path outside the root; creates nothing. */
    @Override
    public void checkUniversalWrite(OutputSpec spec) {
        universalOptions(spec);
        directory(spec);
    }

    /** The options of a universal write, or the refusals of both tiers and of the universal writers. */
    private static LocalFilesFormatOptions universalOptions(OutputSpec spec) {
        LocalFilesFormatOptions options = checkedOptions(spec);
        LocalFilesFormat format = options.format();
        String context = spec.context();
        switch (format) {
            case CSV, TSV, JSON, XLSX -> {
                // Universal writers exist for these.
            }
            case PARQUET -> throw new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, context
                    + ": format 'parquet' has no universal writer in this build (it has no parquet library)",
                    "remove engine.force_universal so DuckDB's native COPY writes it, or write csv or json");
            case AVRO -> throw new IllegalStateException("avro is read-only");
        }
        if (format == LocalFilesFormat.JSON && options.arrayLayout()) {
            throw new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, context
                    + ": json 'layout: array' is native-only; localfiles's managed json writer/reader handles"
                    + " newline-delimited json only", "use 'layout: ndjson', or remove engine.force_universal /"
                    + " partition_by so the native tier can carry it");
        }
        return options;
    }

    /**
     * Starts a universal write of a csv, tsv, NDJSON or xlsx file into a temporary in {@code <dir>/.pz-tmp/};
     * the session's commit renames it onto its final name. The caller owns the session.
     *
     * @throws PzConnectorException PZ0324 merge, PZ0314 partition_by, PZ0361 for json
     *     {@code layout: array} and parquet (no universal parquet writer in this build: the
     *     native COPY writes parquet), a column type outside the v0 matrix, or a directory that
     *     cannot be created
     */
    @Override
    public WriteSession beginWrite(OutputSpec spec, Schema schema) {
        LocalFilesFormatOptions options = universalOptions(spec);
        LocalFilesFormat format = options.format();
        String context = spec.context();
        for (Field field : schema.getFields()) {
            if (LocalFilesRowWriter.kind(field.getType()) == null) {
                throw new PzConnectorException(PzCode.NODE_FAILED, context + ": column '" + field.getName()
                        + "' has Arrow type " + field.getType() + ", outside the v0 type matrix of the universal"
                        + " writers (int, bigint, double, decimal, varchar, boolean, date, timestamp)");
            }
        }
        Path directory = directory(spec);
        char delimiter = options.delimiter();
        return new LocalFilesWriteSession(context, TemporaryFiles.directoryIn(directory),
                target(spec, directory, format), out -> switch (format) {
                    case JSON -> LocalFilesRowWriter.ndjson(out, schema);
                    case XLSX -> new LocalFilesXlsxWriter(out, schema, options.sheet(), options.header(),
                            written(spec) + "/" + spec.entity() + "." + format.fileExtension());
                    default -> LocalFilesRowWriter.csv(out, schema, delimiter);
                });
    }

    @Override
    public void close() {
        // Holds no resources.
    }

    /** The output directory: {@code path:} or the entity's name, under the root. */
    private Path directory(OutputSpec spec) {
        String written = written(spec);
        return paths.resolve(written, spec.context() + " path '" + written + "'");
    }

    /** The output directory as written: {@code path:} or the entity's name. */
    private static String written(OutputSpec spec) {
        return spec.find(LocalFilesOptions.WRITE_PATH).filter(path -> !path.isBlank()).orElse(spec.entity());
    }

    /** {@code <output>.<ext>} for replace (a stable name), {@code <output>-<guid32>.<ext>} for append. */
    private static Path target(OutputSpec spec, Path directory, LocalFilesFormat format) {
        String extension = "." + format.fileExtension();
        return directory.resolve(spec.strategy() == WriteStrategy.APPEND
                ? spec.entity() + "-" + UUID.randomUUID().toString().replace("-", "") + extension
                : spec.entity() + extension);
    }

    /** The COPY options of a format: it is named explicitly, since a temporary has no extension. */
    static String clause(LocalFilesFormatOptions options) {
        return switch (options.format()) {
            case PARQUET -> "format parquet" + (options.compression() == null ? "" : ", compression " + options.compression());
            case CSV, TSV -> "format csv, header"
                    + (options.delimiter() == ',' ? "" : ", delimiter " + LocalFilesSql.delimiter(options.delimiter()));
            case JSON -> options.arrayLayout() ? "format json, array true" : "format json";
            case XLSX -> "format xlsx, header " + options.header()
                    + (options.sheet() == null ? "" : ", sheet " + LocalFilesSql.string(options.sheet()));
            case AVRO -> throw new IllegalStateException("avro is read-only");
        };
    }
}
