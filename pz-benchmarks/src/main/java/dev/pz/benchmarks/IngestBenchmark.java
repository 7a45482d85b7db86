package dev.pz.benchmarks;

import dev.pz.duckdb.ArrowIngest;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Ingest of 1M prebuilt mixed-schema rows through the production path: {@link ArrowIngest} into
 * the staging file of a {@link DuckSession} on a duplicated connection. Score: rows/s.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--add-opens=java.base/java.nio=ALL-UNNAMED"})
public class IngestBenchmark {
    private Path directory;
    private BufferAllocator allocator;
    private DuckSession session;
    private DuckConnection connection;
    private List<ArrowRecordBatch> batches;
    private int table;

    @Setup(Level.Trial)
    public void open() throws Exception {
        directory = Files.createTempDirectory("pz-jmh-ingest");
        allocator = new RootAllocator();
        session = DuckSession.open(directory.resolve("staging.duckdb"), DuckSettings.defaults());
        connection = session.connect();
        batches = MixedRows.batches(allocator, MixedRows.ROWS);
    }

    @TearDown(Level.Invocation)
    public void dropTable() {
        connection.execute("drop table if exists staging.t" + table);
    }

    @TearDown(Level.Trial)
    public void close() throws Exception {
        connection.close();
        session.close();
        batches.forEach(ArrowRecordBatch::close);
        allocator.close();
        Files.walk(directory).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }

    @Benchmark
    @OperationsPerInvocation(MixedRows.ROWS)
    public long ingest1M() throws Exception {
        table++;
        try (RecordBatchReader reader = new RecordBatchReader(allocator, MixedRows.SCHEMA, batches, 0)) {
            long rows = ArrowIngest.createTable(connection, "staging.t" + table, reader, allocator);
            if (rows != MixedRows.ROWS) {
                throw new IllegalStateException("ingested " + rows + " rows");
            }
            return rows;
        }
    }
}
