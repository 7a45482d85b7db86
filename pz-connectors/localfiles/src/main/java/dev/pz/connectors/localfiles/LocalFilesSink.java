package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.NativeCopy.FileMove;
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
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The write side of one localfiles connection. A write is one DuckDB COPY into a hidden temporary
 * file beside the final one, then an atomic rename (spec connectors.md §5 "Write — native tier").
 * The universal tier ({@link #beginWrite}) is not part of this build.
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
        LocalFilesFormat format = options.format();
        if (!format.writable()) {
            throw new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, "PZ0361: " + context + ": format '"
                    + format.word() + "' is read-only on localfiles -- write parquet, csv or json instead");
        }
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

    @Override
    public WriteSession beginWrite(OutputSpec spec, Schema schema) {
        throw new PzConnectorException(PzCode.NATIVE_PATH_REQUIRED, "PZ0312: output '" + spec.entity()
                + "': the universal tier for localfiles is not available in this build");
    }

    @Override
    public void close() {
        // Holds no resources.
    }

    /** The COPY option clause of spec connectors.md §4.2. */
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
