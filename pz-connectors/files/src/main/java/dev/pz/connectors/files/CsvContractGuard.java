package dev.pz.connectors.files;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The checks a native csv read makes before DuckDB binds it. DuckDB binds a declared contract to the
 * file by position, so the header must list the contract's columns in order ({@link CsvContract});
 * and a contract-less read of an empty file has no header to infer a schema from. Both only when
 * the file exists and its header is readable; other shape problems are DuckDB's own errors.
 */
public final class CsvContractGuard {

    private CsvContractGuard() {
    }

    /**
     * @param entity the dataset's name, for messages
     * @param contract the declared column names (and types) in order, or null
     * @param location the file as the user knows it (a path as written, or an object key)
     * @throws PzConnectorException PZ0353 for a header that contradicts the contract, or an empty file
     *     without a contract
     */
    public static void check(String entity, Map<String, String> contract, FormatOptions options, Path file,
            String location) {
        if (!Files.isRegularFile(file)) {
            return;
        }
        if (contract == null) {
            if (size(file) == 0) {
                throw new PzConnectorException(PzCode.NATIVE_PATH_CONTRACT_MISMATCH, "dataset '" + entity
                        + "': csv file '" + location + "' is empty (0 bytes) -- there is no header to auto-detect a"
                        + " schema from. Provide a file with at least a header row, or declare a columns: contract"
                        + " if an empty feed is expected");
            }
            return;
        }
        CsvHeader.read(file, options.delimiter()).ifPresent(header -> CsvContract.requireNative(entity, location,
                options.delimiter(), header, contract.keySet()));
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }
}
