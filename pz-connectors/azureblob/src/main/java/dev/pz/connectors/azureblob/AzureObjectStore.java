package dev.pz.connectors.azureblob;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.models.ParallelTransferOptions;
import dev.pz.connectors.files.remote.ObjectStore;
import dev.pz.connectors.files.remote.StoredObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One open blob service client: listings (directory entries of hierarchical-namespace accounts left
 * out), downloads to files, and block-blob uploads. An upload up to {@code singleUploadSize} bytes is
 * one request; a larger one stages blocks in parallel that become the blob only when the block list is
 * committed, so a failed upload leaves the previous blob (or none) and no visible part.
 */
final class AzureObjectStore implements ObjectStore {

    static final long SINGLE_UPLOAD_SIZE = 16L * 1024 * 1024;
    static final long BLOCK_SIZE = 8L * 1024 * 1024;
    private static final int UPLOAD_PARALLELISM = 4;

    private final BlobServiceClient client;
    private final String scheme;
    private final long singleUploadSize;
    private final long blockSize;

    AzureObjectStore(BlobServiceClient client, String scheme, long singleUploadSize, long blockSize) {
        this.client = client;
        this.scheme = scheme;
        this.singleUploadSize = singleUploadSize;
        this.blockSize = blockSize;
    }

    @Override
    public List<StoredObject> list(String container, String prefix) {
        BlobContainerClient blobs = client.getBlobContainerClient(container);
        ListBlobsOptions options = new ListBlobsOptions().setPrefix(prefix)
                .setDetails(new BlobListDetails().setRetrieveMetadata(true));
        List<StoredObject> objects = new ArrayList<>();
        try {
            for (BlobItem item : blobs.listBlobs(options, null)) {
                if (!isDirectory(item)) {
                    objects.add(new StoredObject(item.getName(), item.getProperties().getContentLength() == null ? 0
                            : item.getProperties().getContentLength()));
                }
            }
        } catch (RuntimeException e) {
            throw AzureFailures.of("azure container '" + container + "': list failed", e);
        }
        return objects;
    }

    /** A folder: a name ending in {@code /}, or an ADLS Gen2 directory entry ({@code hdi_isfolder}). */
    private static boolean isDirectory(BlobItem item) {
        if (Boolean.TRUE.equals(item.isPrefix()) || item.getName().endsWith("/")) {
            return true;
        }
        Map<String, String> metadata = item.getMetadata();
        return metadata != null && "true".equalsIgnoreCase(metadata.get("hdi_isfolder"));
    }

    @Override
    public void download(String container, String key, Path target) {
        try {
            client.getBlobContainerClient(container).getBlobClient(key).downloadToFile(target.toString());
        } catch (RuntimeException e) {
            throw AzureFailures.of("azure blob '" + AzureStores.urlOf(scheme, container, key) + "': download failed", e);
        }
    }

    @Override
    public void upload(Path file, String container, String key) {
        ParallelTransferOptions transfer = new ParallelTransferOptions().setBlockSizeLong(blockSize)
                .setMaxSingleUploadSizeLong(singleUploadSize).setMaxConcurrency(UPLOAD_PARALLELISM);
        try {
            client.getBlobContainerClient(container).getBlobClient(key)
                    .uploadFromFile(file.toString(), transfer, null, null, null, null, null);
        } catch (RuntimeException e) {
            throw AzureFailures.of("azure blob '" + AzureStores.urlOf(scheme, container, key) + "': upload failed", e);
        }
    }

    @Override
    public void close() {
        // The service client holds no connection of its own beyond the shared HTTP client's pool.
    }
}
