package dev.pz.connectors.remote;

import dev.pz.connectors.api.NativeCopy;
import java.nio.file.Path;

/** Publishes a finished local file by uploading it to one key, on a store opened for the upload. */
public record RemoteUpload(RemoteStores stores, String container, String key)
        implements SpooledWriteSession.Publisher, NativeCopy.Publisher {

    @Override
    public void publish(Path finished) {
        try (RemoteStore store = stores.open()) {
            store.upload(finished, container, key);
        }
    }
}
