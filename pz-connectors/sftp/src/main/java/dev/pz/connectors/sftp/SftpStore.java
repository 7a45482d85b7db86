package dev.pz.connectors.sftp;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.remote.ObjectStore;
import dev.pz.connectors.files.remote.StoredObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClient.CopyMode;
import org.apache.sshd.sftp.client.extensions.openssh.OpenSSHPosixRenameExtension;
import org.apache.sshd.sftp.common.SftpConstants;
import org.apache.sshd.sftp.common.SftpException;

/**
 * Files on an SFTP server as an {@link ObjectStore}; keys are server paths (absolute, or relative to
 * the login directory). An upload goes to {@code <dir>/.pz-tmp-<guid32>-<name>} and is renamed onto
 * the final name, so a reader sees the old file or the whole new one.
 */
final class SftpStore implements ObjectStore {

    /** The prefix of an upload's temporary name; no output glob of pz matches a dot file. */
    static final String TEMPORARY_PREFIX = ".pz-tmp-";

    private final SftpSettings settings;
    private final SftpConnection connection;

    SftpStore(SftpSettings settings) {
        this.settings = settings;
        this.connection = SftpConnection.open(settings);
    }

    /** Lists the directory part of {@code prefix} recursively and keeps the files under the prefix. */
    @Override
    public List<StoredObject> list(String container, String prefix) {
        int slash = prefix.lastIndexOf('/');
        String directory = slash < 0 ? "" : prefix.substring(0, slash + 1);
        List<StoredObject> found = new ArrayList<>();
        walk(directory, prefix, found);
        return found;
    }

    private void walk(String directory, String prefix, List<StoredObject> found) {
        Iterable<SftpClient.DirEntry> entries;
        try {
            entries = connection.sftp().readDir(directory.isEmpty() ? "." : directory);
            for (SftpClient.DirEntry entry : entries) {
                String name = entry.getFilename();
                if (name.equals(".") || name.equals("..")) {
                    continue;
                }
                String key = directory + name;
                SftpClient.Attributes attributes = entry.getAttributes();
                if (attributes.isDirectory()) {
                    if (prefix.startsWith(key + "/") || (key + "/").startsWith(prefix)) {
                        walk(key + "/", prefix, found);
                    }
                } else if (attributes.isRegularFile() && key.startsWith(prefix)) {
                    found.add(new StoredObject(key, attributes.getSize()));
                }
            }
        } catch (SftpException e) {
            if (e.getStatus() == SftpConstants.SSH_FX_NO_SUCH_FILE) {
                return;
            }
            throw failure("list of '" + directory + "' failed", e);
        } catch (IOException e) {
            throw failure("list of '" + directory + "' failed", e);
        }
    }

    @Override
    public void download(String container, String key, Path target) {
        try (InputStream in = connection.sftp().read(key)) {
            Files.copy(in, target);
        } catch (IOException e) {
            throw failure("download of '" + key + "' failed", e);
        }
    }

    @Override
    public void upload(Path file, String container, String key) {
        int slash = key.lastIndexOf('/');
        String directory = slash < 0 ? "" : key.substring(0, slash);
        String name = key.substring(slash + 1);
        String temporary = (slash < 0 ? "" : directory + "/") + TEMPORARY_PREFIX
                + UUID.randomUUID().toString().replace("-", "") + "-" + name;
        SftpClient sftp = connection.sftp();
        try {
            makeDirectories(directory);
            try (OutputStream out = sftp.write(temporary)) {
                Files.copy(file, out);
            }
            replace(temporary, key);
        } catch (IOException e) {
            deleteQuietly(temporary);
            throw failure("upload of '" + key + "' failed", e);
        }
    }

    /**
     * Renames the temporary onto the final name: atomically with OpenSSH's
     * {@code posix-rename@openssh.com} or an SFTP v5+ overwriting rename; on a plain v3 server the
     * old file is removed first (its rename refuses an existing target), leaving a moment without it.
     */
    private void replace(String temporary, String key) throws IOException {
        SftpClient sftp = connection.sftp();
        OpenSSHPosixRenameExtension posix = sftp.getExtension(OpenSSHPosixRenameExtension.class);
        if (posix != null && posix.isSupported()) {
            posix.posixRename(temporary, key);
        } else if (sftp.getVersion() >= SftpConstants.SFTP_V5) {
            sftp.rename(temporary, key, CopyMode.Overwrite);
        } else {
            if (exists(key)) {
                sftp.remove(key);
            }
            sftp.rename(temporary, key);
        }
    }

    private boolean exists(String path) throws IOException {
        try {
            connection.sftp().stat(path);
            return true;
        } catch (SftpException e) {
            if (e.getStatus() == SftpConstants.SSH_FX_NO_SUCH_FILE) {
                return false;
            }
            throw e;
        }
    }

    private void makeDirectories(String directory) throws IOException {
        if (directory.isEmpty() || exists(directory)) {
            return;
        }
        int slash = directory.lastIndexOf('/');
        if (slash > 0) {
            makeDirectories(directory.substring(0, slash));
        }
        try {
            connection.sftp().mkdir(directory);
        } catch (SftpException e) {
            if (!exists(directory)) {
                throw e;
            }
        }
    }

    private void deleteQuietly(String path) {
        try {
            connection.sftp().remove(path);
        } catch (IOException ignored) {
            // A dot file the next replace of the same output does not read; nothing reads it.
        }
    }

    /** Whether {@code path} is a directory on the server. */
    boolean isDirectory(String path) {
        try {
            return connection.sftp().stat(path).isDirectory();
        } catch (IOException e) {
            return false;
        }
    }

    String presentedFingerprint() {
        return connection.presentedFingerprint();
    }

    private PzConnectorException failure(String what, IOException e) {
        boolean permanent = e instanceof SftpException sftp && (sftp.getStatus() == SftpConstants.SSH_FX_NO_SUCH_FILE
                || sftp.getStatus() == SftpConstants.SSH_FX_PERMISSION_DENIED);
        return new PzConnectorException(PzCode.NODE_FAILED, settings.display() + ": " + what + " (" + e.getMessage()
                + ")", !permanent, null, e);
    }

    @Override
    public void close() {
        connection.close();
    }
}
