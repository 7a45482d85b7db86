package dev.pz.engine.compile;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Node ids: the first 8 bytes of SHA-256 over a canonical string (its parts joined by LF), as 16
 * lowercase hex characters. A node keeps its id while its content is unchanged, which is what lets
 * {@code pz retry} match a prior run to the current project.
 */
final class NodeIds {

    private NodeIds() {
    }

    public static String of(List<String> parts) {
        return compute(String.join("\n", parts));
    }

    public static String compute(String canonical) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(canonical.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
