package dev.pz.connectors.sftp;

import dev.pz.connectors.api.ConnectorConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One sftp connection's settings, read through their declarations.
 *
 * @param privateKey the key file, resolved against the project directory, or null for password auth
 * @param fingerprint the pinned host key fingerprint body ({@link HostKeyFingerprint#body}), or null
 * @param root the directory paths are joined to, or empty
 */
record SftpSettings(String host, int port, String username, String password, Path privateKey, String passphrase,
        String fingerprint, String root) {

    /** The rules across options that the declarations cannot state. */
    static List<String> problems(ConnectorConfig config) {
        List<String> problems = new ArrayList<>();
        boolean password = config.isSet(SftpOptions.PASSWORD);
        boolean key = config.isSet(SftpOptions.PRIVATE_KEY_PATH);
        if (!password && !key) {
            problems.add("sftp connection requires 'password' or 'private_key_path'");
        } else if (password && key) {
            problems.add("sftp connection must declare exactly one of 'password' and 'private_key_path', not both");
        }
        if (config.isSet(SftpOptions.PRIVATE_KEY_PASSPHRASE) && !key) {
            problems.add("sftp connection 'private_key_passphrase' requires 'private_key_path'");
        }
        return problems;
    }

    static SftpSettings of(ConnectorConfig config) {
        String keyPath = config.get(SftpOptions.PRIVATE_KEY_PATH);
        Path key = keyPath == null ? null : config.baseDirectory().map(base -> base.resolve(keyPath))
                .orElse(Path.of(keyPath)).toAbsolutePath().normalize();
        String fingerprint = config.get(SftpOptions.HOST_KEY_FINGERPRINT);
        String root = config.get(SftpOptions.ROOT);
        return new SftpSettings(config.get(SftpOptions.HOST), config.get(SftpOptions.PORT),
                config.get(SftpOptions.USERNAME), config.get(SftpOptions.PASSWORD), key,
                config.get(SftpOptions.PRIVATE_KEY_PASSPHRASE),
                fingerprint == null ? null : HostKeyFingerprint.body(fingerprint), root == null ? "" : root);
    }

    /** {@code path} joined to the root with a single {@code /}; an absolute root stays absolute. */
    String resolve(String path) {
        if (root.isEmpty()) {
            return path;
        }
        String base = root.length() > 1 && root.endsWith("/") ? root.substring(0, root.length() - 1) : root;
        String rest = path.startsWith("/") ? path.substring(1) : path;
        return base.endsWith("/") ? base + rest : base + "/" + rest;
    }

    /** How messages name the server. */
    String display() {
        return "sftp host '" + host + "'";
    }

    @Override
    public String toString() {
        return "SftpSettings[" + username + "@" + host + ":" + port + "]";
    }
}
