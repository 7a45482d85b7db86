package dev.pz.connectors.gcs;

import dev.pz.connectors.api.OptionValues;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.Arrays;

/**
 * Where a dataset's or output's objects live: {@code bucket:} if the entity names one, else root's
 * bucket; under root's prefix unless the entity names a different bucket. Keys are names, not paths:
 * a {@code ..} segment is refused rather than collapsed (PZ0365).
 */
record GcsLocation(String bucket, String prefix) {

    static GcsLocation of(GcsSettings settings, OptionValues values) {
        String bucket = values.get(GcsOptions.BUCKET);
        if (bucket == null || bucket.isBlank()) {
            if (settings.rootBucket() == null) {
                throw new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, values.context() + ": gcs needs a"
                        + " 'root' on the connection or a 'bucket' option", "set root: <bucket>[/<prefix>]");
            }
            return new GcsLocation(settings.rootBucket(), settings.rootPrefix());
        }
        return new GcsLocation(bucket, bucket.equals(settings.rootBucket()) ? settings.rootPrefix() : "");
    }

    /** The key of {@code path} under the prefix; a {@code ..} segment is refused (PZ0365). */
    String key(String path, String connection, String subject) {
        if (path != null && Arrays.asList(path.split("/", -1)).contains("..")) {
            throw new PzConnectorException(PzCode.PATH_ESCAPES_ROOT, "connection '" + connection + "': " + subject
                    + " has a '..' segment, which would leave its root or bucket", "name the key without '..'");
        }
        return join(prefix, path);
    }

    /** {@code a/b}, or whichever side is not empty; each side trimmed of {@code /}. */
    static String join(String left, String right) {
        String a = trim(left);
        String b = trim(right);
        if (a.isEmpty()) {
            return b;
        }
        return b.isEmpty() ? a : a + "/" + b;
    }

    static String trim(String value) {
        if (value == null) {
            return "";
        }
        int start = 0;
        int end = value.length();
        while (start < end && value.charAt(start) == '/') {
            start++;
        }
        while (end > start && value.charAt(end - 1) == '/') {
            end--;
        }
        return value.substring(start, end);
    }
}
