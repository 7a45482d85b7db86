package dev.pz.connectors.azureblob;

import com.azure.core.credential.TokenCredential;
import dev.pz.connectors.files.remote.ObjectStore;
import dev.pz.connectors.files.remote.ObjectStores;

/** One azureblob connection's store: {@code <scheme>://container/key} names, and a client per operation. */
final class AzureStores implements ObjectStores {

    /** How messages and mechanisms name the store. */
    static final String KIND = "azure";

    private final AzureSettings settings;
    private final String scheme;
    private final long singleUploadSize;
    private final long blockSize;
    private TokenCredential token;

    AzureStores(AzureSettings settings, String scheme) {
        this(settings, scheme, AzureObjectStore.SINGLE_UPLOAD_SIZE, AzureObjectStore.BLOCK_SIZE);
    }

    /** Tests take the block-upload path with small files. */
    AzureStores(AzureSettings settings, String scheme, long singleUploadSize, long blockSize) {
        this.settings = settings;
        this.scheme = scheme;
        this.singleUploadSize = singleUploadSize;
        this.blockSize = blockSize;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String url(String container, String key) {
        return urlOf(scheme, container, key);
    }

    static String urlOf(String scheme, String container, String key) {
        return scheme + "://" + container + "/" + key;
    }

    @Override
    public ObjectStore open() {
        return new AzureObjectStore(AzureClients.create(settings, token()), scheme, singleUploadSize, blockSize);
    }

    /**
     * The Azure AD credential of a token {@code auth}, proven by one token on the first open and shared
     * by later ones (it caches and renews its token); null for the key and signature forms.
     */
    private synchronized TokenCredential token() {
        if (token == null && settings.auth().token()) {
            token = AzureCredentials.resolved(settings, AzureCredentials.credential(settings,
                    AzureClients.httpClient()));
        }
        return token;
    }
}
