package dev.pz.connectors.remote;

/** Opens {@link RemoteStore}s of one connection and names its files for messages. */
public interface RemoteStores {

    /** The connector's name, e.g. {@code sftp}, for messages and thread names. */
    String kind();

    /** How messages show a file, e.g. {@code gs://bucket/raw/a.csv}; never holds a credential. */
    String url(String container, String key);

    /** Connects (and authenticates); the caller closes the store. */
    RemoteStore open();
}
