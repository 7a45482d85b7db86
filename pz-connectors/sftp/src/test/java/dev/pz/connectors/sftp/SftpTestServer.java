package dev.pz.connectors.sftp;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.util.List;
import java.util.Map;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyEncryptionContext;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;
import org.apache.sshd.common.file.virtualfs.VirtualFileSystemFactory;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.sftp.SftpModuleProperties;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;

/**
 * A real SSH server with the SFTP subsystem (Apache MINA SSHD) on a free loopback port, serving
 * {@code root} as the file system of user {@value #USER}, who logs in with {@value #PASSWORD} or
 * with {@link #clientKey()}.
 */
public final class SftpTestServer implements AutoCloseable {

    public static final String USER = "pz";
    public static final String PASSWORD = "s3cret-sftp-password";

    private final SshServer server;
    private final Path root;
    private final KeyPair hostKey;
    private final KeyPair clientKey;

    private SftpTestServer(SshServer server, Path root, KeyPair hostKey, KeyPair clientKey) {
        this.server = server;
        this.root = root;
        this.hostKey = hostKey;
        this.clientKey = clientKey;
    }

    public static SftpTestServer start(Path root) {
        return start(root, false);
    }

    /**
     * A server speaking SFTP version 3 without OpenSSH's {@code posix-rename@openssh.com}, whose
     * rename refuses an existing target, like many servers that are not OpenSSH.
     */
    static SftpTestServer startPlainVersion3(Path root) {
        return start(root, true);
    }

    private static SftpTestServer start(Path root, boolean plainVersion3) {
        KeyPair hostKey = newKey();
        KeyPair clientKey = newKey();
        SshServer server = SshServer.setUpDefaultServer();
        server.setHost("127.0.0.1");
        server.setPort(0);
        server.setKeyPairProvider(KeyPairProvider.wrap(hostKey));
        server.setPasswordAuthenticator((user, password, session) -> USER.equals(user) && PASSWORD.equals(password));
        server.setPublickeyAuthenticator((user, key, session) -> USER.equals(user)
                && KeyUtils.compareKeys(key, clientKey.getPublic()));
        server.setSubsystemFactories(List.of(new SftpSubsystemFactory()));
        server.setFileSystemFactory(new VirtualFileSystemFactory(root));
        if (plainVersion3) {
            SftpModuleProperties.SFTP_VERSION.set(server, 3);
            SftpModuleProperties.OPENSSH_EXTENSIONS.set(server, "fsync@openssh.com=1");
        }
        try {
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new SftpTestServer(server, root, hostKey, clientKey);
    }

    public int port() {
        return server.getPort();
    }

    public Path root() {
        return root;
    }

    public PublicKey hostKey() {
        return hostKey.getPublic();
    }

    public KeyPair clientKey() {
        return clientKey;
    }

    /** Connection options for password login. */
    public Map<String, Object> passwordLogin() {
        return Map.of("host", "127.0.0.1", "port", (long) port(), "username", USER, "password", PASSWORD);
    }

    /** Writes the client key as an OpenSSH private key file, encrypted when {@code passphrase} is set. */
    public Path writeClientKey(Path file, String passphrase) {
        OpenSSHKeyEncryptionContext encryption = null;
        if (passphrase != null) {
            encryption = new OpenSSHKeyEncryptionContext();
            encryption.setPassword(passphrase);
            encryption.setCipherName("AES");
            encryption.setCipherMode("CTR");
            encryption.setCipherType("256");
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(clientKey, "pz-test", encryption, out);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
        return file;
    }

    /** The password login in connections.yml form, indented by four spaces. */
    public String connectionYaml() {
        return "    host: 127.0.0.1\n    port: " + port() + "\n    username: " + USER + "\n    password: " + PASSWORD
                + "\n";
    }

    private static KeyPair newKey() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(256);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        try {
            server.stop(true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
