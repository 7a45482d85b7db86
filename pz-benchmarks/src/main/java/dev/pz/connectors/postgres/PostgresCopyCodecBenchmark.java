package dev.pz.connectors.postgres;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
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
 * The binary COPY codec alone, on the table of {@code scripts/macro-bench-postgres.sh}
 * ({@code id int, customer_id int, amount numeric(18,2), status varchar(16), updated timestamp}),
 * 1M rows, no server:
 * <ul>
 *   <li>{@code decode1M}: the source's COPY stream, one chunk per row as the server sends its
 *       CopyData messages, decoded into Arrow batches of 122,880 rows (numeric read as
 *       decimal(38,9));</li>
 *   <li>{@code encode1M}: the batches a sink receives from DuckDB after the pipeline
 *       (amount as decimal(38,9)) encoded into COPY bytes, which are counted and dropped.</li>
 * </ul>
 * Score: rows/s.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(java.util.concurrent.TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--add-opens=java.base/java.nio=ALL-UNNAMED"})
public class PostgresCopyCodecBenchmark {
    static final int ROWS = 1_000_000;
    static final int BATCH_ROWS = 122_880;
    private static final String[] STATUSES = {"shipped", "pending", "returned", "cancelled"};
    private static final List<PostgresReadType> READ_TYPES = List.of(PostgresReadType.INTEGER,
            PostgresReadType.INTEGER, PostgresReadType.NUMERIC, PostgresReadType.TEXT, PostgresReadType.TIMESTAMP);
    private static final List<PostgresWriteType> WRITE_TYPES = List.of(PostgresWriteType.INTEGER,
            PostgresWriteType.INTEGER, PostgresWriteType.NUMERIC, PostgresWriteType.TEXT, PostgresWriteType.TIMESTAMPTZ);

    private BufferAllocator allocator;
    private List<byte[]> stream;
    private List<VectorSchemaRoot> batches;
    private Schema readSchema;

    @Setup(Level.Trial)
    public void prepare() throws Exception {
        allocator = new RootAllocator();
        List<Field> fields = new ArrayList<>();
        String[] names = {"id", "customer_id", "amount", "status", "updated"};
        for (int i = 0; i < names.length; i++) {
            fields.add(READ_TYPES.get(i).field(names[i]));
        }
        readSchema = new Schema(fields);
        stream = serverStream();
        batches = new ArrayList<>();
        for (int start = 0; start < ROWS; start += BATCH_ROWS) {
            batches.add(batch(start, Math.min(BATCH_ROWS, ROWS - start), 9));
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        batches.forEach(VectorSchemaRoot::close);
        allocator.close();
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public long decode1M() throws Exception {
        var chunks = stream.iterator();
        BinaryCopyDecoder decoder = new BinaryCopyDecoder("bench", readSchema, READ_TYPES,
                () -> chunks.hasNext() ? chunks.next() : null);
        long rows = 0;
        try (VectorSchemaRoot root = VectorSchemaRoot.create(readSchema, allocator)) {
            while (!decoder.finished()) {
                int batchRows = decoder.decode(root.getFieldVectors(), BATCH_ROWS, 32L << 20);
                root.setRowCount(batchRows);
                rows += batchRows;
            }
        }
        if (rows != ROWS) {
            throw new IllegalStateException("decoded " + rows + " rows");
        }
        return rows;
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public long encode1M() throws Exception {
        long[] bytes = {0};
        PostgresCopyEncoder encoder = new PostgresCopyEncoder((buffer, offset, length) -> bytes[0] += length,
                WRITE_TYPES, batches.get(0).getSchema().getFields().stream().map(Field::getType).toList());
        for (VectorSchemaRoot batch : batches) {
            encoder.encode(batch);
        }
        encoder.finish();
        return bytes[0];
    }

    /** The source table's rows as the server's COPY sends them: header, one chunk per row, trailer. */
    private List<byte[]> serverStream() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PostgresCopyEncoder encoder;
        try (VectorSchemaRoot all = batch(0, ROWS, 2)) {
            encoder = new PostgresCopyEncoder(out::write, WRITE_TYPES,
                    all.getSchema().getFields().stream().map(Field::getType).toList());
            encoder.encode(all);
        }
        encoder.finish();
        return splitRows(out.toByteArray());
    }

    private static List<byte[]> splitRows(byte[] bytes) {
        List<byte[]> chunks = new ArrayList<>();
        int headerEnd = 19;
        chunks.add(java.util.Arrays.copyOfRange(bytes, 0, headerEnd));
        int position = headerEnd;
        while (position < bytes.length) {
            int start = position;
            int fields = (short) (((bytes[position] & 0xFF) << 8) | (bytes[position + 1] & 0xFF));
            position += 2;
            for (int i = 0; i < fields; i++) {
                int length = ((bytes[position] & 0xFF) << 24) | ((bytes[position + 1] & 0xFF) << 16)
                        | ((bytes[position + 2] & 0xFF) << 8) | (bytes[position + 3] & 0xFF);
                position += 4 + Math.max(0, length);
            }
            chunks.add(java.util.Arrays.copyOfRange(bytes, start, position));
        }
        return chunks;
    }

    /** Rows {@code start}.. of the bench table (1-based ids), amount at {@code scale}. */
    private VectorSchemaRoot batch(int start, int rows, int scale) {
        IntVector id = new IntVector("id", allocator);
        IntVector customer = new IntVector("customer_id", allocator);
        DecimalVector amount = new DecimalVector("amount", allocator, scale == 2 ? 18 : 38, scale);
        VarCharVector status = new VarCharVector("status", allocator);
        TimeStampMicroTZVector updated = new TimeStampMicroTZVector(Field.nullable("updated",
                new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+00:00")), allocator);
        id.allocateNew(rows);
        customer.allocateNew(rows);
        amount.allocateNew(rows);
        status.allocateNew((long) rows * 9, rows);
        updated.allocateNew(rows);
        long base = 1_767_225_600_000_000L; // 2026-01-01T00:00:00Z in µs
        for (int row = 0; row < rows; row++) {
            long i = start + row + 1;
            id.set(row, (int) i);
            customer.set(row, (int) ((i * 2_654_435_761L) % 100_000));
            long cents = (i * 97) % 100_000;
            amount.set(row, scale == 2 ? cents : cents * 10_000_000L);
            status.setSafe(row, STATUSES[(int) (i % 4)].getBytes(StandardCharsets.UTF_8));
            updated.set(row, base + (i % 86_400) * 1_000_000L);
        }
        VectorSchemaRoot root = VectorSchemaRoot.of(id, customer, amount, status, updated);
        root.setRowCount(rows);
        return root;
    }
}
