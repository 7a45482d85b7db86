package dev.pz.connectors.gcs;

import dev.pz.connectors.remote.RemoteStores;

/** Opens a Storage client per store, with the connection's credentials. */
record GcsStores(GcsSettings settings, GcsClients clients) implements RemoteStores {

    @Override
    public String kind() {
        return GcsConnectorFactory.NAME;
    }

    @Override
    public String url(String bucket, String key) {
        return "gs://" + bucket + "/" + key;
    }

    @Override
    public GcsStore open() {
        return new GcsStore(clients.open(settings));
    }
}
