package dev.pz.testing.memory;

import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.Text;

/** The write side of a {@code memory} connection: rows land in the store (and a file, with {@code path}) at commit. */
final class MemorySink implements Sink {
    private final MemoryStore store;
    private final Path baseDir;

    MemorySink(MemoryStore store, Path baseDir) {
        this.store = store;
        this.baseDir = baseDir;
    }

    @Override
    public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        return Optional.empty();
    }

    @Override
    public WriteSession beginWrite(OutputSpec spec, Schema schema) {
        String probe = spec.get(MemoryConnector.PROBE);
        Probes.record(probe, "begin");
        Probes.textLengths(probe, spec.maxTextLengths());
        MemoryConnector.fault(store, spec.entity(), "write output '" + spec.entity() + "'", probe,
                spec.get(MemoryConnector.FAIL), spec.get(MemoryConnector.TRANSIENT_FAILURES));
        Optional<Path> filler = spec.find(MemoryConnector.FILL_DISK).map(baseDir::resolve);
        boolean fillAtBegin = spec.get(MemoryConnector.FILL_DISK_WHEN).equals("begin");
        if (fillAtBegin) {
            filler.ifPresent(MemorySink::fillDisk);
        }
        return new Session(spec, probe, filler, fillAtBegin);
    }

    @Override
    public void close() {
        // Holds no resources.
    }

    /** A write session that can be cancelled from another thread. */
    private final class Session implements WriteSession, Cancellable {
        private final OutputSpec spec;
        private final String probe;
        private final Optional<Path> filler;
        private final boolean fillAtBegin;
        private final List<List<Object>> rows = new ArrayList<>();
        private final CountDownLatch cancelled = new CountDownLatch(1);
        private long batches;

        Session(OutputSpec spec, String probe, Optional<Path> filler, boolean fillAtBegin) {
            this.spec = spec;
            this.probe = probe;
            this.filler = filler;
            this.fillAtBegin = fillAtBegin;
        }

        @Override
        public void cancel() {
            Probes.record(probe, "cancel");
            cancelled.countDown();
        }

        @Override
        public void write(VectorSchemaRoot batch) {
            Probes.record(probe, "write");
            if (spec.get(MemoryConnector.FAIL_WRITE)) {
                throw new IllegalStateException("memory sink refused a batch");
            }
            Optional<String> io = spec.find(MemoryConnector.FAIL_IO);
            if (io.isPresent()) {
                throw new UncheckedIOException(new FileSystemException(baseDir.resolve(spec.entity()).toString(), null,
                        io.get()));
            }
            if (spec.get(MemoryConnector.BLOCK_WRITE)) {
                Probes.blocking(probe);
                Probes.awaitUninterruptibly(cancelled);
                throw new IllegalStateException("memory sink write was cancelled");
            }
            batches++;
            for (int row = 0; row < batch.getRowCount(); row++) {
                List<Object> values = new ArrayList<>();
                for (FieldVector vector : batch.getFieldVectors()) {
                    Object value = vector.getObject(row);
                    values.add(value instanceof Text text ? text.toString() : value);
                }
                rows.add(values);
            }
            spec.find(MemoryConnector.SPILL_TO).ifPresent(file -> spill(baseDir.resolve(file), batch));
        }

        @Override
        public WriteResult commit() {
            Probes.record(probe, "commit");
            if (spec.get(MemoryConnector.FAIL_COMMIT)) {
                throw new IllegalStateException("memory sink lost the connection while committing");
            }
            if (!fillAtBegin) {
                filler.ifPresent(MemorySink::fillDisk);
            }
            spec.find(MemoryConnector.PATH).ifPresent(path -> publish(baseDir.resolve(path)
                    .resolve(spec.entity() + ".txt")));
            store.put(spec.entity(), rows, spec.strategy() == WriteStrategy.APPEND);
            return new WriteResult(rows.size(), batches);
        }

        private void publish(Path file) {
            List<String> lines = new ArrayList<>();
            for (List<Object> row : rows) {
                lines.add(String.join("|", row.stream().map(String::valueOf).toList()));
            }
            try {
                Files.createDirectories(file.getParent());
                Files.write(file, lines);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void abort() {
            Probes.record(probe, "abort");
            if (fillAtBegin) {
                filler.ifPresent(file -> {
                    try {
                        Files.deleteIfExists(file);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            }
        }

        @Override
        public void close() {
            Probes.record(probe, "close");
        }
    }

    private static void spill(Path file, VectorSchemaRoot batch) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, batch.contentToTSVString(), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("could not spill to " + file + ": " + e.getMessage(), e);
        }
    }

    /** Grows {@code file} until the volume refuses another byte; the volume is then full. */
    private static void fillDisk(Path file) {
        byte[] block = new byte[64 * 1024];
        try (OutputStream out = Files.newOutputStream(file)) {
            while (true) {
                out.write(block);
            }
        } catch (IOException full) {
            // The volume is full now: the point of this option.
        }
    }
}
