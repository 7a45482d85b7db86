package dev.pz.connectors.files.remote;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.Arrays;

/**
 * Where a dataset's or an output's objects live: a container (an S3 bucket, an Azure container) and a
 * key or key pattern inside it. Keys are slash-separated names, never filesystem paths: a {@code ..}
 * segment is refused rather than collapsed (PZ0365).
 */
public record ObjectLocation(String container, String key) {

    /** {@code a/b}, or whichever side is not empty; each side trimmed of {@code /}. */
    public static String join(String left, String right) {
        String a = trim(left);
        String b = trim(right);
        if (a.isEmpty()) {
            return b;
        }
        return b.isEmpty() ? a : a + "/" + b;
    }

    /**
     * {@code name} inside {@code folder}: {@code folder/name}, or {@code name} alone at the top. A
     * leading {@code /} of the folder stays (an absolute SFTP directory).
     */
    public static String child(String folder, String name) {
        if (folder == null || folder.isEmpty()) {
            return name;
        }
        return folder.endsWith("/") ? folder + name : folder + "/" + name;
    }

    public static String trim(String value) {
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

    /**
     * @param subject {@code dataset 'x'} or {@code output 'y'}
     * @throws PzConnectorException PZ0365 when {@code written} has a {@code ..} segment
     */
    public static void refuseParentSegments(String written, String connection, String subject) {
        if (written != null && Arrays.asList(written.split("/", -1)).contains("..")) {
            throw new PzConnectorException(PzCode.PATH_ESCAPES_ROOT, "connection '" + connection + "': " + subject
                    + " has a '..' segment, which would leave its root or container", "name the key without '..'");
        }
    }
}
