package dev.pz.connectors.localfiles;

import static dev.pz.connectors.localfiles.LocalFilesTestSupport.options;
import static dev.pz.connectors.localfiles.LocalFilesTestSupport.output;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.duckdb.ArrowEgress;
import dev.pz.duckdb.ArrowIngest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.junit.jupiter.api.Test;

/**
 * Doubles written by the universal CSV and NDJSON writers are byte for byte what DuckDB's own
 * {@code COPY} writes for the same values (the native tier): over random bit patterns, random
 * magnitudes, short decimals, subnormals, doubles widened from floats, and the special values.
 */
class LocalFilesDoublesTest extends LocalFilesDuckTest {
    private static final int RANDOM_VALUES = 120_000;


    @Test
    void knownValuesPrintAsDuckDbPrintsThem() {
        assertThat(LocalFilesDoubleText.csv(1e23)).isEqualTo("1e+23");
        assertThat(LocalFilesDoubleText.json(1e23)).isEqualTo("1e23");
        assertThat(LocalFilesDoubleText.csv(Double.MIN_VALUE)).isEqualTo("5e-324");
        assertThat(LocalFilesDoubleText.json(Double.MIN_VALUE)).isEqualTo("5e-324");
        assertThat(LocalFilesDoubleText.csv(1e15)).isEqualTo("1000000000000000.0");
        assertThat(LocalFilesDoubleText.csv(1e16)).isEqualTo("1e+16");
        assertThat(LocalFilesDoubleText.json(1e16)).isEqualTo("10000000000000000.0");
        assertThat(LocalFilesDoubleText.csv(1e-5)).isEqualTo("1e-05");
        assertThat(LocalFilesDoubleText.json(1e-5)).isEqualTo("0.00001");
        assertThat(LocalFilesDoubleText.json(1e-7)).isEqualTo("1e-7");
        assertThat(LocalFilesDoubleText.json(1e21)).isEqualTo("1e21");
        assertThat(LocalFilesDoubleText.csv(-0.0)).isEqualTo("-0.0");
        assertThat(LocalFilesDoubleText.csv(Double.NaN)).isEqualTo("nan");
        assertThat(LocalFilesDoubleText.csv(Double.longBitsToDouble(0xfff8000000000000L))).isEqualTo("-nan");
        assertThat(LocalFilesDoubleText.json(Double.longBitsToDouble(0xfff8000000000000L))).isEqualTo("NaN");
        assertThat(LocalFilesDoubleText.csv(Double.NEGATIVE_INFINITY)).isEqualTo("-inf");
        assertThat(LocalFilesDoubleText.json(Double.POSITIVE_INFINITY)).isEqualTo("Infinity");
    }

    @Test
    void universalCsvAndJsonMatchDuckDbCopyForEveryDouble() throws Exception {
        List<Double> values = values();
        assertThat(values).hasSizeGreaterThan(100_000);
        stage(values);
        String query = "select v from doubles order by i";

        duck.execute("copy (" + query + ") to '" + project.resolve("native.csv") + "' (format csv, header)");
        duck.execute("copy (" + query + ") to '" + project.resolve("native.json") + "' (format json)");
        writeUniversal("csv_out", "csv", query);
        writeUniversal("json_out", "json", query);

        assertSameLines(project.resolve("csv_out/csv_out.csv"), project.resolve("native.csv"), values.size() + 1);
        assertSameLines(project.resolve("json_out/json_out.json"), project.resolve("native.json"), values.size());
    }

    /** Random doubles of several shapes plus the values whose printing is most often wrong. */
    private static List<Double> values() {
        List<Double> values = new ArrayList<>(List.of(1e23, -1e23, 1e22, 1e21, 1e20, 1e16, 1e15, 9.999999999999999e14,
                1e-4, 1e-5, 1e-6, 1e-7, 0.1, 0.3, 1.0 / 3, 2.0 / 3, 100.0, 123.456, 9007199254740993.0,
                12345678901234567.0, Double.MIN_VALUE, -Double.MIN_VALUE, 2 * Double.MIN_VALUE, Double.MIN_NORMAL,
                Math.nextDown(Double.MIN_NORMAL), Double.MAX_VALUE, -Double.MAX_VALUE, 0.0, -0.0, Double.NaN,
                Double.longBitsToDouble(0xfff8000000000000L), Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                5e-324, 4.9e-324, 1.5, 2.5e-5, (double) 0.1f, (double) Float.MAX_VALUE, (double) Float.MIN_VALUE));
        for (int exponent = -324; exponent <= 308; exponent++) {
            values.add(Double.parseDouble("1e" + exponent));
            values.add(Double.parseDouble("9.5e" + exponent));
        }
        SplittableRandom random = new SplittableRandom(20_261_125L);
        for (int i = 0; i < RANDOM_VALUES; i++) {
            values.add(switch (i % 6) {
                case 0 -> Double.longBitsToDouble(random.nextLong());
                case 1 -> random.nextDouble() * Math.pow(10, random.nextInt(-30, 30));
                case 2 -> random.nextLong(-1_000_000_000L, 1_000_000_000L) / Math.pow(10, random.nextInt(0, 12));
                case 3 -> Double.longBitsToDouble(random.nextLong(0, 1L << 53));
                case 4 -> (double) Float.intBitsToFloat(random.nextInt());
                default -> (double) random.nextLong(-(1L << 60), 1L << 60);
            });
        }
        return values;
    }

    /** {@code doubles(i, v)} in DuckDB, loaded through Arrow so every bit pattern arrives as written. */
    private void stage(List<Double> values) throws Exception {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        try (VectorSchemaRoot root = VectorSchemaRoot.of(new IntVector("i", allocator), new Float8Vector("v", allocator));
                ArrowStreamWriter writer = new ArrowStreamWriter(root, null, stream)) {
            IntVector ids = (IntVector) root.getVector("i");
            Float8Vector doubles = (Float8Vector) root.getVector("v");
            ids.allocateNew(values.size());
            doubles.allocateNew(values.size());
            for (int i = 0; i < values.size(); i++) {
                ids.set(i, i);
                doubles.set(i, values.get(i));
            }
            root.setRowCount(values.size());
            writer.start();
            writer.writeBatch();
            writer.end();
        }
        try (ArrowReader reader = new ArrowStreamReader(new ByteArrayInputStream(stream.toByteArray()), allocator)) {
            ArrowIngest.createTable(duck, "doubles", reader, allocator);
        }
        assertThat(duck.queryScalar("select count(*) > 0 from doubles where v::varchar = '-nan'")).contains(true);
    }

    private void writeUniversal(String entity, String format, String query) throws Exception {
        Map<String, Object> options = options("format", format);
        try (WriteSession write = support.sink(null).beginWrite(output(entity, WriteStrategy.REPLACE, options),
                        ArrowEgress.schema(duck, query, allocator));
                ArrowReader reader = ArrowEgress.query(duck, query, allocator, 8_192)) {
            while (reader.loadNextBatch()) {
                write.write(reader.getVectorSchemaRoot());
            }
            write.commit();
        }
    }

    /** Compares line by line so a failure names the first differing value instead of two huge strings. */
    private static void assertSameLines(Path universal, Path nativeFile, int expectedLines) throws Exception {
        List<String> ours = Files.readAllLines(universal, StandardCharsets.UTF_8);
        List<String> duckDb = Files.readAllLines(nativeFile, StandardCharsets.UTF_8);
        assertThat(duckDb).hasSize(expectedLines);
        for (int i = 0; i < duckDb.size(); i++) {
            assertThat(ours.get(i)).as("line %d of %s", i + 1, universal.getFileName()).isEqualTo(duckDb.get(i));
        }
        assertThat(Files.readAllBytes(universal)).isEqualTo(Files.readAllBytes(nativeFile));
    }
}
