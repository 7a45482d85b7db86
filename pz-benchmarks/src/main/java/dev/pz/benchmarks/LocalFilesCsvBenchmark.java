package dev.pz.benchmarks;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.localfiles.LocalFilesConnector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
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
 * The localfiles connector's universal csv codecs alone, through its public API: {@code write1M}
 * writes 1M prebuilt mixed-schema rows ({@link MixedRows}) as a csv file through a write session;
 * {@code read1M} reads that file back into Arrow batches through the source's partitions. Forked
 * with the launcher's JIT flags ({@code scripts/pz}), since the codecs run under them. Score: rows/s.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--add-opens=java.base/java.nio=ALL-UNNAMED", "-XX:+UseSerialGC",
    "-XX:TieredStopAtLevel=1"})
public class LocalFilesCsvBenchmark {
    private Path directory;
    private BufferAllocator allocator;
    private List<ArrowRecordBatch> batches;
    private VectorSchemaRoot root;
    private Source source;
    private Sink sink;
    private DatasetSpec dataset;

    @Setup(Level.Trial)
    public void open() throws Exception {
        directory = Files.createTempDirectory("pz-jmh-csv");
        allocator = new RootAllocator();
        batches = MixedRows.batches(allocator, MixedRows.ROWS);
        root = VectorSchemaRoot.create(MixedRows.SCHEMA, allocator);
        Map<String, Object> config = new LinkedHashMap<>();
        config.put(ConnectorConfig.BASE_DIR, directory.toString());
        LocalFilesConnector connector = new LocalFilesConnector();
        source = connector.openSource(new ConnectorConfig("files", config)).orElseThrow();
        sink = connector.openSink(new ConnectorConfig("files", config)).orElseThrow();
        write1M();
        Map<String, String> columns = new LinkedHashMap<>();
        columns.put("id", "bigint");
        columns.put("name", "varchar");
        columns.put("amount", "double");
        columns.put("day", "date");
        columns.put("at", "timestamp");
        dataset = DatasetSpec.of("files", "mixed", Map.of("path", "mixed/mixed.csv", "format", "csv"), columns);
    }

    @TearDown(Level.Trial)
    public void close() throws Exception {
        root.close();
        batches.forEach(ArrowRecordBatch::close);
        source.close();
        sink.close();
        allocator.close();
        Files.walk(directory).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }

    @Benchmark
    @OperationsPerInvocation(MixedRows.ROWS)
    public long write1M() {
        OutputSpec output = new OutputSpec("lake", "mixed", WriteStrategy.REPLACE, SchemaPolicy.FAIL_ON_CHANGE,
                Map.of("format", "csv"), List.of(), new OutputSpec.WriteAttempt("run", "lake.mixed", 1));
        try (WriteSession session = sink.beginWrite(output, MixedRows.SCHEMA)) {
            VectorLoader loader = new VectorLoader(root);
            for (ArrowRecordBatch batch : batches) {
                loader.load(batch);
                session.write(root);
            }
            return session.commit().rowsWritten();
        }
    }

    @Benchmark
    @OperationsPerInvocation(MixedRows.ROWS)
    public long read1M() throws Exception {
        long rows = 0;
        for (ReadPartition partition : source.planRead(dataset, ReadHints.none())) {
            try (ArrowReader reader = partition.open(allocator, BatchOptions.defaults())) {
                while (reader.loadNextBatch()) {
                    rows += reader.getVectorSchemaRoot().getRowCount();
                }
            }
        }
        if (rows != MixedRows.ROWS) {
            throw new IllegalStateException("read " + rows + " rows");
        }
        return rows;
    }
}
