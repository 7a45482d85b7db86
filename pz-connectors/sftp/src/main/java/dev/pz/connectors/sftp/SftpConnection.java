package dev.pz.connectors.sftp;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.config.hosts.HostConfigEntryResolver;
import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.NamedResource;
import org.apache.sshd.common.config.keys.FilePasswordProvider;
import org.apache.sshd.common.keyprovider.KeyIdentityProvider;
import org.apache.sshd.common.util.security.SecurityUtils;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClientFactory;

/**
 * One authenticated SFTP session: an SSH client of its own, the server's host key checked against
 * the pinned fingerprint <em>before</em> any credential is sent, then password or public-key
 * authentication. Nothing from the user's {@code ~/.ssh} is used: no config, no default keys.
 */
final class SftpConnection implements AutoCloseable {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final SshClient client;
    private final ClientSession session;
    private final SftpClient sftp;
    private final String presentedFingerprint;

    private SftpConnection(SshClient client, ClientSession session, SftpClient sftp, String presentedFingerprint) {
        this.client = client;
        this.session = session;
        this.sftp = sftp;
        this.presentedFingerprint = presentedFingerprint;
    }

    /**
     * @throws PzConnectorException naming the host (never a credential): unreachable (transient), host
     *     key mismatch, authentication refused, key file unreadable
     */
    static SftpConnection open(SftpSettings settings) {
        KeyPair key = settings.privateKey() == null ? null : loadKey(settings);
        AtomicReference<String> presented = new AtomicReference<>();
        SshClient client = SshClient.setUpDefaultClient();
        client.setHostConfigEntryResolver(HostConfigEntryResolver.EMPTY);
        client.setKeyIdentityProvider(KeyIdentityProvider.EMPTY_KEYS_PROVIDER);
        client.setServerKeyVerifier(verifier(settings, presented));
        client.start();
        ClientSession session = null;
        try {
            try {
                session = client.connect(settings.username(), settings.host(), settings.port()).verify(TIMEOUT)
                        .getSession();
            } catch (IOException e) {
                throw new PzConnectorException(PzCode.NODE_FAILED, settings.display() + ": cannot connect to port "
                        + settings.port() + " (" + e.getMessage() + ")", true, null, e);
            }
            if (key == null) {
                session.addPasswordIdentity(settings.password());
            } else {
                session.addPublicKeyIdentity(key);
            }
            try {
                session.auth().verify(TIMEOUT);
            } catch (IOException e) {
                throw refusal(settings, presented.get(), e);
            }
            SftpClient sftp = SftpClientFactory.instance().createSftpClient(session);
            return new SftpConnection(client, session, sftp, presented.get());
        } catch (IOException e) {
            closeQuietly(session, client);
            throw new PzConnectorException(PzCode.NODE_FAILED, settings.display() + ": cannot start SFTP ("
                    + e.getMessage() + ")", true, null, e);
        } catch (RuntimeException e) {
            closeQuietly(session, client);
            throw e;
        }
    }

    SftpClient sftp() {
        return sftp;
    }

    /** The SHA-256 fingerprint of the host key the server presented ({@code SHA256:…}). */
    String presentedFingerprint() {
        return presentedFingerprint;
    }

    @Override
    public void close() {
        try {
            sftp.close();
        } catch (IOException ignored) {
            // The session goes next; nothing was pending on the channel.
        }
        closeQuietly(session, client);
    }

    private static ServerKeyVerifier verifier(SftpSettings settings, AtomicReference<String> presented) {
        return (clientSession, remoteAddress, serverKey) -> {
            String fingerprint = HostKeyFingerprint.of(serverKey);
            presented.set(fingerprint);
            return settings.fingerprint() == null
                    || HostKeyFingerprint.body(fingerprint).equals(settings.fingerprint());
        };
    }

    private static PzConnectorException refusal(SftpSettings settings, String presented, IOException e) {
        if (settings.fingerprint() != null && presented != null
                && !HostKeyFingerprint.body(presented).equals(settings.fingerprint())) {
            return new PzConnectorException(PzCode.NODE_FAILED, settings.display() + ": the server presented host"
                    + " key " + presented + ", not the pinned 'host_key_fingerprint' SHA256:" + settings.fingerprint(),
                    "if the server's key changed on purpose, pin the new fingerprint; otherwise do not connect");
        }
        if (presented == null) {
            return new PzConnectorException(PzCode.NODE_FAILED, settings.display() + ": the SSH handshake failed ("
                    + e.getMessage() + ")", true, null, e);
        }
        return new PzConnectorException(PzCode.NODE_FAILED, settings.display() + ": authentication of user '"
                + settings.username() + "' was refused", "check username and "
                + (settings.privateKey() == null ? "password" : "private_key_path"));
    }

    private static KeyPair loadKey(SftpSettings settings) {
        FilePasswordProvider passphrase = settings.passphrase() == null ? FilePasswordProvider.EMPTY
                : FilePasswordProvider.of(settings.passphrase());
        try (InputStream in = Files.newInputStream(settings.privateKey())) {
            Iterable<KeyPair> keys = SecurityUtils.loadKeyPairIdentities(null,
                    NamedResource.ofName(settings.privateKey().toString()), in, passphrase);
            if (keys != null) {
                for (KeyPair pair : keys) {
                    return pair;
                }
            }
            throw keyFailure(settings, "the file holds no private key");
        } catch (NoSuchFileException e) {
            throw keyFailure(settings, "no such file");
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            if (e instanceof PzConnectorException pz) {
                throw pz;
            }
            throw keyFailure(settings, settings.passphrase() == null
                    ? "not a readable private key (an encrypted key needs 'private_key_passphrase')"
                    : "not a readable private key, or a wrong 'private_key_passphrase'");
        }
    }

    private static PzConnectorException keyFailure(SftpSettings settings, String reason) {
        return new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, "sftp 'private_key_path' could not be"
                + " loaded from '" + settings.privateKey() + "': " + reason, "point private_key_path at an OpenSSH"
                        + " or PEM private key");
    }

    private static void closeQuietly(ClientSession session, SshClient client) {
        try {
            if (session != null) {
                session.close();
            }
        } catch (IOException ignored) {
            // Closing anyway.
        } finally {
            client.stop();
        }
    }
}
