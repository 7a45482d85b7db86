package dev.pz.connectors.gcs;

import dev.pz.connectors.files.remote.ObjectStores;

/**
 * Opens a store per use: the XML API with the HMAC key pair under {@code auth: hmac}, else a Storage
 * client (JSON API) with the connection's Google credentials.
 */
record GcsStores(GcsSettings settings, GcsClients clients) implements ObjectStores {

    @Override
    public String kind() {
        return GcsConnectorFactory.NAME;
    }

    @Override
    public String url(String bucket, String key) {
        return "gs://" + bucket + "/" + key;
    }

    @Override
    public GcsBucketStore open() {
        if (settings.auth() == GcsOptions.Auth.HMAC) {
            return new GcsHmacStore(settings);
        }
        return new GcsStore(clients.open(settings));
    }
}
