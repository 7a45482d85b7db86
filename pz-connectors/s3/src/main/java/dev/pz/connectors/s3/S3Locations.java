package dev.pz.connectors.s3;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OptionValues;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.remote.ObjectLocation;

/**
 * Where a dataset's or output's objects are: the bucket is the entity's {@code bucket:} or the root's,
 * and keys go under the root's prefix unless the entity names a bucket of its own. A {@code path:}
 * with a {@code ..} segment is refused (PZ0365).
 */
final class S3Locations {

    private S3Locations() {
    }

    /** The bucket and the key (or key pattern) a read lists: {@code <prefix>/<path or entity.ext>}. */
    static ObjectLocation read(S3Settings settings, DatasetSpec spec, String extension) {
        String written = spec.find(S3Options.READ_PATH).filter(path -> !path.isBlank())
                .orElse(spec.entity() + "." + extension);
        ObjectLocation.refuseParentSegments(written, settings.connection(), spec.context());
        String bucket = bucket(settings, spec);
        return new ObjectLocation(bucket, ObjectLocation.join(prefix(settings, bucket), written));
    }

    /** The bucket and the key prefix a write's object goes under: {@code <prefix>/<path>}. */
    static ObjectLocation write(S3Settings settings, OutputSpec spec) {
        String written = spec.find(S3Options.WRITE_PATH).orElse("");
        ObjectLocation.refuseParentSegments(written, settings.connection(), spec.context());
        String bucket = bucket(settings, spec);
        return new ObjectLocation(bucket, ObjectLocation.join(prefix(settings, bucket), written));
    }

    private static String bucket(S3Settings settings, OptionValues spec) {
        String bucket = spec.find(S3Options.BUCKET).map(String::strip).orElse("");
        if (!bucket.isEmpty()) {
            return bucket;
        }
        if (settings.rootBucket() == null) {
            throw new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, spec.context()
                    + ": s3 needs a 'root' on the connection or a 'bucket' option");
        }
        return settings.rootBucket();
    }

    /** The root's prefix, unless the entity's own bucket differs from the root's. */
    private static String prefix(S3Settings settings, String bucket) {
        return bucket.equals(settings.rootBucket()) ? settings.rootPrefix() : "";
    }
}
