package dev.pz.engine.execute;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Threads that drain Arrow readers into a {@link BatchChannel}: each batch is unloaded into a
 * record batch that holds its own references to the buffers, so the reader may move on while the
 * channel still holds it. The last producer to finish closes the channel's input; the first
 * failure is kept and handed to the consumer.
 */
final class ArrowProducers {
    private final BatchChannel channel;
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private final AtomicInteger remaining;
    private final List<Thread> threads;

    /** A source of one reader; opening may fail like reading. */
    interface ReaderSource {
        ArrowReader open();
    }

    private ArrowProducers(BatchChannel channel, List<ReaderSource> sources, String name) {
        this.channel = channel;
        this.remaining = new AtomicInteger(sources.size());
        this.threads = sources.stream().map(source -> {
            Thread thread = new Thread(() -> produce(source), name);
            thread.setDaemon(true);
            return thread;
        }).toList();
    }

    static ArrowProducers start(BatchChannel channel, List<ReaderSource> sources, String name) {
        ArrowProducers producers = new ArrowProducers(channel, sources, name);
        if (sources.isEmpty()) {
            channel.finish();
        }
        producers.threads.forEach(Thread::start);
        return producers;
    }

    private void produce(ReaderSource source) {
        try (ArrowReader reader = source.open()) {
            while (failure.get() == null && reader.loadNextBatch()) {
                channel.put(new VectorUnloader(reader.getVectorSchemaRoot()).getRecordBatch());
            }
        } catch (Cancellation.CancelledException e) {
            failure.compareAndSet(null, e);
        } catch (RuntimeException e) {
            if (failure.compareAndSet(null, e)) {
                channel.fail(e);
            }
            return;
        } catch (java.io.IOException e) {
            RuntimeException wrapped = new java.io.UncheckedIOException(e);
            if (failure.compareAndSet(null, wrapped)) {
                channel.fail(wrapped);
            }
            return;
        }
        if (remaining.decrementAndGet() == 0 && failure.get() == null) {
            channel.finish();
        }
    }

    /** The first producer failure, if any. */
    RuntimeException failure() {
        return failure.get();
    }

    /** Waits for every producer thread. */
    void join() {
        for (Thread thread : threads) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
