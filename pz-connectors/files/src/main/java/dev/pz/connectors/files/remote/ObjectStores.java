package dev.pz.connectors.files.remote;

/**
 * One connection's remote store, before any client exists: how objects are named in plans and
 * messages, and how to open a client. Plans hold this, never an open client, so planning stays
 * offline and a run opens clients only for the nodes that move bytes.
 */
public interface ObjectStores {

    /** How messages and thread names name the store: {@code s3}, {@code azure}, {@code gcs}, {@code sftp}. */
    String kind();

    /** How plans and messages name an object, e.g. {@code s3://bucket/key}; never holds a credential. */
    String url(String container, String key);

    /** A new client; the caller closes it. */
    ObjectStore open();

    /**
     * How many transfers one open client carries at once. Object stores answer many requests in
     * parallel; a store whose client is one session (SFTP) says 1.
     */
    default int parallelTransfers() {
        return ParallelTransfers.DEFAULT_PARALLELISM;
    }
}
