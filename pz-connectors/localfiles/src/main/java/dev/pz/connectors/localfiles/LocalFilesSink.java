package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.NativeCopy.FileMove;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The write side of one localfiles connection. A write is one DuckDB COPY into a hidden temporary
 * file beside the final one, then an atomic rename.
 * The universal tier ({@link #beginWrite}) writes csv, tsv and NDJSON with pz's own writers.
 */
final class LocalFilesSink implements Sink {

    static final String PARTITION_BY = "partition_by";

    private final LocalFilesPaths paths;

    LocalFilesSink(LocalFilesPaths paths) {
        this.paths = paths;
    }

    /**
     * {@code copy (select * from {{source}}) to '<dir>/.pz-native-<guid32>.<ext>' (<clause>)}, then
     * a move onto {@code <dir>/<output>.<ext>} (replace) or {@code <dir>/<output>-<guid32>.<ext>}
     * (append). Side-effect free: names fresh files on every call and creates nothing.
     *
     * @throws PzConnectorException PZ0324 for merge, PZ0314 for partition_by, PZ0361/PZ0362 for
     *     format errors, PZ0365 for a path outside the root
     */
    @Override
    public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        String context = "output '" + spec.entity() + "'";
        LocalFilesFormatOptions options = checkedOptions(spec, context);
        LocalFilesFormat format = options.format();
        String written = spec.option(LocalFilesPaths.PATH).filter(path -> !path.isBlank()).orElse(spec.entity());
        Path directory = paths.resolve(written, context + " path '" + written + "'");
        String extension = "." + format.fileExtension();
        Path temporary = directory.resolve(".pz-native-" + guid32() + extension);
        Path target = directory.resolve(spec.strategy() == WriteStrategy.APPEND
                ? spec.entity() + "-" + guid32() + extension
                : spec.entity() + extension);
        String copySql = "copy (select * from " + NativeCopy.SOURCE + ") to "
                + LocalFilesSql.string(temporary.toString()) + " (" + clause(options) + ")";
        return Optional.of(new NativeCopy(copySql, format.setupStatements(), "COPY TO " + format.word(),
                List.of(directory), List.of(new FileMove(temporary, target))));
    }

    /** The refusals both tiers share: merge, partition_by, format errors, a read-only format. */
    private static LocalFilesFormatOptions checkedOptions(OutputSpec spec, String context) {
        if (spec.strategy() == WriteStrategy.MERGE) {
            throw new PzConnectorException(PzCode.WRITE_MODE_UNSUPPORTED, "PZ0324: " + context
                    + ": localfiles does not support strategy 'merge' (supported: append, replace)");
        }
        if (spec.options().containsKey(PARTITION_BY)) {
            throw new PzConnectorException(PzCode.TEMPLATING_CAPABILITY_MISSING, "PZ0314: " + context
                    + ": localfiles cannot write 'partition_by' outputs (it declares neither PathTemplating nor"
                    + " ColumnPartitionedWrites) -- remove partition_by, or write one file per run");
        }
        LocalFilesFormatOptions options = LocalFilesFormatOptions.resolve(spec.options(), LocalFilesFormat.PARQUET,
                context);
        if (!options.format().writable()) {
            throw new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, "PZ0361: " + context + ": format '"
                    + options.format().word() + "' is read-only on localfiles -- write parquet, csv or json instead");
        }
        return options;
    }

    /** The universal tier's refusals, and PZ0365 for a path outside the root; creates nothing. */
    @Override
    public void checkUniversalWrite(OutputSpec spec) {
        String context = "output '" + spec.entity() + "'";
        universalOptions(spec, context);
        String written = spec.option(LocalFilesPaths.PATH).filter(path -> !path.isBlank()).orElse(spec.entity());
        paths.resolve(written, context + " path '" + written + "'");
    }

    /** The options of a universal write, or the refusals of both tiers and of the universal writers. */
    private static LocalFilesFormatOptions universalOptions(OutputSpec spec, String context) {
        LocalFilesFormatOptions options = checkedOptions(spec, context);
        LocalFilesFormat format = options.format();
        switch (format) {
            case CSV, TSV, JSON -> {
                // Universal writers exist for these.
            }
            case XLSX -> throw new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, "PZ0361: " + context
                    + ": format 'xlsx' is native-only (DuckDB reads and writes it); localfiles's universal tier"
                    + " cannot carry it -- choose one of csv, json, tsv, or remove engine.force_universal so the"
                    + " native tier writes it");
            case PARQUET -> throw new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, "PZ0361: " + context
                    + ": format 'parquet' has no universal writer in this build (it has no parquet library) --"
                    + " remove engine.force_universal so DuckDB's native COPY writes it, or write csv or json");
            case AVRO -> throw new IllegalStateException("avro is read-only");
        }
        if (format == LocalFilesFormat.JSON && options.arrayLayout()) {
            throw new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, "PZ0361: " + context
                    + ": json 'layout: array' is native-only; localfiles's managed json writer/reader handles"
                    + " newline-delimited json only -- use 'layout: ndjson', remove engine.force_universal /"
                    + " partition_by so the native tier can carry it, or use a connector with a native tier"
                    + " (localfiles, s3, gcs, azureblob)");
        }
        return options;
    }

    /**
     * Starts a universal write of a csv, tsv or NDJSON file. Creates {@code <dir>} and
     * {@code <dir>/.pz-tmp-<guid32>/} and writes {@code <tmpdir>/<output>.<ext>}; the session's
     * commit moves it to {@code <dir>/<output>.<ext>} (replace) or {@code <dir>/<output>-<guid32>.<ext>}
     * (append). The caller owns the session.
     *
     * @throws PzConnectorException PZ0324 merge, PZ0314 partition_by, PZ0361 for json
     *     {@code layout: array}, xlsx, avro and parquet (no universal parquet writer in this build:
     *     the native COPY writes parquet), a column type outside the v0 matrix, or a directory that
     *     cannot be created
     */
    @Override
    public WriteSession beginWrite(OutputSpec spec, Schema schema) {
        String context = "output '" + spec.entity() + "'";
        LocalFilesFormatOptions options = universalOptions(spec, context);
        LocalFilesFormat format = options.format();
        for (Field field : schema.getFields()) {
            if (LocalFilesRowWriter.kind(field.getType()) == null) {
                throw new PzConnectorException(PzCode.NODE_FAILED, context + ": column '" + field.getName()
                        + "' has Arrow type " + field.getType() + ", outside the v0 type matrix of the universal"
                        + " writers (int, bigint, double, decimal, varchar, boolean, date, timestamp)");
            }
        }
        String written = spec.option(LocalFilesPaths.PATH).filter(path -> !path.isBlank()).orElse(spec.entity());
        Path directory = paths.resolve(written, context + " path '" + written + "'");
        String extension = "." + format.fileExtension();
        Path target = directory.resolve(spec.strategy() == WriteStrategy.APPEND
                ? spec.entity() + "-" + guid32() + extension
                : spec.entity() + extension);
        Path temporaryDirectory = directory.resolve(".pz-tmp-" + guid32());
        char delimiter = options.delimiter();
        return new LocalFilesWriteSession(context, temporaryDirectory, spec.entity() + extension, target,
                out -> format == LocalFilesFormat.JSON ? LocalFilesRowWriter.ndjson(out, schema)
                        : LocalFilesRowWriter.csv(out, schema, delimiter));
    }

    @Override
    public void close() {
        // Holds no resources.
    }

    /** The COPY option clause for the output's format and options. */
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

    private static String guid32() {
        return UUID.randomUUID().toString().replace("-", "");
    }
}
