package dev.pz.connectors.sftp;

import dev.pz.connectors.remote.RemoteStore;
import dev.pz.connectors.remote.RemoteStores;

/** Opens an authenticated SFTP session per store. */
record SftpStores(SftpSettings settings) implements RemoteStores {

    @Override
    public String kind() {
        return SftpConnectorFactory.NAME;
    }

    @Override
    public String url(String container, String key) {
        return "sftp://" + settings.host() + (key.startsWith("/") ? "" : "/") + key;
    }

    @Override
    public RemoteStore open() {
        return new SftpStore(settings);
    }
}
