package dev.pz.connectors.files.remote;

/**
 * One connection's object store, before any client exists: how objects are named in plans and
 * messages, and how to open a client. Plans hold this, never an open client, so planning stays
 * offline and a run opens clients only for the nodes that move bytes.
 */
public interface ObjectStores {

    /** How messages and mechanisms name the store: {@code s3}, {@code azure}. */
    String kind();

    /** How plans and messages name an object: {@code s3://bucket/key}, {@code az://container/key}. */
    String url(String container, String key);

    /** A new client; the caller closes it. */
    ObjectStore open();
}
