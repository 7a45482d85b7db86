package dev.pz.connectors.gcs;

import dev.pz.connectors.api.OptionValues;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.remote.ObjectLocation;

/**
 * Where a dataset's or output's objects live: {@code bucket:} if the entity names one, else root's
 * bucket; under root's prefix unless the entity names a different bucket. Keys are names, not paths:
 * a {@code ..} segment is refused rather than collapsed (PZ0365).
 */
final class GcsLocation {

    private GcsLocation() {
    }

    /** The bucket and {@code path} under its prefix. */
    static ObjectLocation of(GcsSettings settings, String connection, OptionValues values, String path) {
        ObjectLocation.refuseParentSegments(path, connection, values.context());
        String bucket = values.get(GcsOptions.BUCKET);
        if (bucket == null || bucket.isBlank()) {
            if (settings.rootBucket() == null) {
                throw new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, values.context() + ": gcs needs a"
                        + " 'root' on the connection or a 'bucket' option", "set root: <bucket>[/<prefix>]");
            }
            return new ObjectLocation(settings.rootBucket(), ObjectLocation.join(settings.rootPrefix(), path));
        }
        String prefix = bucket.equals(settings.rootBucket()) ? settings.rootPrefix() : "";
        return new ObjectLocation(bucket, ObjectLocation.join(prefix, path));
    }
}
