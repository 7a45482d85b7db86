package dev.pz.engine.connect;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

/**
 * The per-user cache of connector packages: {@code PZ_CACHE_DIR}, else {@code ~/.pz/cache}. It holds a
 * Maven repository ({@code maven/}) that {@code pz restore} fills and every run loads from, so a run never
 * needs the network.
 */
public record PackageCache(Path root) {
    public static final String CACHE_DIR_VARIABLE = "PZ_CACHE_DIR";

    public static PackageCache of(Map<String, String> environment) {
        String configured = environment.get(CACHE_DIR_VARIABLE);
        Path root = configured != null && !configured.isBlank() ? Path.of(configured)
                : Path.of(System.getProperty("user.home"), ".pz", "cache");
        return new PackageCache(root.toAbsolutePath().normalize());
    }

    /** The Maven repository inside the cache. */
    public Path repository() {
        return root.resolve("maven");
    }

    /** Where a locked file lives. */
    public Path file(ConnectorLock.LockedFile locked) {
        return repository().resolve(locked.path()).normalize();
    }

    /** A file's path relative to the repository, with {@code /}, as the lock records it. */
    public String relative(Path file) {
        return repository().relativize(file.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }

    /** The SHA-256 of a file's bytes, in lower-case hex. */
    public static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[64 * 1024];
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                digest.update(buffer, 0, read);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
