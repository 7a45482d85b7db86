package dev.pz.engine.execute;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Threads that drain Arrow readers into a {@link BatchChannel}: each batch is unloaded into a
 * record batch that holds its own references to the buffers, so the reader may move on while the
 * channel still holds it. The last producer to finish closes the channel's input; the first
 * failure is kept and handed to the consumer.
 *
 * <p>The producers run in a cancellation scope of their own under the node's: cancelling the node,
 * or {@link #stop()} after the consumer failed, cancels every open reader that is
 * {@link dev.pz.connectors.api.Cancellable}. DuckDB cannot interrupt a reader in the middle of a
 * batch, so a slow source is stopped through the source itself.
 */
final class ArrowProducers {
    private final BatchChannel channel;
    private final Cancellation scope;
    private final org.apache.arrow.vector.types.pojo.Schema expected;
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private final AtomicInteger remaining;
    private final AtomicLong bytesRead = new AtomicLong();
    private final List<Thread> threads;

    /** A source of one reader; opening may fail like reading. */
    interface ReaderSource {
        ArrowReader open();
    }

    private ArrowProducers(BatchChannel channel, Cancellation scope, List<ReaderSource> sources, String name,
            org.apache.arrow.vector.types.pojo.Schema expected) {
        this.channel = channel;
        this.scope = scope;
        this.expected = expected;
        this.remaining = new AtomicInteger(sources.size());
        this.threads = sources.stream().map(source -> {
            Thread thread = new Thread(() -> produce(source), name);
            thread.setDaemon(true);
            return thread;
        }).toList();
    }

    static ArrowProducers start(BatchChannel channel, Cancellation node, List<ReaderSource> sources, String name) {
        return start(channel, node, sources, name, null);
    }

    /**
     * As above; when {@code expected} is given, a batch with more columns than it (a connector that
     * ignored a column hint) is narrowed to the expected columns, by name, without copying.
     */
    static ArrowProducers start(BatchChannel channel, Cancellation node, List<ReaderSource> sources, String name,
            org.apache.arrow.vector.types.pojo.Schema expected) {
        ArrowProducers producers = new ArrowProducers(channel, node.child(), sources, name, expected);
        if (sources.isEmpty()) {
            channel.finish();
        }
        producers.threads.forEach(Thread::start);
        return producers;
    }

    private void produce(ReaderSource source) {
        try {
            scope.throwIfCancelled();
            try (ArrowReader reader = source.open();
                    Cancellation.Registration stoppable = scope.trackWhileOpen(reader)) {
                long counted = 0;
                while (failure.get() == null && !scope.isCancelled() && reader.loadNextBatch()) {
                    long consumed = reader.bytesRead();
                    bytesRead.addAndGet(consumed - counted);
                    counted = consumed;
                    channel.put(new VectorUnloader(narrow(reader.getVectorSchemaRoot())).getRecordBatch());
                }
                scope.throwIfCancelled();
            }
        } catch (RuntimeException | java.io.IOException e) {
            if (scope.isCancelled()) {
                // A cancelled reader fails however it likes; the consumer is told by the scope, not by this.
                failure.compareAndSet(null, new Cancellation.CancelledException());
                return;
            }
            fail(e);
            return;
        }
        if (remaining.decrementAndGet() == 0 && failure.get() == null) {
            channel.finish();
        }
    }

    private void fail(Exception e) {
        RuntimeException cause = e instanceof RuntimeException runtime ? runtime : new java.io.UncheckedIOException(
                (java.io.IOException) e);
        if (cause instanceof Cancellation.CancelledException) {
            failure.compareAndSet(null, cause);
        } else if (failure.compareAndSet(null, cause)) {
            channel.fail(cause);
        }
    }

    private org.apache.arrow.vector.VectorSchemaRoot narrow(org.apache.arrow.vector.VectorSchemaRoot root) {
        if (expected == null) {
            return root;
        }
        if (root.getFieldVectors().size() == expected.getFields().size()) {
            conforms(root.getSchema());
            return root;
        }
        java.util.Map<String, org.apache.arrow.vector.FieldVector> byName = new java.util.HashMap<>();
        root.getFieldVectors().forEach(vector -> byName.putIfAbsent(
                vector.getName().toLowerCase(java.util.Locale.ROOT), vector));
        List<org.apache.arrow.vector.FieldVector> kept = new java.util.ArrayList<>();
        for (org.apache.arrow.vector.types.pojo.Field field : expected.getFields()) {
            org.apache.arrow.vector.FieldVector vector = byName.get(field.getName().toLowerCase(java.util.Locale.ROOT));
            if (vector == null) {
                throw mismatch(root.getSchema());
            }
            kept.add(vector);
        }
        conforms(new org.apache.arrow.vector.types.pojo.Schema(kept.stream().map(
                org.apache.arrow.vector.FieldVector::getField).toList()));
        // Shares the reader's vectors; never closed here, the reader owns them.
        return new org.apache.arrow.vector.VectorSchemaRoot(expected.getFields(), kept, root.getRowCount());
    }

    /**
     * A batch must have the schema the source declared: same columns, same Arrow types. Loading a
     * batch of other types into the declared vectors would misread its buffers, so it is refused.
     */
    private void conforms(org.apache.arrow.vector.types.pojo.Schema actual) {
        List<org.apache.arrow.vector.types.pojo.Field> want = expected.getFields();
        List<org.apache.arrow.vector.types.pojo.Field> got = actual.getFields();
        boolean same = want.size() == got.size();
        for (int i = 0; same && i < want.size(); i++) {
            same = want.get(i).getName().equalsIgnoreCase(got.get(i).getName())
                    && want.get(i).getType().equals(got.get(i).getType());
        }
        if (!same) {
            throw mismatch(actual);
        }
    }

    private dev.pz.connectors.api.error.PzConnectorException mismatch(org.apache.arrow.vector.types.pojo.Schema actual) {
        return new dev.pz.connectors.api.error.PzConnectorException("the connector yielded a batch whose columns ("
                + describe(actual) + ") differ from the declared schema (" + describe(expected) + ")", false);
    }

    private static String describe(org.apache.arrow.vector.types.pojo.Schema schema) {
        return String.join(", ", schema.getFields().stream().map(field -> field.getName() + " " + field.getType())
                .toList());
    }

    /** The source bytes every reader consumed so far, as their {@link ArrowReader#bytesRead()} report it. */
    long bytesRead() {
        return bytesRead.get();
    }

    /** The first producer failure, if any. */
    RuntimeException failure() {
        return failure.get();
    }

    /** Stops every producer: their open readers are cancelled and their next put fails. */
    void stop() {
        scope.cancel("the consumer stopped");
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
