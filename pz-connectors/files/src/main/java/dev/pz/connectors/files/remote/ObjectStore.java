package dev.pz.connectors.files.remote;

import java.nio.file.Path;
import java.util.List;

/**
 * An open client of one remote file store (an S3 or GCS bucket, an Azure container, an SFTP server):
 * list, download, upload. Everything format-related happens in DuckDB on local files; this is the only
 * code that talks to the store. Failures are {@link dev.pz.connectors.api.error.PzConnectorException}s
 * whose message names the file or object and never a credential, marked transient when a retry may
 * succeed. Opened per operation by its {@link ObjectStores} and closed after.
 *
 * <p>{@code container} is the bucket or container; a store without one (SFTP) ignores it. Keys are
 * slash-separated.
 */
public interface ObjectStore extends ObjectUpload, AutoCloseable {

    /** Every object whose key starts with {@code prefix}, at any depth, with directories left out. */
    List<StoredObject> list(String container, String prefix);

    /** Copies one object into {@code target}, which must not exist yet. */
    void download(String container, String key, Path target);

    @Override
    void close();
}
