package dev.pz.connectors.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.error.PzConnectorException;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMilliTZVector;
import org.apache.arrow.vector.TimeStampNanoTZVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The binary COPY encoder and decoder against each other, without a server: every value the sink
 * can write comes back from the reader's decoder unchanged (nulls, extremes, unicode, every
 * timestamp unit), however the stream is cut into chunks and batches. The server's view of the
 * same bytes is checked by {@link PostgresTypeRoundTripTest}.
 */
class BinaryCopyCodecTest {

    /** More than a batch builder starts with (4,096 rows), so its arrays grow mid-batch. */
    private static final int ROWS = 5_000;
    private static final String[] TEXTS = {"", "plain", "naïve café", "日本語テキスト", "emoji 🚀🎉", "tab\tnewline\n",
        "x".repeat(600)};
    private static final BigDecimal[] DECIMALS = {new BigDecimal("0"), new BigDecimal("-0.000000001"),
        new BigDecimal("123.45"), new BigDecimal("-99999.99"), new BigDecimal("92233720368.547758070"),
        new BigDecimal("-12345678901234567890123456789.123456789"), new BigDecimal("10000")};

    private BufferAllocator allocator;

    @BeforeEach
    void openAllocator() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void closeAllocator() {
        allocator.close();
    }

    @Test
    void everyWritableTypeDecodesToTheValueItWasEncodedFrom() throws Exception {
        try (VectorSchemaRoot written = written()) {
            byte[] stream = encode(written);
            for (int chunkSize : new int[] {1, 7, 4096, stream.length}) {
                for (int maxRows : new int[] {1, 97, ROWS + 1}) {
                    assertDecodesTo(written, chunks(stream, chunkSize), maxRows);
                }
            }
        }
    }

    @Test
    void aStreamCutShortIsAMidStreamFailure() throws Exception {
        try (VectorSchemaRoot written = written()) {
            byte[] stream = encode(written);
            byte[] cut = Arrays.copyOf(stream, stream.length - 40);
            BinaryCopyDecoder decoder = new BinaryCopyDecoder("d", readSchema(), readTypes(), iterate(chunks(cut, 512)));
            try (VectorSchemaRoot root = VectorSchemaRoot.create(readSchema(), allocator)) {
                assertThatThrownBy(() -> decoder.decode(root.getFieldVectors(), ROWS * 2, Long.MAX_VALUE))
                        .isInstanceOf(PzConnectorException.class)
                        .hasMessageContaining("dataset 'd': postgres read failed mid-stream: the COPY stream ended");
            }
        }
    }

    private void assertDecodesTo(VectorSchemaRoot written, List<byte[]> chunks, int maxRows) throws Exception {
        BinaryCopyDecoder decoder = new BinaryCopyDecoder("d", readSchema(), readTypes(), iterate(chunks));
        int row = 0;
        try (VectorSchemaRoot root = VectorSchemaRoot.create(readSchema(), allocator)) {
            while (!decoder.finished()) {
                int rows = decoder.decode(root.getFieldVectors(), maxRows, Long.MAX_VALUE);
                root.setRowCount(rows);
                assertThat(rows).isLessThanOrEqualTo(maxRows);
                for (int i = 0; i < rows; i++, row++) {
                    for (int column = 0; column < written.getFieldVectors().size(); column++) {
                        Object expected = expected(written.getVector(column), row);
                        Object actual = root.getVector(column).getObject(i);
                        if (actual instanceof BigDecimal decimal) {
                            assertThat(decimal).as("row %d column %d", row, column).isEqualByComparingTo((BigDecimal) expected);
                        } else {
                            assertThat(actual == null ? null : actual.toString()).as("row %d column %d", row, column)
                                    .isEqualTo(expected == null ? null : expected.toString());
                        }
                    }
                }
            }
        }
        assertThat(row).isEqualTo(ROWS);
    }

    /** The value the reader should give back for what the sink was handed, in the reader's types. */
    private static Object expected(FieldVector vector, int row) {
        if (vector.isNull(row)) {
            return null;
        }
        if (vector instanceof TimeStampMilliTZVector millis) {
            return millis.get(row) * 1_000L;
        }
        if (vector instanceof TimeStampNanoTZVector nanos) {
            return Math.floorDiv(nanos.get(row), 1_000L);
        }
        if (vector instanceof BaseIntVector integer) {
            return integer.getValueAsLong(row);
        }
        Object value = vector.getObject(row);
        if (value instanceof Float single) {
            return single.doubleValue();
        }
        return value;
    }

    private VectorSchemaRoot written() {
        IntVector integer = new IntVector("integer", allocator);
        SmallIntVector small = new SmallIntVector("small", allocator);
        UInt1Vector unsigned = new UInt1Vector("unsigned", allocator);
        BigIntVector big = new BigIntVector("big", allocator);
        Float8Vector float8 = new Float8Vector("float8", allocator);
        Float4Vector float4 = new Float4Vector("float4", allocator);
        DecimalVector decimal = new DecimalVector("decimal", allocator, 38, 9);
        DecimalVector money = new DecimalVector("money", allocator, 18, 2);
        VarCharVector text = new VarCharVector("text", allocator);
        BitVector bool = new BitVector("bool", allocator);
        DateDayVector date = new DateDayVector("date", allocator);
        TimeStampMicroTZVector micros = new TimeStampMicroTZVector("micros", allocator, "UTC");
        TimeStampMilliTZVector millis = new TimeStampMilliTZVector("millis", allocator, "+00:00");
        TimeStampNanoTZVector nanos = new TimeStampNanoTZVector("nanos", allocator, "UTC");
        List<FieldVector> vectors = List.of(integer, small, unsigned, big, float8, float4, decimal, money, text, bool,
                date, micros, millis, nanos);
        for (int row = 0; row < ROWS; row++) {
            long sign = row % 2 == 0 ? 1 : -1;
            integer.setSafe(row, row % 11 == 0 ? Integer.MIN_VALUE : (int) (sign * row * 7919));
            small.setSafe(row, (short) (row % 13 == 0 ? Short.MIN_VALUE : sign * row));
            unsigned.setSafe(row, row % 256);
            big.setSafe(row, row % 17 == 0 ? Long.MAX_VALUE : sign * row * 1_000_000_007L);
            float8.setSafe(row, row % 19 == 0 ? Double.NaN : sign * row / 3.0);
            float4.setSafe(row, row % 23 == 0 ? Float.NEGATIVE_INFINITY : (float) (sign * row / 7.0));
            decimal.setSafe(row, DECIMALS[row % DECIMALS.length].setScale(9));
            money.setSafe(row, BigDecimal.valueOf(sign * row * 101L, 2));
            text.setSafe(row, TEXTS[row % TEXTS.length].getBytes(StandardCharsets.UTF_8));
            bool.setSafe(row, row % 3 == 0 ? 1 : 0);
            date.setSafe(row, (int) (sign * row * 37));
            micros.setSafe(row, sign * row * 86_399_999_999L);
            millis.setSafe(row, sign * row * 3_600_001L);
            nanos.setSafe(row, sign * row * 1_000_000_123L);
            for (int column = 0; column < vectors.size(); column++) {
                if ((row + column) % 5 == 0) {
                    vectors.get(column).setNull(row);
                }
            }
        }
        VectorSchemaRoot root = new VectorSchemaRoot(vectors);
        root.setRowCount(ROWS);
        return root;
    }

    private static List<PostgresReadType> readTypes() {
        return List.of(PostgresReadType.INTEGER, PostgresReadType.INTEGER, PostgresReadType.INTEGER,
                PostgresReadType.BIGINT, PostgresReadType.DOUBLE, PostgresReadType.DOUBLE, PostgresReadType.NUMERIC,
                PostgresReadType.NUMERIC, PostgresReadType.TEXT, PostgresReadType.BOOLEAN, PostgresReadType.DATE,
                PostgresReadType.TIMESTAMPTZ, PostgresReadType.TIMESTAMP, PostgresReadType.TIMESTAMPTZ);
    }

    private static Schema readSchema() {
        List<Field> fields = new ArrayList<>();
        List<PostgresReadType> types = readTypes();
        for (int i = 0; i < types.size(); i++) {
            fields.add(types.get(i).field("c" + i));
        }
        return new Schema(fields);
    }

    private static byte[] encode(VectorSchemaRoot batch) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<PostgresWriteType> types = new ArrayList<>();
        for (Field field : batch.getSchema().getFields()) {
            types.add(PostgresWriteType.of("out", field));
        }
        PostgresCopyEncoder encoder = new PostgresCopyEncoder(out::write, types,
                batch.getSchema().getFields().stream().map(Field::getType).toList());
        encoder.encode(batch);
        encoder.finish();
        return out.toByteArray();
    }

    private static List<byte[]> chunks(byte[] stream, int size) {
        List<byte[]> chunks = new ArrayList<>();
        for (int start = 0; start < stream.length; start += size) {
            chunks.add(Arrays.copyOfRange(stream, start, Math.min(stream.length, start + size)));
        }
        return chunks;
    }

    private static BinaryCopyDecoder.Chunks iterate(List<byte[]> chunks) {
        Iterator<byte[]> iterator = chunks.iterator();
        return () -> iterator.hasNext() ? iterator.next() : null;
    }
}
