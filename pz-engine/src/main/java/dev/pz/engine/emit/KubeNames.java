package dev.pz.engine.emit;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * Names Kubernetes and Argo accept (lowercase letters, digits and '-', starting and ending with a
 * letter or digit). A name that had to change, or be cut to fit, ends in a short hash of the
 * original, so two flows never map to one name.
 */
final class KubeNames {

    private KubeNames() {
    }

    /** {@code text} as a name of at most {@code limit} characters. */
    static String of(String text, int limit) {
        String cleaned = text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]+", "-").replaceAll("-{2,}", "-")
                .replaceAll("^-|-$", "");
        if (cleaned.equals(text) && cleaned.length() <= limit) {
            return cleaned;
        }
        String hash = hash(text);
        String head = cleaned.substring(0, Math.min(cleaned.length(), limit - hash.length() - 1)).replaceAll("-$", "");
        return head.isEmpty() ? hash : head + "-" + hash;
    }

    private static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 3);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
