package dev.pz.benchmarks;

import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
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

/** Building one 122,880-row batch of the mixed schema into Arrow vectors; the score is rows/s. */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens=java.base/java.nio=ALL-UNNAMED"})
public class BatchBuildBenchmark {
    private BufferAllocator allocator;
    private VectorSchemaRoot root;
    private long first;

    @Setup(Level.Trial)
    public void open() {
        allocator = new RootAllocator();
        root = VectorSchemaRoot.create(MixedRows.SCHEMA, allocator);
    }

    @TearDown(Level.Trial)
    public void close() {
        root.close();
        allocator.close();
    }

    @Benchmark
    @OperationsPerInvocation(MixedRows.BATCH_ROWS)
    public int buildBatch() {
        MixedRows.fill(root, first, MixedRows.BATCH_ROWS);
        first += MixedRows.BATCH_ROWS;
        int rows = root.getRowCount();
        root.clear();
        return rows;
    }
}
