package dev.pz.connectors.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyOut;

/**
 * Rows per second of the universal read and write paths over the macro-benchmark table of
 * the benchmark table shape (1M rows: int, int, numeric(18,2), varchar(16), timestamp). Not part of the
 * suite: run with {@code PZ_PG_BENCH=1 ./mvnw -pl pz-connectors/postgres test -Dtest=PostgresThroughputBench}
 * ({@code PZ_PG_BENCH_ROWS} changes the row count). The floor is the same binary COPY drained
 * without decoding, measured in the same run.
 */
@EnabledIfEnvironmentVariable(named = "PZ_PG_BENCH", matches = "1")
class PostgresThroughputBench {

    @Test
    void measure() throws Exception {
        int rows = Integer.parseInt(System.getenv().getOrDefault("PZ_PG_BENCH_ROWS", "1000000"));
        String source = PostgresTestData.uniqueTable("bench_src");
        long seed = System.nanoTime();
        PostgresTestData.execute("create table " + source + " (id int not null primary key, customer_id int not null,"
                + " amount numeric(18,2) not null, status varchar(16) not null, updated timestamp not null)",
                "insert into " + source + " select i, (i::bigint * 2654435761) % 100000, ((i * 97) % 100000) / 100.0,"
                        + " case i % 4 when 0 then 'shipped' when 1 then 'pending' when 2 then 'returned' else 'cancelled' end,"
                        + " timestamp '2026-01-01' + make_interval(secs => i % 86400) from generate_series(1, " + rows + ") i",
                "vacuum analyze " + source);
        report("seeded in " + (System.nanoTime() - seed) / 1_000_000 + " ms", 0, 0);
        Source pgSource = new PostgresConnector().openSource(PostgresTestServer.config()).orElseThrow();
        Sink sink = new PostgresConnector().openSink(PostgresTestServer.config()).orElseThrow();

        try (BufferAllocator allocator = new RootAllocator()) {
            for (int round = 0; round < 3; round++) {
                report("floor: binary COPY drained, not decoded", rows, timeDrain(source));
                report("read, 1 partition", rows, timeRead(pgSource, source, 1, allocator, null));
                report("read, 4 partitions (concurrent)", rows, timeRead(pgSource, source, 4, allocator, null));
            }
            List<ArrowRecordBatch> batches = new ArrayList<>();
            Schema schema = pgSource.schema(PostgresTestData.dataset(source, PostgresTestData.options()));
            timeRead(pgSource, source, 1, allocator, batches);
            try {
                for (int round = 0; round < 3; round++) {
                    for (WriteStrategy strategy : WriteStrategy.values()) {
                        String target = PostgresTestData.uniqueTable("bench_out");
                        long elapsed = timeWrite(sink, target, strategy, schema, batches, allocator);
                        assertThat(PostgresTestData.count(target)).isEqualTo(rows);
                        report("write " + strategy.word(), rows, elapsed);
                        PostgresTestData.execute("drop table " + target);
                    }
                }
            } finally {
                batches.forEach(ArrowRecordBatch::close);
            }
        }
        PostgresTestData.execute("drop table " + source);
    }

    private static long timeDrain(String table) throws Exception {
        try (Connection connection = PostgresTestServer.jdbc()) {
            long start = System.nanoTime();
            CopyOut copy = connection.unwrap(PGConnection.class).getCopyAPI()
                    .copyOut("copy (select * from " + table + ") to stdout (format binary)");
            while (copy.readFromCopy() != null) {
                // drain only
            }
            return System.nanoTime() - start;
        }
    }

    private static long timeRead(Source source, String table, int partitionCount, BufferAllocator allocator,
            List<ArrowRecordBatch> keep) throws Exception {
        long start = System.nanoTime();
        List<ReadPartition> partitions = source.planRead(PostgresTestData.dataset(table,
                PostgresTestData.options("partition_column", "id", "partitions", (long) partitionCount)),
                ReadHints.none());
        ExecutorService pool = Executors.newFixedThreadPool(partitions.size());
        try {
            List<Future<Long>> counts = new ArrayList<>();
            for (ReadPartition partition : partitions) {
                counts.add(pool.submit(() -> {
                    long count = 0;
                    try (ArrowReader reader = partition.open(allocator, BatchOptions.defaults())) {
                        while (reader.loadNextBatch()) {
                            VectorSchemaRoot root = reader.getVectorSchemaRoot();
                            count += root.getRowCount();
                            if (keep != null) {
                                // the reader reuses its root: move the buffers out before the next batch
                                try (VectorSchemaRoot owned = VectorSchemaRoot.create(root.getSchema(), allocator)) {
                                    for (int i = 0; i < root.getFieldVectors().size(); i++) {
                                        root.getVector(i).makeTransferPair(owned.getVector(i)).transfer();
                                    }
                                    owned.setRowCount(root.getRowCount());
                                    synchronized (keep) {
                                        keep.add(new VectorUnloader(owned).getRecordBatch());
                                    }
                                }
                            }
                        }
                    }
                    return count;
                }));
            }
            long total = 0;
            for (Future<Long> count : counts) {
                total += count.get();
            }
            assertThat(total).isPositive();
        } finally {
            pool.shutdown();
        }
        return System.nanoTime() - start;
    }

    private static long timeWrite(Sink sink, String target, WriteStrategy strategy, Schema schema,
            List<ArrowRecordBatch> batches, BufferAllocator allocator) {
        String[] keys = strategy == WriteStrategy.MERGE ? new String[] {"id"} : new String[0];
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
            VectorLoader loader = new VectorLoader(root);
            long start = System.nanoTime();
            try (WriteSession session = sink.beginWrite(PostgresTestData.output(target, strategy, keys), schema)) {
                for (ArrowRecordBatch batch : batches) {
                    loader.load(batch);
                    session.write(root);
                }
                session.commit();
            }
            return System.nanoTime() - start;
        }
    }

    private static void report(String label, long rows, long nanos) {
        String line = rows == 0 ? label
                : String.format("%-40s %7.3f s  %,12.0f rows/s", label, nanos / 1e9, rows / (nanos / 1e9));
        System.out.println("[pz-bench] " + line);
    }

}
