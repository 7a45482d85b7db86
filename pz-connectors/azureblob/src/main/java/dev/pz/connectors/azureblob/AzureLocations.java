package dev.pz.connectors.azureblob;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OptionValues;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.files.remote.ObjectLocation;

/**
 * Where a dataset's or an output's blobs are. Azure has no root: a read names its {@code container}
 * and {@code path} (a key, a glob or a calendar template); a write its {@code container} and an optional
 * {@code path} prefix (a folder template with {@code partition_by}). {@code scheme} is {@code az}
 * (also written {@code azure}) or {@code abfss} for ADLS Gen2 accounts; it only names the blobs, the
 * blob endpoint serves both.
 */
final class AzureLocations {

    private AzureLocations() {
    }

    /** The read's container and key pattern. */
    static ObjectLocation read(String connection, DatasetSpec spec) {
        String path = spec.get(AzureOptions.READ_PATH);
        ObjectLocation.refuseParentSegments(path, connection, spec.context());
        return new ObjectLocation(spec.get(AzureOptions.READ_CONTAINER).strip(), ObjectLocation.trim(path));
    }

    /** The write's container and key prefix (or folder template). */
    static ObjectLocation write(String connection, OutputSpec spec) {
        String written = spec.find(AzureOptions.WRITE_PATH).orElse("");
        ObjectLocation.refuseParentSegments(written, connection, spec.context());
        return new ObjectLocation(spec.get(AzureOptions.WRITE_CONTAINER).strip(), ObjectLocation.trim(written));
    }

    /** {@code az} or {@code abfss}. */
    static String scheme(OptionValues spec) {
        return spec.get(AzureOptions.SCHEME).word();
    }
}
