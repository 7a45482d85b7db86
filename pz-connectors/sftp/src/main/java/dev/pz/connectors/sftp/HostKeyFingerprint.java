package dev.pz.connectors.sftp;

import java.security.PublicKey;
import java.util.regex.Pattern;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.digest.BuiltinDigests;

/**
 * SHA-256 host key fingerprints as OpenSSH prints them: {@code SHA256:} and the unpadded base64 of
 * the SHA-256 of the key blob. Written ones are compared after dropping a {@code SHA256:} prefix
 * (any case) and trailing {@code =}.
 */
final class HostKeyFingerprint {

    private static final Pattern BODY = Pattern.compile("[A-Za-z0-9+/]{43}");

    private HostKeyFingerprint() {
    }

    static boolean isValid(String written) {
        return BODY.matcher(body(written)).matches();
    }

    /** The fingerprint body of a written value: no {@code SHA256:} prefix, no padding. */
    static String body(String written) {
        String text = written.strip();
        if (text.regionMatches(true, 0, "SHA256:", 0, 7)) {
            text = text.substring(7);
        }
        while (text.endsWith("=")) {
            text = text.substring(0, text.length() - 1);
        }
        return text;
    }

    /** The fingerprint a server's key has, as OpenSSH prints it ({@code SHA256:…}). */
    static String of(PublicKey key) {
        return KeyUtils.getFingerPrint(BuiltinDigests.sha256, key);
    }
}
