package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.FileFormat;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.PzFormatFiles;
import dev.pz.connectors.formats.FormatFailure;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The reads of the formats pz handles itself (xlsx, avro), through {@link PzFormatFiles}: the
 * plan-time check of the file, its schema, and its one partition.
 */
final class LocalFilesPzFormats {

    private LocalFilesPzFormats() {
    }

    /**
     * Refuses before any run what the file already shows: an xlsx path matching several files, a
     * workbook or Avro file that cannot be read, a sheet it lacks, a contract it cannot satisfy.
     * A missing file is left to the run (an earlier node may write it).
     */
    static void check(FormatOptions options, Path file, String location, Map<String, ContractTypes> contract,
            String context) {
        if (options.format() == FileFormat.XLSX) {
            int matches = globMatches(file);
            if (matches > 1) {
                throw new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, context
                        + ": xlsx reads one workbook per entity; this read matches " + matches + " files",
                        "name a single file in path:");
            }
        }
        if (!Files.isRegularFile(file)) {
            return;
        }
        try {
            schema(options, file, location, contract);
        } catch (FormatFailure failure) {
            throw new PzConnectorException(failure.planCode(), context + ": " + failure.getMessage());
        }
    }

    static Schema schema(FormatOptions options, Path file, String location,
            Map<String, ContractTypes> contract) {
        return PzFormatFiles.schema(options, file, location, contract);
    }

    static ReadPartition partition(String id, FormatOptions options, Path file, String location,
            Map<String, ContractTypes> contract) {
        return new ReadPartition() {
            @Override
            public String id() {
                return id;
            }

            @Override
            public ArrowReader open(BufferAllocator allocator, BatchOptions batch) {
                return PzFormatFiles.open(options, file, location, contract, allocator, batch);
            }
        };
    }

    /** How many files a path with glob characters in its file name matches (0 for a plain path). */
    private static int globMatches(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        if (name.chars().noneMatch(c -> c == '*' || c == '?' || c == '[' || c == '{')) {
            return 0;
        }
        Path directory = file.getParent();
        if (directory == null || !Files.isDirectory(directory)) {
            return 0;
        }
        int count = 0;
        try (DirectoryStream<Path> matches = Files.newDirectoryStream(directory, name)) {
            for (Path ignored : matches) {
                count++;
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return count;
    }
}
