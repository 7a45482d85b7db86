package dev.pz.connectors.sql;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

/**
 * A database that is one local file (DuckDB, SQLite): its {@code path} resolved against the project
 * directory (else the working directory), made absolute, and the checks pz makes of it offline.
 */
public record DatabaseFile(String connection, Path path) {

    /**
     * Resolves {@code written} for a connection.
     *
     * @throws PzConnectorException PZ0301 when it is not a valid path
     */
    public static DatabaseFile resolve(ConnectorConfig config, String written) {
        Path base = config.baseDirectory().orElse(Path.of(""));
        try {
            return new DatabaseFile(config.connection(), base.resolve(Path.of(written)).toAbsolutePath().normalize());
        } catch (InvalidPathException e) {
            throw new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID,
                    "connection '" + config.connection() + "': 'path' is not a valid path");
        }
    }

    /** The path as a SQL string literal. */
    public String literal() {
        return SqlDialect.string(path.toString());
    }

    /** True when the file resolves inside {@code <project>/.pz/}, pz's own staging and state area. */
    public static boolean insidePzDirectory(ConnectorConfig config, Path path) {
        return config.baseDirectory().map(base -> path.startsWith(base.toAbsolutePath().normalize().resolve(".pz")))
                .orElse(false);
    }

    /**
     * The offline probe of a database file: an existing file must carry {@code magic} at
     * {@code offset}; a missing file passes (the first write creates it) while its directory exists.
     */
    public ConnectionCheck check(String kind, byte[] magic, int offset) {
        if (!Files.exists(path)) {
            Path parent = path.getParent();
            if (parent == null || !Files.isDirectory(parent)) {
                return ConnectionCheck.failed("permanent: the directory of " + kind + " database '" + path
                        + "' does not exist");
            }
            return new ConnectionCheck(true, kind + " database '" + path + "' does not exist yet: the first write"
                    + " creates it, and reads fail until it exists");
        }
        return hasMagic(magic, offset) ? ConnectionCheck.passed()
                : ConnectionCheck.failed("permanent: '" + path + "' is not a " + kind + " database file");
    }

    /** Whether the file starts with {@code magic} at {@code offset}; false when unreadable. */
    public boolean hasMagic(byte[] magic, int offset) {
        try (InputStream in = Files.newInputStream(path)) {
            byte[] head = in.readNBytes(offset + magic.length);
            return head.length == offset + magic.length
                    && Arrays.equals(Arrays.copyOfRange(head, offset, head.length), magic);
        } catch (IOException e) {
            return false;
        }
    }

    /** The refusal of a read whose database file does not exist (PZ0353), or empty when it exists. */
    public Optional<PzConnectorException> missingForRead(String dataset, String kind) {
        if (Files.isRegularFile(path)) {
            return Optional.empty();
        }
        return Optional.of(new PzConnectorException(PzCode.NATIVE_PATH_CONTRACT_MISMATCH, "dataset '" + dataset
                + "': " + kind + " database '" + path + "' does not exist",
                "check 'path' of connection '" + connection + "', or write the table first"));
    }
}
