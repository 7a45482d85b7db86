package dev.pz.connectors.azureblob;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.remote.ObjectLocation;
import java.util.Locale;
import java.util.Map;

/**
 * Where a dataset's or an output's blobs are. Azure has no root: a read names its {@code container}
 * and {@code path} (a key, a glob or a calendar template); a write its {@code container} and an optional
 * {@code path} prefix (a folder template with {@code partition_by}). {@code scheme} is {@code az}
 * (also written {@code azure}) or {@code abfss} for ADLS Gen2 accounts; it only names the blobs, the
 * blob endpoint serves both.
 */
final class AzureLocations {

    static final String DEFAULT_SCHEME = "az";

    private AzureLocations() {
    }

    /** The read's container and key pattern. */
    static ObjectLocation read(String connection, String entity, Map<String, Object> options) {
        String context = "dataset '" + entity + "'";
        String path = required(options, AzureOptions.PATH, context);
        ObjectLocation.refuseParentSegments(path, connection, context);
        return new ObjectLocation(required(options, AzureOptions.CONTAINER, context), ObjectLocation.trim(path));
    }

    /** The write's container and key prefix (or folder template). */
    static ObjectLocation write(String connection, String entity, Map<String, Object> options) {
        String context = "output '" + entity + "'";
        Object path = options.get(AzureOptions.PATH);
        String written = path == null ? "" : String.valueOf(path);
        ObjectLocation.refuseParentSegments(written, connection, context);
        return new ObjectLocation(required(options, AzureOptions.CONTAINER, context), ObjectLocation.trim(written));
    }

    /**
     * {@code az} (the default and {@code azure}) or {@code abfss}.
     *
     * @throws PzConnectorException for any other value
     */
    static String scheme(Map<String, Object> options, String context) {
        Object written = options.get(AzureOptions.SCHEME);
        String scheme = written == null ? DEFAULT_SCHEME : String.valueOf(written).strip().toLowerCase(Locale.ROOT);
        return switch (scheme) {
            case "az", "azure" -> "az";
            case "abfss" -> "abfss";
            default -> throw new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, context
                    + ": azure 'scheme' must be one of 'az', 'azure', 'abfss' (got '" + written + "')");
        };
    }

    private static String required(Map<String, Object> options, String key, String context) {
        Object value = options.get(key);
        if (value == null || String.valueOf(value).isBlank()) {
            throw new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, context + ": azure requires '" + key + "'");
        }
        return String.valueOf(value).strip();
    }
}
