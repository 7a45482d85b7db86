package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.api.paths.PartitionColumns;
import dev.pz.connectors.api.paths.PathTemplate;
import dev.pz.connectors.files.CopyClause;
import dev.pz.connectors.files.FileFormat;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.OutputName;
import dev.pz.connectors.files.Partitioning;
import dev.pz.connectors.files.SpooledWriteSession;
import dev.pz.connectors.formats.XlsxWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ForkJoinPool;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The write side of one localfiles connection. Both tiers write a temporary in the output
 * directory's {@code .pz-tmp/} and rename the finished file onto {@code <dir>/<output>.<ext>}
 * (replace) or {@code <dir>/<output>-<guid32>.<ext>} (append): the native tier through DuckDB's COPY;
 * the universal tier ({@link #beginWrite}) through pz's csv, tsv, NDJSON and xlsx writers (xlsx only
 * there: DuckDB's excel extension is not built in), and parquet — and every {@code partition_by}
 * fan-out into calendar folders — through DuckDB's COPY from spooled batches.
 */
final class LocalFilesSink implements Sink {

    static final String CONNECTOR = LocalFilesConnectorFactory.NAME;

    private final LocalFilesPaths paths;

    LocalFilesSink(LocalFilesPaths paths) {
        this.paths = paths;
    }

    /**
     * A COPY with this format's options, published by a rename onto the final name. Empty for xlsx,
     * which pz writes itself, and for a {@code partition_by} output, which fans out on the universal
     * tier. Side-effect free: names a fresh append file on every call and creates nothing.
     *
     * @throws PzConnectorException PZ0324 for merge, PZ0314 for partition_by without calendar tokens,
     *     PZ0361/PZ0362 for format errors, PZ0365 for a path outside the root
     */
    @Override
    public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        FormatOptions options = checkedOptions(spec);
        if (partitionColumn(spec).isPresent()) {
            return Optional.empty();
        }
        Path directory = directory(spec);
        if (options.format().handledByPz()) {
            return Optional.empty();
        }
        return Optional.of(new NativeCopy(CopyClause.of(options), List.of(), "COPY TO " + options.format().word(),
                TemporaryFiles.directoryIn(directory), NativeCopy.renameTo(directory.resolve(OutputName.of(spec,
                        options.format())))));
    }

    /** Temporaries live beside the output: in its directory, or in a fan-out's static folder. */
    @Override
    public Optional<Path> temporaryDirectory(OutputSpec spec) {
        return Optional.of(TemporaryFiles.directoryIn(partitionColumn(spec).isPresent() ? fanOutBase(spec)
                : directory(spec)));
    }

    /** For xlsx, which pz writes itself: the phrase the plan shows for its universal tier. */
    @Override
    public Optional<String> universalReason(OutputSpec spec) {
        FileFormat format = checkedOptions(spec).format();
        return format.handledByPz() ? Optional.of(format.universalReason(CONNECTOR, "writes")) : Optional.empty();
    }

    /**
     * Starts a universal write. csv, tsv, NDJSON and xlsx go through pz's own writers into a temporary
     * in {@code <dir>/.pz-tmp/}; parquet, and any {@code partition_by} output, through DuckDB's COPY
     * from batches spooled in a temporary directory there. Commit moves each finished file onto
     * {@code <dir>/<output>.<ext>} (replace) or {@code <dir>/<output>-<guid32>.<ext>} (append); a
     * fan-out does so in the folder its path renders for each calendar bucket. The caller owns the
     * session.
     *
     * @throws PzConnectorException the refusals of {@link #checkUniversalWrite}; a column type outside
     *     the v0 matrix of the row writers; a partition_by column missing or not a timestamp/date
     */
    @Override
    public WriteSession beginWrite(OutputSpec spec, Schema schema) {
        FormatOptions options = universalOptions(spec);
        FileFormat format = options.format();
        String context = spec.context();
        Optional<String> partitionColumn = partitionColumn(spec);
        if (partitionColumn.isPresent()) {
            String template = spec.find(LocalFilesOptions.WRITE_PATH).orElseThrow();
            Partitioning partitioning = Partitioning.of(partitionColumn.get(), PathTemplate.validate(template, context),
                    schema, context);
            return new SpooledWriteSession(context, TemporaryFiles.directoryIn(fanOutBase(spec)), schema, options,
                    partitioning, files -> {
                        for (SpooledWriteSession.WrittenFile file : files) {
                            String folder = PathTemplate.render(template, file.bucket());
                            Path directory = paths.resolve(folder, context + " path '" + folder + "'");
                            moveInto(file.file(), directory.resolve(OutputName.of(spec, format)), context);
                        }
                    });
        }
        Path directory = directory(spec);
        Path target = directory.resolve(OutputName.of(spec, format));
        if (format == FileFormat.PARQUET) {
            return new SpooledWriteSession(context, TemporaryFiles.directoryIn(directory), schema, options, null,
                    files -> moveInto(files.get(0).file(), target, context));
        }
        for (Field field : schema.getFields()) {
            if (LocalFilesRowWriter.kind(field.getType()) == null) {
                throw new PzConnectorException(PzCode.NODE_FAILED, context + ": column '" + field.getName()
                        + "' has Arrow type " + field.getType() + ", outside the v0 type matrix of the universal"
                        + " writers (int, bigint, double, decimal, varchar, boolean, date, timestamp)");
            }
        }
        char delimiter = options.delimiter();
        return new LocalFilesWriteSession(context, TemporaryFiles.directoryIn(directory), target,
                out -> switch (format) {
                    case JSON -> LocalFilesRowWriter.ndjson(out, schema);
                    case XLSX -> new LocalFilesXlsxWriter(out, schema, options.sheet(), options.header(),
                            written(spec) + "/" + spec.entity() + "." + format.fileExtension());
                    // The calling thread and each of the common pool's workers encode a run of a batch.
                    default -> LocalFilesRowWriter.csv(out, schema, delimiter,
                            ForkJoinPool.getCommonPoolParallelism() + 1);
                });
    }

    /**
     * The universal tier writes every writable format, except json {@code layout: array} outside a
     * fan-out (pz's json writer writes NDJSON) and xlsx in a fan-out (DuckDB writes the fan-out's
     * files, and it cannot write xlsx).
     *
     * @throws PzConnectorException PZ0361 for those, every refusal of the native tier, and PZ0365 for
     *     a path outside the root; creates nothing
     */
    @Override
    public void checkUniversalWrite(OutputSpec spec) {
        universalOptions(spec);
        if (partitionColumn(spec).isPresent()) {
            fanOutBase(spec);
        } else {
            directory(spec);
        }
    }

    private FormatOptions universalOptions(OutputSpec spec) {
        FormatOptions options = checkedOptions(spec);
        boolean fanOut = partitionColumn(spec).isPresent();
        if (options.format() == FileFormat.JSON && options.arrayLayout() && !fanOut) {
            throw new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, spec.context()
                    + ": json 'layout: array' is native-only; localfiles's managed json writer/reader handles"
                    + " newline-delimited json only", "use 'layout: ndjson', or remove engine.force_universal /"
                    + " partition_by so the native tier can carry it");
        }
        if (options.format() == FileFormat.XLSX && fanOut) {
            throw new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, spec.context()
                    + ": a partition_by fan-out cannot write xlsx (DuckDB writes the fan-out's files, and its excel"
                    + " extension is not built in)", "write the fan-out as parquet, csv, tsv or json");
        }
        return options;
    }

    /**
     * The refusals both tiers share: format errors (first: pz refuses the others itself), merge,
     * partition_by without calendar tokens, a bad xlsx sheet name.
     */
    private static FormatOptions checkedOptions(OutputSpec spec) {
        FormatOptions options = FormatOptions.of(spec, LocalFilesOptions.WRITE_FORMAT);
        if (spec.strategy() == WriteStrategy.MERGE) {
            throw new PzConnectorException(PzCode.WRITE_MODE_UNSUPPORTED, spec.context()
                    + ": localfiles does not support strategy 'merge' (supported: append, replace)");
        }
        if (!PartitionColumns.read(spec.options()).isEmpty()
                && !PathTemplate.hasDateTokens(spec.find(LocalFilesOptions.WRITE_PATH).orElse(""))) {
            throw new PzConnectorException(PzCode.TEMPLATING_CAPABILITY_MISSING, spec.context()
                    + ": localfiles lays out 'partition_by' outputs only by calendar tokens in path: (it does not"
                    + " declare ColumnPartitionedWrites)", "add {yyyy}/{MM}/{dd} tokens to path:, or remove partition_by");
        }
        if (options.format() == FileFormat.XLSX && options.sheet() != null) {
            XlsxWriter.sheetNameProblem(options.sheet()).ifPresent(problem -> {
                throw new PzConnectorException(PzCode.FILE_FORMAT_OPTION_INVALID, spec.context()
                        + ": 'sheet' cannot name a worksheet: " + problem + " (got '" + options.sheet() + "')");
            });
        }
        return options;
    }

    /** The single partition_by column of a templated fan-out (the compiler refuses several). */
    private static Optional<String> partitionColumn(OutputSpec spec) {
        return PartitionColumns.read(spec.options()).stream().findFirst();
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

    /** The folder above a fan-out's calendar folders: the path's text before its first token. */
    private Path fanOutBase(OutputSpec spec) {
        String template = written(spec);
        return paths.resolve(PathTemplate.staticPrefix(template), spec.context() + " path '" + template + "'");
    }

    /** The output directory as written: {@code path:} or the entity's name. */
    private static String written(OutputSpec spec) {
        return spec.find(LocalFilesOptions.WRITE_PATH).filter(path -> !path.isBlank()).orElse(spec.entity());
    }

    private static void moveInto(Path file, Path target, String context) {
        try {
            Files.createDirectories(target.getParent());
            TemporaryFiles.moveIntoPlace(file, target);
        } catch (IOException e) {
            throw new PzConnectorException(PzCode.NODE_FAILED, context + ": could not move the finished file into"
                    + " place (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")", true, null, e);
        }
    }
}
