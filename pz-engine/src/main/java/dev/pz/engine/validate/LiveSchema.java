package dev.pz.engine.validate;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.Source;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A dataset's live schema, read through a source its connector opens, and the bound on how long a
 * live probe may take: a server that never answers must not hang {@code pz validate --connect}.
 */
final class LiveSchema {

    private LiveSchema() {
    }

    /** The dataset's schema; empty when the connector cannot read. */
    static Optional<Schema> fetch(Connector connector, ConnectorConfig config, DatasetSpec spec,
            ExecutorService pool, Duration timeout) throws TimeoutException {
        return Optional.ofNullable(bounded(pool.submit(() -> {
            Optional<Source> opened = connector.openSource(config);
            if (opened.isEmpty()) {
                return null;
            }
            try (Source reader = opened.get()) {
                return reader.schema(spec);
            }
        }), timeout));
    }

    /** What {@code future} computes within {@code timeout} (cancelled after it); its failure rethrown unchecked. */
    static <T> T bounded(Future<T> future, Duration timeout) throws TimeoutException {
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(cause.getMessage(), cause);
        }
    }

    /** Daemon threads for probes, so an abandoned probe never keeps pz alive. */
    static ExecutorService probePool(String name) {
        return Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        });
    }
}
