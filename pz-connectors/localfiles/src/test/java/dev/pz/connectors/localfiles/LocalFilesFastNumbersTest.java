package dev.pz.connectors.localfiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The byte-level number fast paths agree with the String-based paths they short-cut. */
class LocalFilesFastNumbersTest {

    private static double parse(String text) {
        byte[] bytes = ("x" + text + "y").getBytes(StandardCharsets.ISO_8859_1);
        return LocalFilesCsvValues.parseDouble(bytes, 1, bytes.length - 1);
    }

    private static String format(double value) {
        byte[] out = new byte[LocalFilesDoubleText.MAX_FAST_BYTES + 4];
        int end = LocalFilesDoubleText.appendFixed(out, 2, value);
        return end < 0 ? null : new String(out, 2, end - 2, StandardCharsets.ISO_8859_1);
    }

    @Test
    void parsing_from_bytes_equals_double_parse_double() {
        List<String> texts = new ArrayList<>(List.of("0", "-0", "+1", "1.", ".5", "+.5", "1.39", "4.30", "-12.5e3",
                "1e22", "1e23", "1E-22", "1e-23", "9007199254740993", "123456789012345678", "0.1", "2.2250738585072014E-308",
                "1.7976931348623157e308", "  3.25 ", "00001.50000", "0.000000000000000000000000001", "5e0", "5e+2"));
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < 50_000; i++) {
            long cents = random.nextLong(-10_000_000_000L, 10_000_000_000L);
            texts.add(cents / 100 + "." + String.format("%02d", Math.abs(cents % 100)));
            texts.add(Double.toString(random.nextDouble() * Math.pow(10, random.nextInt(-30, 30))));
            texts.add(Long.toString(random.nextLong()));
        }
        for (String text : texts) {
            double expected = Double.parseDouble(text.strip());
            assertThat(Double.doubleToRawLongBits(parse(text))).as(text)
                    .isEqualTo(Double.doubleToRawLongBits(expected));
        }
        assertThat(parse("nan")).isNaN();
        assertThat(parse("-Infinity")).isEqualTo(Double.NEGATIVE_INFINITY);
        for (String bad : List.of(".", "-", "1e", "1.2.3", "1x", "e5", "1e+", "0x1p3", "1d", "1,5")) {
            assertThatThrownBy(() -> parse(bad)).as(bad).isInstanceOf(LocalFilesCsvValues.MalformedValueException.class);
        }
    }

    @Test
    void formatting_into_bytes_equals_double_text() {
        List<Double> values = new ArrayList<>(List.of(1.0, 0.1, 0.0001, 1.39, 4.3, 100.0, 123456789012345.0,
                99999999999999.9, -2.5, 0.30000000000000004, 1e15, 1e-5, 0.0, -0.0, Double.NaN, 1.0 / 3));
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 60_000; i++) {
            values.add(random.nextLong(-100_000_000_000L, 100_000_000_000L) / 100.0);
            values.add(random.nextLong(0, 1_000_000_000L) / Math.pow(10, random.nextInt(0, 10)));
            values.add(random.nextDouble() * Math.pow(10, random.nextInt(-6, 17)));
        }
        int fast = 0;
        for (double value : values) {
            String text = format(value);
            if (text != null) {
                fast++;
                assertThat(text).as("%s", value).isEqualTo(LocalFilesDoubleText.csv(value))
                        .isEqualTo(LocalFilesDoubleText.json(value));
            }
        }
        assertThat(fast).isGreaterThan(values.size() / 2);
        assertThat(format(1.39)).isEqualTo("1.39");
        assertThat(format(4.3)).isEqualTo("4.3");
        assertThat(format(7.0)).isEqualTo("7.0");
        assertThat(format(-0.0)).isNull();
        assertThat(format(0.30000000000000004)).isNull();
    }
}
