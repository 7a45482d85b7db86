package dev.pz.connectors.gcs;

import com.google.cloud.ReadChannel;
import com.google.cloud.storage.Blob;
import com.google.cloud.storage.BlobId;
import com.google.cloud.storage.BlobInfo;
import com.google.cloud.storage.Storage;
import com.google.cloud.storage.StorageException;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.remote.StoredObject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Objects in Google Cloud Storage as a {@link RemoteStore}. An upload is one object write whose
 * completion makes the object visible whole; until then readers see the previous generation.
 */
final class GcsStore implements GcsBucketStore {

    private final Storage storage;

    GcsStore(Storage storage) {
        this.storage = storage;
    }

    @Override
    public List<StoredObject> list(String bucket, String prefix) {
        List<StoredObject> objects = new ArrayList<>();
        try {
            for (Blob blob : storage.list(bucket, Storage.BlobListOption.prefix(prefix)).iterateAll()) {
                if (!blob.getName().endsWith("/")) {
                    objects.add(new StoredObject(blob.getName(), blob.getSize() == null ? 0 : blob.getSize()));
                }
            }
        } catch (StorageException e) {
            throw failure("gcs bucket '" + bucket + "': list failed", e);
        }
        return objects;
    }

    @Override
    public void download(String bucket, String key, Path target) {
        try (ReadChannel reader = storage.reader(BlobId.of(bucket, key));
                InputStream in = Channels.newInputStream(reader)) {
            Files.copy(in, target);
        } catch (StorageException e) {
            throw failure("gcs object 'gs://" + bucket + "/" + key + "': download failed", e);
        } catch (IOException e) {
            throw failure("gcs object 'gs://" + bucket + "/" + key + "': download failed", e);
        }
    }

    @Override
    public void upload(Path file, String bucket, String key) {
        try {
            storage.createFrom(BlobInfo.newBuilder(bucket, key).build(), file);
        } catch (StorageException e) {
            throw failure("gcs object 'gs://" + bucket + "/" + key + "': upload failed", e);
        } catch (IOException e) {
            throw failure("gcs object 'gs://" + bucket + "/" + key + "': upload failed", e);
        }
    }

    @Override
    public void probe(String bucket, String prefix) {
        try {
            storage.list(bucket, Storage.BlobListOption.prefix(prefix), Storage.BlobListOption.pageSize(1));
        } catch (StorageException e) {
            throw failure("gcs bucket '" + bucket + "': list failed", e);
        }
    }

    /**
     * A missing bucket or object and denied access are permanent; what the client itself would retry
     * (rate limits, server errors, broken connections) is transient.
     */
    private static PzConnectorException failure(String what, StorageException e) {
        String reason = switch (e.getCode()) {
            case 401 -> "the credentials were refused (HTTP 401)";
            case 403 -> "access denied (HTTP 403)";
            case 404 -> "not found (HTTP 404)";
            default -> e.getMessage();
        };
        boolean permanent = e.getCode() == 401 || e.getCode() == 403 || e.getCode() == 404;
        return new PzConnectorException(PzCode.NODE_FAILED, what + ": " + reason, !permanent && (e.isRetryable()
                || e.getCode() == 0 || e.getCode() >= 500 || e.getCode() == 429 || e.getCode() == 408), null, e);
    }

    private static PzConnectorException failure(String what, IOException e) {
        return new PzConnectorException(PzCode.NODE_FAILED, what + ": " + e.getMessage(), true, null, e);
    }

    @Override
    public void close() {
        // The HTTP Storage client holds no connection of its own between calls.
    }
}
