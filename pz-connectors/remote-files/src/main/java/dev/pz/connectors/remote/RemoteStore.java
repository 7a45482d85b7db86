package dev.pz.connectors.remote;

import java.nio.file.Path;
import java.util.List;

/**
 * An open client of one remote file store (an SFTP server, a GCS bucket): list, download, upload.
 * It is the only code that talks to the store; every format is DuckDB's work on local files.
 * Failures are {@link dev.pz.connectors.api.error.PzConnectorException}s whose message names the
 * file or object and never a credential, marked transient when a retry may succeed.
 *
 * <p>{@code container} is the bucket for an object store and is ignored by a store without one
 * (SFTP). Keys are slash-separated.
 */
public interface RemoteStore extends AutoCloseable {

    /** Every file whose key starts with {@code prefix}, at any depth, directories left out. */
    List<StoredObject> list(String container, String prefix);

    /** Copies one file into {@code target}, which must not exist yet. */
    void download(String container, String key, Path target);

    /**
     * Publishes {@code file} as {@code key}, replacing what is there: readers see the old file or
     * the whole new one, never a part (an object store's single upload; SFTP's temporary name and
     * rename). On failure nothing new is visible under {@code key}.
     */
    void upload(Path file, String container, String key);

    @Override
    void close();
}
