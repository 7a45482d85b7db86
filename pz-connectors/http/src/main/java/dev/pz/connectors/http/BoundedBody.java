package dev.pz.connectors.http;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A response body collected into one array, refused as soon as it passes {@code limit} bytes: a
 * page is parsed whole, so an endpoint must not be able to stream a run into an out-of-memory.
 */
final class BoundedBody implements HttpResponse.BodySubscriber<byte[]> {

    /** The body passed its limit; the exchange was cancelled. */
    static final class TooLargeException extends IOException {
        private static final long serialVersionUID = 1L;

        TooLargeException() {
            super("response body too large");
        }
    }

    private final long limit;
    private byte[] bytes = new byte[8192];
    private int size;
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private Flow.Subscription subscription;

    /** {@code limit} is capped at what one Java array can hold (2 GiB). */
    BoundedBody(long limit) {
        this.limit = Math.min(limit, Integer.MAX_VALUE - 8);
    }

    static HttpResponse.BodyHandler<byte[]> handler(long limit) {
        return info -> new BoundedBody(limit);
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        for (ByteBuffer buffer : buffers) {
            int count = buffer.remaining();
            if (size + (long) count > limit) {
                subscription.cancel();
                result.completeExceptionally(new TooLargeException());
                return;
            }
            if (size + count > bytes.length) {
                bytes = Arrays.copyOf(bytes, (int) Math.min(limit, Math.max(size + (long) count, 2L * bytes.length)));
            }
            buffer.get(bytes, size, count);
            size += count;
        }
    }

    @Override
    public void onError(Throwable failure) {
        result.completeExceptionally(failure);
    }

    @Override
    public void onComplete() {
        result.complete(Arrays.copyOf(bytes, size));
    }
}
