package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.NativeCopy.FileMove;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.api.paths.PartitionColumns;
import dev.pz.connectors.api.paths.PathTemplate;
import dev.pz.connectors.files.CopyClause;
import dev.pz.connectors.files.FileFormat;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.Partitioning;
import dev.pz.connectors.files.SpooledWriteSession;
import dev.pz.connectors.files.SqlText;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The write side of one localfiles connection. A native write is one DuckDB COPY into a hidden
 * temporary file beside the final one, then an atomic rename. The universal tier ({@link #beginWrite})
 * writes csv, tsv and NDJSON with pz's own writers, and parquet — and every {@code partition_by}
 * fan-out into calendar folders — with DuckDB's COPY from spooled batches.
 */
final class LocalFilesSink implements Sink {

    static final String CONNECTOR = LocalFilesConnectorFactory.NAME;

    private final LocalFilesPaths paths;

    LocalFilesSink(LocalFilesPaths paths) {
        this.paths = paths;
    }

    /**
     * {@code copy (select * from {{source}}) to '<dir>/.pz-native-<guid32>.<ext>' (<clause>)}, then
     * a move onto {@code <dir>/<output>.<ext>} (replace) or {@code <dir>/<output>-<guid32>.<ext>}
     * (append). Empty for a {@code partition_by} output, which fans out on the universal tier.
     * Side-effect free: names fresh files on every call and creates nothing.
     *
     * @throws PzConnectorException PZ0324 for merge, PZ0314 for partition_by without calendar tokens,
     *     PZ0361/PZ0362 for format errors, PZ0365 for a path outside the root
     */
    @Override
    public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        String context = context(spec);
        FormatOptions options = checkedOptions(spec, context);
        if (partitionColumn(spec).isPresent()) {
            return Optional.empty();
        }
        FileFormat format = options.format();
        Path directory = directory(spec, context);
        String extension = "." + format.fileExtension();
        Path temporary = directory.resolve(".pz-native-" + guid32() + extension);
        Path target = directory.resolve(objectName(spec, format));
        String copySql = "copy (select * from " + NativeCopy.SOURCE + ") to " + SqlText.string(temporary.toString())
                + " (" + CopyClause.of(options) + ")";
        return Optional.of(new NativeCopy(copySql, format.setupStatements(), "COPY TO " + format.word(),
                List.of(directory), List.of(new FileMove(temporary, target))));
    }

    /**
     * Starts a universal write. csv, tsv and NDJSON go through pz's row writers into
     * {@code <dir>/.pz-tmp-<guid32>/<output>.<ext>}; parquet, and any {@code partition_by} output, through
     * DuckDB's COPY from batches spooled in that directory. Commit moves each finished file onto
     * {@code <dir>/<output>.<ext>} (replace) or {@code <dir>/<output>-<guid32>.<ext>} (append); a fan-out
     * does so in the folder its path renders for each calendar bucket. The caller owns the session.
     *
     * @throws PzConnectorException the refusals of {@link #checkUniversalWrite}; a column type outside
     *     the v0 matrix of the row writers; a partition_by column missing or not a timestamp/date
     */
    @Override
    public WriteSession beginWrite(OutputSpec spec, Schema schema) {
        String context = context(spec);
        FormatOptions options = universalOptions(spec, context);
        FileFormat format = options.format();
        Optional<String> partitionColumn = partitionColumn(spec);
        if (partitionColumn.isPresent()) {
            String template = spec.option(LocalFilesPaths.PATH).orElseThrow();
            Partitioning partitioning = Partitioning.of(partitionColumn.get(), PathTemplate.validate(template, context),
                    schema, context);
            Path work = paths.resolve(PathTemplate.staticPrefix(template), context + " path '" + template + "'")
                    .resolve(".pz-tmp-" + guid32());
            return new SpooledWriteSession(context, work, schema, options, partitioning, files -> {
                for (SpooledWriteSession.WrittenFile file : files) {
                    String folder = PathTemplate.render(template, file.bucket());
                    Path directory = paths.resolve(folder, context + " path '" + folder + "'");
                    moveInto(file.file(), directory.resolve(objectName(spec, format)), context);
                }
            });
        }
        Path directory = directory(spec, context);
        Path target = directory.resolve(objectName(spec, format));
        Path work = directory.resolve(".pz-tmp-" + guid32());
        if (format == FileFormat.PARQUET) {
            return new SpooledWriteSession(context, work, schema, options, null,
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
        return new LocalFilesWriteSession(context, work, spec.entity() + "." + format.fileExtension(), target,
                out -> format == FileFormat.JSON ? LocalFilesRowWriter.ndjson(out, schema)
                        : LocalFilesRowWriter.csv(out, schema, delimiter));
    }

    /**
     * The universal tier writes every writable format but xlsx (DuckDB's excel extension is not built
     * in) and json {@code layout: array} outside a fan-out (pz's json writer writes NDJSON).
     *
     * @throws PzConnectorException PZ0361 for those, and every refusal of the native tier
     */
    @Override
    public void checkUniversalWrite(OutputSpec spec) {
        universalOptions(spec, context(spec));
    }

    private FormatOptions universalOptions(OutputSpec spec, String context) {
        FormatOptions options = checkedOptions(spec, context);
        if (options.format() == FileFormat.XLSX) {
            throw new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, "PZ0361: " + context
                    + ": format 'xlsx' is native-only (DuckDB reads and writes it); localfiles's universal tier"
                    + " cannot carry it -- choose one of csv, json, parquet, tsv, or remove engine.force_universal so"
                    + " the native tier writes it");
        }
        if (options.format() == FileFormat.JSON && options.arrayLayout() && partitionColumn(spec).isEmpty()) {
            throw new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, "PZ0361: " + context
                    + ": json 'layout: array' is native-only; localfiles's managed json writer/reader handles"
                    + " newline-delimited json only -- use 'layout: ndjson', remove engine.force_universal /"
                    + " partition_by so the native tier can carry it, or use a connector with a native tier"
                    + " (localfiles, s3, gcs, azureblob)");
        }
        return options;
    }

    /** The refusals both tiers share: merge, partition_by without calendar tokens, format errors, a read-only format. */
    private static FormatOptions checkedOptions(OutputSpec spec, String context) {
        if (spec.strategy() == WriteStrategy.MERGE) {
            throw new PzConnectorException(PzCode.WRITE_MODE_UNSUPPORTED, "PZ0324: " + context
                    + ": localfiles does not support strategy 'merge' (supported: append, replace)");
        }
        if (!PartitionColumns.read(spec.options()).isEmpty()
                && !PathTemplate.hasDateTokens(spec.option(LocalFilesPaths.PATH).orElse(""))) {
            throw new PzConnectorException(PzCode.TEMPLATING_CAPABILITY_MISSING, "PZ0314: " + context
                    + ": localfiles lays out 'partition_by' outputs only by calendar tokens in path: (it does not"
                    + " declare ColumnPartitionedWrites) -- add {yyyy}/{MM}/{dd} tokens to path:, or remove"
                    + " partition_by");
        }
        FormatOptions options = FormatOptions.resolve(spec.options(), FileFormat.PARQUET, CONNECTOR, context);
        if (!options.format().writable()) {
            throw new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, "PZ0361: " + context + ": format '"
                    + options.format().word() + "' is read-only on localfiles -- write parquet, csv or json instead");
        }
        return options;
    }

    /** The single partition_by column of a templated fan-out (the compiler refuses several). */
    private static Optional<String> partitionColumn(OutputSpec spec) {
        return PartitionColumns.read(spec.options()).stream().findFirst();
    }

    private Path directory(OutputSpec spec, String context) {
        String written = spec.option(LocalFilesPaths.PATH).filter(path -> !path.isBlank()).orElse(spec.entity());
        return paths.resolve(written, context + " path '" + written + "'");
    }

    /** {@code <output>.<ext>} for replace (one stable file), {@code <output>-<guid32>.<ext>} for append. */
    private static String objectName(OutputSpec spec, FileFormat format) {
        String extension = "." + format.fileExtension();
        return spec.strategy() == WriteStrategy.APPEND ? spec.entity() + "-" + guid32() + extension
                : spec.entity() + extension;
    }

    private static void moveInto(Path file, Path target, String context) {
        try {
            Files.createDirectories(target.getParent());
            try {
                Files.move(file, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(file, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new PzConnectorException(PzCode.NODE_FAILED, context + ": could not move the finished file into"
                    + " place (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")", true, null, e);
        }
    }

    private static String context(OutputSpec spec) {
        return "output '" + spec.entity() + "'";
    }

    @Override
    public void close() {
        // Holds no resources.
    }

    private static String guid32() {
        return UUID.randomUUID().toString().replace("-", "");
    }
}
