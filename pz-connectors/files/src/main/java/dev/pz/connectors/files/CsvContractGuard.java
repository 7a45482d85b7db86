package dev.pz.connectors.files;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The checks a native csv read makes before DuckDB binds it. DuckDB binds a declared contract to the
 * file by position, so a header that names other columns at the contract's positions would load
 * values under the wrong names; and a contract-less read of an empty file has no header to infer a
 * schema from. Both only when the file exists and its header is readable; other shape problems are
 * DuckDB's own errors.
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
        Optional<List<String>> header = CsvHeader.read(file, options.delimiter());
        if (header.isEmpty()) {
            return;
        }
        List<String> names = header.get();
        int position = 0;
        for (String declared : contract.keySet()) {
            if (position >= names.size()) {
                return;
            }
            String found = names.get(position);
            position++;
            // DuckDB column names are case-insensitive, so only a different name is a mismatch.
            if (!declared.equalsIgnoreCase(found.strip())) {
                throw new PzConnectorException(PzCode.NATIVE_PATH_CONTRACT_MISMATCH, "dataset '" + entity
                        + "': columns: contract declares '" + declared + "' at position " + position
                        + ", but the CSV header there is '" + found + "' (file header: " + String.join(",", names)
                        + "). A native csv read binds the contract to the file by position, so this would silently"
                        + " load '" + found + "' values under '" + declared + "' -- reorder the columns: contract to"
                        + " match the file header, or remove it to let DuckDB auto-detect the schema");
            }
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }
}
