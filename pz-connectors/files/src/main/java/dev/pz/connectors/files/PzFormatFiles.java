package dev.pz.connectors.files;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.formats.AvroFiles;
import dev.pz.connectors.formats.XlsxFiles;
import dev.pz.connectors.formats.XlsxReadOptions;
import dev.pz.duckdb.ArrowIngest;
import dev.pz.duckdb.DuckSqlException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A local file of a format pz reads itself (xlsx, avro; {@link FileFormat#handledByPz()}) through the
 * readers of {@code dev.pz.connectors.formats}: its schema, an Arrow reader over its rows, and — for a
 * read that DuckDB must scan, such as an object-store read landed through the run's spool — a copy of
 * its rows as a parquet file. Only this class touches those readers, so their libraries load only for
 * a project that reads such a file.
 */
public final class PzFormatFiles {

    private PzFormatFiles() {
    }

    /**
     * @param location the file as the user knows it (a path as written, or an object URL), for messages
     * @param contract the declared columns, or null to infer them from the file
     * @throws dev.pz.connectors.formats.FormatFailure when the file cannot be read as asked
     */
    public static Schema schema(FormatOptions options, Path file, String location, Map<String, ContractTypes> contract) {
        return switch (options.format()) {
            case XLSX -> XlsxFiles.schema(file, location, xlsxOptions(options), contract);
            case AVRO -> AvroFiles.schema(file, location, contract);
            default -> throw new IllegalStateException(options.format().word() + " is read by DuckDB");
        };
    }

    /** The file's rows as Arrow batches; the caller owns the reader. */
    public static ArrowReader open(FormatOptions options, Path file, String location, Map<String, ContractTypes> contract,
            BufferAllocator allocator, BatchOptions batch) {
        return switch (options.format()) {
            case XLSX -> XlsxFiles.open(file, location, xlsxOptions(options), contract, allocator, batch);
            case AVRO -> AvroFiles.open(file, location, contract, allocator, batch);
            default -> throw new IllegalStateException(options.format().word() + " is read by DuckDB");
        };
    }

    /**
     * Writes the file's rows, as pz's reader types them, to {@code target} as parquet (DuckDB's COPY in
     * a private instance spilling to {@code spillDirectory}), so that DuckDB's own parquet reader can
     * land them with the same types.
     *
     * @throws PzConnectorException a {@link dev.pz.connectors.formats.FormatFailure} when the file cannot
     *     be read as asked, PZ0501 when DuckDB cannot write the copy
     */
    public static void copyToParquet(FormatOptions options, Path file, String location,
            Map<String, ContractTypes> contract, Path target, Path spillDirectory, String context) {
        try (PrivateDuck duck = PrivateDuck.open(spillDirectory);
                BufferAllocator allocator = new RootAllocator();
                ArrowReader rows = open(options, file, location, contract, allocator, BatchOptions.defaults())) {
            ArrowIngest.run(duck.connection(), rows, allocator, relation -> "copy (select * from (" + relation
                    + ") pz_rows) to " + SqlText.string(target.toString()) + " (format parquet)");
        } catch (DuckSqlException e) {
            throw new PzConnectorException(PzCode.NODE_FAILED, context + ": " + e.getMessage(), false, null, e);
        } catch (IOException e) {
            throw new PzConnectorException(PzCode.NODE_FAILED, context + ": cannot read '" + location + "': "
                    + e.getMessage(), false, null, e);
        }
    }

    private static XlsxReadOptions xlsxOptions(FormatOptions options) {
        return new XlsxReadOptions(options.sheet(), options.header());
    }
}
