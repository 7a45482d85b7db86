package dev.pz.connectors.sftp;

import dev.pz.connectors.files.remote.ObjectStore;
import dev.pz.connectors.files.remote.ObjectStores;

/** Opens an authenticated SFTP session per store; one session carries one transfer at a time. */
record SftpStores(SftpSettings settings) implements ObjectStores {

    @Override
    public String kind() {
        return SftpConnectorFactory.NAME;
    }

    @Override
    public String url(String container, String key) {
        return "sftp://" + settings.host() + (key.startsWith("/") ? "" : "/") + key;
    }

    @Override
    public ObjectStore open() {
        return new SftpStore(settings);
    }

    @Override
    public int parallelTransfers() {
        return 1;
    }
}
