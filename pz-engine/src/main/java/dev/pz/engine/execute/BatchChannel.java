package dev.pz.engine.execute;

import dev.pz.engine.events.NodeResult;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;

/**
 * A bounded hand-off of Arrow record batches between one side reading and the other writing
 * (capacity 4 unless told otherwise). Each side's waiting time is its stall: a producer blocked on a full channel is
 * waiting for the consumer, a consumer blocked on an empty one is waiting for the producers. A
 * batch in the channel is owned by the channel until taken; {@link #close} releases what is left.
 */
final class BatchChannel implements AutoCloseable {
    static final int CAPACITY = 4;
    private static final Object END = new Object();

    private final BlockingQueue<Object> queue;
    private final AtomicLong producerStallNanos = new AtomicLong();
    private final AtomicLong consumerStallNanos = new AtomicLong();
    private final Cancellation cancellation;
    private volatile boolean closed;
    /** END or a Failure once the consumer has seen it: a reader may be asked again after its end. */
    private volatile Object terminal;

    BatchChannel(Cancellation cancellation) {
        this(cancellation, CAPACITY);
    }

    BatchChannel(Cancellation cancellation, int capacity) {
        this.cancellation = cancellation;
        this.queue = new ArrayBlockingQueue<>(capacity);
    }

    /** Hands a batch over; ownership passes to the channel. Blocks while the channel is full. */
    void put(ArrowRecordBatch batch) {
        offer(batch);
    }

    /** Signals that the producers are done. */
    void finish() {
        offer(END);
    }

    /** Signals that a producer failed; the consumer rethrows the failure. */
    void fail(RuntimeException failure) {
        offer(new Failure(failure));
    }

    private void offer(Object item) {
        long started = System.nanoTime();
        try {
            while (!queue.offer(item, 50, TimeUnit.MILLISECONDS)) {
                if (closed || cancellation.isCancelled()) {
                    release(item);
                    throw new Cancellation.CancelledException();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            release(item);
            throw new Cancellation.CancelledException();
        } finally {
            producerStallNanos.addAndGet(System.nanoTime() - started);
        }
    }

    /**
     * The next batch, owned by the caller from now on, or null when the producers are done. Throws
     * the producers' failure.
     */
    ArrowRecordBatch take() {
        Object seen = terminal;
        if (seen != null) {
            return endOrThrow(seen);
        }
        long started = System.nanoTime();
        try {
            Object item;
            while ((item = queue.poll(50, TimeUnit.MILLISECONDS)) == null) {
                if (cancellation.isCancelled()) {
                    throw new Cancellation.CancelledException();
                }
            }
            if (item == END || item instanceof Failure) {
                terminal = item;
                return endOrThrow(item);
            }
            return (ArrowRecordBatch) item;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Cancellation.CancelledException();
        } finally {
            consumerStallNanos.addAndGet(System.nanoTime() - started);
        }
    }

    private static ArrowRecordBatch endOrThrow(Object item) {
        if (item instanceof Failure failure) {
            throw failure.cause();
        }
        return null;
    }

    NodeResult.Timings timings() {
        return new NodeResult.Timings(producerStallNanos.get() / 1_000_000, consumerStallNanos.get() / 1_000_000);
    }

    @Override
    public void close() {
        closed = true;
        Object item;
        while ((item = queue.poll()) != null) {
            release(item);
        }
    }

    private static void release(Object item) {
        if (item instanceof ArrowRecordBatch batch) {
            batch.close();
        }
    }

    /** A producer's failure travelling to the consumer. */
    private record Failure(RuntimeException cause) {
    }
}
