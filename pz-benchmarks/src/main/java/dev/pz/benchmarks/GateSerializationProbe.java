package dev.pz.benchmarks;

import dev.pz.duckdb.ArrowIngest;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;

/**
 * Does a node waiting on a slow source block other nodes' DuckDB work? Through the production
 * session ({@link DuckSession}, one duplicated {@link DuckConnection} per node, {@link ArrowIngest})
 * it times (a) a universal ingest from a reader that sleeps before every batch, as a remote API
 * would, and (b) a CPU-heavy query on another connection, first one after the other, then
 * together, and prints together / one-after-the-other (1.0 = fully serialised; the lower bound is
 * max(a, b) / (a + b)). For contrast it repeats the pair on one shared connection behind a Java
 * lock, the reference's single-gate design.
 *
 * <p>Usage: GateSerializationProbe [rounds=3] [batches=20] [sleepMs=100] [queryRows=auto]
 */
public final class GateSerializationProbe {
    private static final int BATCH_ROWS = 20_000;

    private GateSerializationProbe() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int batchCount = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        long sleepMs = args.length > 2 ? Long.parseLong(args[2]) : 100;
        Path directory = Files.createTempDirectory("pz-gate-probe");
        try (BufferAllocator allocator = new RootAllocator();
                DuckSession session = DuckSession.open(directory.resolve("staging.duckdb"), DuckSettings.defaults())) {
            List<ArrowRecordBatch> batches = smallBatches(allocator, batchCount);
            try (DuckConnection ingestConnection = session.connect();
                    DuckConnection queryConnection = session.connect()) {
                List<ArrowRecordBatch> source = batches;
                long slowMs = timeMs(() -> {
                    String name = "staging.probe_calibration";
                    try (RecordBatchReader reader = new RecordBatchReader(allocator, MixedRows.SCHEMA, source, sleepMs)) {
                        ArrowIngest.createTable(ingestConnection, name, reader, allocator);
                    }
                    ingestConnection.execute("drop table " + name);
                });
                long queryRows = args.length > 3 ? Long.parseLong(args[3]) : calibrate(queryConnection, slowMs);
                String query = "select sum(hash(i) % 1000003) from range(" + queryRows + ") t(i)";
                System.out.printf("probe: ingest of %d batches x %d rows sleeping %d ms each (measured %d ms);"
                        + " query sized to match: %s%n", batchCount, BATCH_ROWS, sleepMs, slowMs, query);
                Callable<Long> ingest = () -> {
                    String name = "staging.probe_" + Thread.currentThread().getId() + "_" + System.nanoTime();
                    try (RecordBatchReader reader = new RecordBatchReader(allocator, MixedRows.SCHEMA, source, sleepMs)) {
                        long rows = ArrowIngest.createTable(ingestConnection, name, reader, allocator);
                        ingestConnection.execute("drop table " + name);
                        return rows;
                    }
                };
                Callable<Long> cpu = () -> {
                    queryConnection.queryScalar(query);
                    return 0L;
                };
                double[] duplicated = new double[rounds];
                double[] gated = new double[rounds];
                ReentrantLock gate = new ReentrantLock();
                Callable<Long> ingestGated = () -> {
                    gate.lock();
                    try {
                        String name = "staging.probe_gated_" + System.nanoTime();
                        try (RecordBatchReader reader = new RecordBatchReader(allocator, MixedRows.SCHEMA, source, sleepMs)) {
                            long rows = ArrowIngest.createTable(ingestConnection, name, reader, allocator);
                            ingestConnection.execute("drop table " + name);
                            return rows;
                        }
                    } finally {
                        gate.unlock();
                    }
                };
                Callable<Long> cpuGated = () -> {
                    gate.lock();
                    try {
                        ingestConnection.queryScalar(query);
                        return 0L;
                    } finally {
                        gate.unlock();
                    }
                };
                for (int round = 0; round < rounds; round++) {
                    duplicated[round] = ratio("duplicated connections", round, ingest, cpu);
                    gated[round] = ratio("one connection + gate  ", round, ingestGated, cpuGated);
                }
                double median = median(duplicated);
                System.out.printf("together/sequential, duplicated connections (production): median %.2f of %s%n",
                        median, Arrays.toString(round2(duplicated)));
                System.out.printf("together/sequential, one gated connection (reference design): median %.2f of %s%n",
                        median(gated), Arrays.toString(round2(gated)));
                System.out.printf("target <= 0.70: %s%n", median <= 0.70 ? "MET" : "MISSED");
            } finally {
                batches.forEach(ArrowRecordBatch::close);
            }
        } finally {
            try (var paths = Files.walk(directory)) {
                paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static List<ArrowRecordBatch> smallBatches(BufferAllocator allocator, int count) {
        List<ArrowRecordBatch> batches = new ArrayList<>();
        try (var root = org.apache.arrow.vector.VectorSchemaRoot.create(MixedRows.SCHEMA, allocator)) {
            for (int b = 0; b < count; b++) {
                MixedRows.fill(root, (long) b * BATCH_ROWS, BATCH_ROWS);
                batches.add(new org.apache.arrow.vector.VectorUnloader(root).getRecordBatch());
                root.clear();
            }
        }
        return batches;
    }

    interface Action {
        void run() throws Exception;
    }

    private static long timeMs(Action action) throws Exception {
        long started = System.nanoTime();
        action.run();
        return (System.nanoTime() - started) / 1_000_000;
    }

    /** Rows for the CPU query to take about as long as the slow ingest (within ±20%, best effort). */
    private static long calibrate(DuckConnection connection, long targetMs) throws Exception {
        long rows = 10_000_000;
        for (int attempt = 0; attempt < 8; attempt++) {
            long current = rows;
            long ms = Math.max(1, timeMs(() -> connection.queryScalar(
                    "select sum(hash(i) % 1000003) from range(" + current + ") t(i)")));
            if (ms > targetMs * 0.8 && ms < targetMs * 1.2) {
                break;
            }
            rows = Math.max(1_000_000, rows * targetMs / ms);
        }
        return rows;
    }

    private static double ratio(String label, int round, Callable<Long> a, Callable<Long> b) throws Exception {
        long t0 = System.nanoTime();
        a.call();
        long ta = System.nanoTime() - t0;
        long t1 = System.nanoTime();
        b.call();
        long tb = System.nanoTime() - t1;
        long sequential = ta + tb;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        long together;
        try {
            long t2 = System.nanoTime();
            Future<Long> fa = pool.submit(a);
            Future<Long> fb = pool.submit(b);
            fa.get();
            fb.get();
            together = System.nanoTime() - t2;
        } finally {
            pool.shutdownNow();
        }
        double ratio = (double) together / sequential;
        // The share of the shorter task hidden behind the longer one: 1 = full overlap, 0 = serialised.
        double overlap = (double) (sequential - together) / Math.min(ta, tb);
        System.out.printf("  round %d, %s: ingest %4d ms, query %4d ms, sequential %4d ms, together %4d ms, ratio %.2f"
                + " (best possible %.2f, overlap %.0f%%)%n", round + 1, label, ta / 1_000_000, tb / 1_000_000,
                sequential / 1_000_000, together / 1_000_000, ratio, (double) Math.max(ta, tb) / sequential,
                Math.max(0, overlap) * 100);
        return ratio;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static double[] round2(double[] values) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = Math.round(values[i] * 100) / 100.0;
        }
        return out;
    }
}
