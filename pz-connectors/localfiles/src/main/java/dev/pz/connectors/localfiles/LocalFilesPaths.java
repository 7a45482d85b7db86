package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Where one connection's files live: the root is {@code base_dir} (the project directory the host
 * injects, else the working directory) joined with {@code root:} (an absolute root wins). An
 * absolute {@code path:} ignores the root; a relative one must stay under it after normalisation
 * (a lexical check: symlinks are out of scope).
 */
final class LocalFilesPaths {

    private final String connection;
    private final Path root;

    private LocalFilesPaths(String connection, Path root) {
        this.connection = connection;
        this.root = root;
    }

    static LocalFilesPaths of(ConnectorConfig config) {
        Path base = config.baseDirectory().orElse(Path.of(""));
        Path root = config.find(LocalFilesOptions.ROOT).filter(value -> !value.isBlank()).map(base::resolve)
                .orElse(base);
        return new LocalFilesPaths(config.connection(), root.toAbsolutePath().normalize());
    }

    String connection() {
        return connection;
    }

    Path root() {
        return root;
    }

    /** A file as messages name it: relative to the root when under it, else absolute. */
    String relative(Path file) {
        Path normalized = file.toAbsolutePath().normalize();
        return normalized.startsWith(root) ? root.relativize(normalized).toString() : normalized.toString();
    }

    /**
     * Resolves a path as written against the root.
     *
     * @param subject what the path belongs to, for the message: {@code dataset 'orders' path 'x.csv'}
     * @throws PzConnectorException PZ0365 when a relative path leaves the root
     */
    Path resolve(String written, String subject) {
        Path path;
        try {
            path = Path.of(written);
        } catch (InvalidPathException e) {
            throw new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID,
                    "connection '" + connection + "': " + subject + " is not a valid path");
        }
        if (path.isAbsolute()) {
            return path.normalize();
        }
        Path resolved = root.resolve(path).normalize();
        if (!resolved.startsWith(root)) {
            throw new PzConnectorException(PzCode.PATH_ESCAPES_ROOT, "connection '" + connection + "': " + subject
                    + " resolves outside 'root:'", "use an absolute path, or fix 'root:'");
        }
        return resolved;
    }
}
