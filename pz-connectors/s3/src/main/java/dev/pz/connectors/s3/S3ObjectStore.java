package dev.pz.connectors.s3;

import dev.pz.connectors.files.remote.ObjectStore;
import dev.pz.connectors.files.remote.ParallelTransfers;
import dev.pz.connectors.files.remote.StoredObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.core.sync.ResponseTransformer;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * One open S3 client: paged listings, downloads to files, and uploads that appear whole or not at
 * all. A file up to {@code multipartThreshold} bytes is one PUT; a larger one is a multipart upload
 * whose parts go up in parallel and become the object only when the upload is completed. Any failure,
 * or an interrupt, aborts the multipart upload so no part is left stored.
 */
final class S3ObjectStore implements ObjectStore {

    static final long MULTIPART_THRESHOLD = 16L * 1024 * 1024;
    static final long MIN_PART_SIZE = 8L * 1024 * 1024;
    /** S3's limit on the parts of one upload. */
    private static final int MAX_PARTS = 10_000;
    private static final int UPLOAD_PARALLELISM = 4;

    private final S3Client client;
    private final long multipartThreshold;
    private final long minPartSize;

    S3ObjectStore(S3Client client, long multipartThreshold, long minPartSize) {
        this.client = client;
        this.multipartThreshold = multipartThreshold;
        this.minPartSize = minPartSize;
    }

    @Override
    public List<StoredObject> list(String bucket, String prefix) {
        List<StoredObject> objects = new ArrayList<>();
        try {
            for (S3Object object : client.listObjectsV2Paginator(request -> request.bucket(bucket).prefix(prefix))
                    .contents()) {
                if (!object.key().endsWith("/")) {
                    objects.add(new StoredObject(object.key(), object.size() == null ? 0 : object.size()));
                }
            }
        } catch (SdkException e) {
            throw S3Failures.of("s3 bucket '" + bucket + "': list of '" + prefix + "' failed", e);
        }
        return objects;
    }

    @Override
    public void download(String bucket, String key, Path target) {
        try {
            client.getObject(request -> request.bucket(bucket).key(key), ResponseTransformer.toFile(target));
        } catch (SdkException e) {
            throw S3Failures.of("s3 object '" + S3Stores.urlOf(bucket, key) + "': download failed", e);
        }
    }

    @Override
    public void upload(Path file, String bucket, String key) {
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String what = "s3 object '" + S3Stores.urlOf(bucket, key) + "': upload failed";
        if (size <= multipartThreshold) {
            try {
                client.putObject(request -> request.bucket(bucket).key(key), RequestBody.fromFile(file));
            } catch (SdkException e) {
                throw S3Failures.of(what, e);
            }
            return;
        }
        String uploadId;
        try {
            uploadId = client.createMultipartUpload(request -> request.bucket(bucket).key(key)).uploadId();
        } catch (SdkException e) {
            throw S3Failures.of(what, e);
        }
        try {
            List<CompletedPart> parts = uploadParts(file, size, bucket, key, uploadId, what);
            client.completeMultipartUpload(request -> request.bucket(bucket).key(key).uploadId(uploadId)
                    .multipartUpload(upload -> upload.parts(parts)));
        } catch (SdkException e) {
            abort(bucket, key, uploadId, e);
            throw S3Failures.of(what, e);
        } catch (RuntimeException | Error e) {
            abort(bucket, key, uploadId, e);
            throw e;
        }
    }

    /** The parts of a file, uploaded in parallel, in part-number order. */
    private List<CompletedPart> uploadParts(Path file, long size, String bucket, String key, String uploadId,
            String what) {
        long partSize = Math.max(minPartSize, (size + MAX_PARTS - 1) / MAX_PARTS);
        int count = (int) ((size + partSize - 1) / partSize);
        CompletedPart[] parts = new CompletedPart[count];
        List<ParallelTransfers.Transfer> transfers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int number = i + 1;
            long offset = i * partSize;
            int length = (int) Math.min(partSize, size - offset);
            transfers.add(() -> {
                byte[] bytes = read(file, offset, length);
                try {
                    String etag = client.uploadPart(request -> request.bucket(bucket).key(key).uploadId(uploadId)
                            .partNumber(number).contentLength((long) length), RequestBody.fromBytes(bytes)).eTag();
                    parts[number - 1] = CompletedPart.builder().partNumber(number).eTag(etag).build();
                } catch (SdkException e) {
                    throw S3Failures.of(what + " (part " + number + " of " + count + ")", e);
                }
            });
        }
        ParallelTransfers.runAll(transfers, UPLOAD_PARALLELISM, "pz-s3-upload");
        return Arrays.asList(parts);
    }

    /**
     * Best effort: a failed abort leaves an incomplete upload the bucket's lifecycle rules reclaim. A
     * cancelled upload arrives here interrupted; the SDK refuses to start a request on an interrupted
     * thread, so the flag is held back for the abort and restored after it.
     */
    private void abort(String bucket, String key, String uploadId, Throwable cause) {
        boolean interrupted = Thread.interrupted();
        try {
            client.abortMultipartUpload(request -> request.bucket(bucket).key(key).uploadId(uploadId));
        } catch (SdkException e) {
            cause.addSuppressed(e);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static byte[] read(Path file, long offset, int length) throws IOException {
        byte[] bytes = new byte[length];
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            while (buffer.hasRemaining()) {
                if (channel.read(buffer, offset + buffer.position()) < 0) {
                    throw new IOException("the spool file ended before byte " + (offset + length));
                }
            }
        }
        return bytes;
    }

    @Override
    public void close() {
        client.close();
    }
}
