package dev.pz.benchmarks;

import dev.pz.duckdb.ArrowEgress;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
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
 * Egress of a 1M-row mixed-schema staging table through the production path: {@link ArrowEgress}
 * on a duplicated connection, every batch drained. Score: rows/s.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--add-opens=java.base/java.nio=ALL-UNNAMED"})
public class EgressBenchmark {
    private Path directory;
    private BufferAllocator allocator;
    private DuckSession session;
    private DuckConnection connection;

    @Setup(Level.Trial)
    public void open() throws Exception {
        directory = Files.createTempDirectory("pz-jmh-egress");
        allocator = new RootAllocator();
        session = DuckSession.open(directory.resolve("staging.duckdb"), DuckSettings.defaults());
        connection = session.connect();
        connection.execute("create table staging.mixed as " + MixedRows.SQL);
    }

    @TearDown(Level.Trial)
    public void close() throws Exception {
        connection.close();
        session.close();
        allocator.close();
        Files.walk(directory).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }

    @Benchmark
    @OperationsPerInvocation(MixedRows.ROWS)
    public long egress1M() throws Exception {
        long rows = 0;
        try (ArrowReader reader = ArrowEgress.query(connection, "select * from staging.mixed", allocator,
                MixedRows.BATCH_ROWS)) {
            while (reader.loadNextBatch()) {
                rows += reader.getVectorSchemaRoot().getRowCount();
            }
        }
        if (rows != MixedRows.ROWS) {
            throw new IllegalStateException("egressed " + rows + " rows");
        }
        return rows;
    }
}
