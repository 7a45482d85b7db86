package dev.pz.connectors.postgres;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;

/** The long fast path for decimals writes exactly the bytes of the BigDecimal path (no server needed). */
class PostgresCopyEncoderTest {

    @Test
    void decimalFastPathMatchesBigDecimalEncoding() throws Exception {
        for (int scale : new int[] {0, 2, 4, 9, 12}) {
            List<BigDecimal> values = new ArrayList<>();
            Random random = new Random(scale);
            for (String fixed : new String[] {"0", "1", "-1", "9999", "10000", "-10000", "0.01", "123456789.5",
                "922337203685477580.7", "-922337203685477580.8", "99999999999999999999999999.99", "1e20", "-0.0001"}) {
                values.add(new BigDecimal(fixed).setScale(scale, java.math.RoundingMode.DOWN));
            }
            for (int i = 0; i < 2000; i++) {
                BigInteger unscaled = new BigInteger(1 + random.nextInt(100), random);
                values.add(new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), scale));
            }
            values.removeIf(value -> value.precision() > 38);
            byte[] fast = encode(values, scale, false);
            byte[] reference = encode(values, scale, true);
            assertArrayEquals(reference, fast, "scale " + scale);
        }
    }

    private static byte[] encode(List<BigDecimal> values, int scale, boolean reference) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (BufferAllocator allocator = new RootAllocator();
                DecimalVector vector = new DecimalVector("d", allocator, 38, scale)) {
            vector.allocateNew(values.size());
            for (int i = 0; i < values.size(); i++) {
                vector.setSafe(i, values.get(i));
            }
            vector.setValueCount(values.size());
            PostgresCopyEncoder encoder = new PostgresCopyEncoder(out::write, List.of(PostgresWriteType.NUMERIC),
                    List.of(new ArrowType.Decimal(38, scale, 128)));
            if (reference) {
                encoder.referenceNumerics();
            }
            try (VectorSchemaRoot root = VectorSchemaRoot.of(vector)) {
                root.setRowCount(values.size());
                encoder.encode(root);
            }
            encoder.finish();
            // the root closed the vector
        }
        return out.toByteArray();
    }
}
