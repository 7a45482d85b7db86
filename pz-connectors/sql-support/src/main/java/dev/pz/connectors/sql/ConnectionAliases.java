package dev.pz.connectors.sql;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The name under which a run's DuckDB session attaches a connection's database:
 * {@code pz_<kind>_<sanitized connection>_<hash8>}. The sanitized name keeps ASCII letters and
 * digits and turns everything else into {@code _}; the first eight hex digits of the SHA-256 of the
 * raw name keep {@code prod-db} and {@code prod_db} apart ({@code attach if not exists} keeps the
 * first database attached under a name).
 */
public final class ConnectionAliases {

    private ConnectionAliases() {
    }

    public static String alias(String kind, String connection) {
        StringBuilder sanitized = new StringBuilder();
        for (char c : connection.toCharArray()) {
            boolean asciiLetterOrDigit = c < 128 && Character.isLetterOrDigit(c);
            sanitized.append(asciiLetterOrDigit ? c : '_');
        }
        return "pz_" + kind + "_" + sanitized + "_" + hash8(connection);
    }

    static String hash8(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
