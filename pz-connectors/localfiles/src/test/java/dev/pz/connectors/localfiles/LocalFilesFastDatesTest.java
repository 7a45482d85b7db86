package dev.pz.connectors.localfiles;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;

/**
 * The byte-level date and timestamp parsers give the value or the error of the {@code java.time}
 * based parsers they short-cut, for valid text, near misses and random mutations alike.
 */
class LocalFilesFastDatesTest {

    private static final String MUTATIONS = "0123456789-: T.Z+zx";

    @Test
    void dates_from_bytes_equal_local_date_parse() {
        List<String> texts = new ArrayList<>();
        for (LocalDate day = LocalDate.of(1899, 12, 1); day.isBefore(LocalDate.of(2101, 3, 1)); day = day.plusDays(1)) {
            texts.add(day.toString());
        }
        for (String year : List.of("0000", "0001", "0400", "1600", "1900", "2000", "2023", "2024", "9999")) {
            for (int month = 0; month <= 13; month++) {
                for (int day = 0; day <= 32; day++) {
                    texts.add(String.format("%s-%02d-%02d", year, month, day));
                }
            }
        }
        texts.addAll(List.of(" 2024-02-29 ", "2024-2-29", "2024-02-9", "+2024-02-29", "12024-02-29", "-0001-01-01",
                "2024/02/29", "2024-02-29T", "2024-02-29 10:00", "", "   ", "２０２４-01-01", "2024-01-01\u00e9"));
        addMutations(texts, 10_000, 1);
        assertSamePath(texts, LocalFilesDateBytes::parseDate,
                text -> LocalFilesCsvValues.parseDate(LocalFilesCsvValues.ascii(text, 0, text.length)));
    }

    @Test
    void timestamps_from_bytes_equal_the_java_time_formatter() {
        List<String> dates = List.of("1969-12-31", "1970-01-01", "2000-02-29", "2023-02-28", "2023-02-29", "2023-02-30",
                "2024-12-31", "0000-01-01", "9999-12-31", "1900-03-01", "2024-04-31");
        List<String> times = List.of("", " 10:20", "T10:20", " 00:00:00", "T23:59:59", " 24:00", " 24:00:00", "T10:20:60",
                " 10:60", " 10:20:30.", " 10:20:30.1", " 10:20:30.123456", "T10:20:30.1234567", " 10:20:30.123456789",
                " 10:20:30.1234567891", " 10:20.5", "T", " ", "T10", " 10:2", " 10:20:3", "10:20", "  10:20", " T10:20",
                " 1:20:30", " 10:20:30,5");
        List<String> zones = List.of("", "Z", "+05:30", "-08:00", "+00:00", "-00:00", "+17:59", "-17:59", "+18:00",
                "-18:00", "+18:01", "+05", "-0530", "+0530", " Z", "z", "+5:30", "+05:3", "+05:60", "UTC");
        List<String> texts = new ArrayList<>();
        for (String date : dates) {
            for (String time : times) {
                for (String zone : zones) {
                    texts.add(date + time + zone);
                }
            }
        }
        texts.addAll(List.of(" 2024-01-01 10:20:30 ", "2024-01-01T10:20:30Z  ", "", "2024-01-0110:20"));
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 20_000; i++) {
            long seconds = random.nextLong(-5_000_000_000L, 50_000_000_000L);
            java.time.LocalDateTime at = java.time.LocalDateTime.ofEpochSecond(seconds, random.nextInt(1_000_000_000),
                    java.time.ZoneOffset.UTC);
            texts.add(at.toString());
            texts.add(at.toString().replace('T', ' ') + "+0" + random.nextInt(10) + ":" + random.nextInt(10) + "5");
        }
        addMutations(texts, 20_000, 2);
        assertSamePath(texts, LocalFilesDateBytes::parseTimestampMicros,
                text -> LocalFilesCsvValues.parseTimestampMicros(LocalFilesCsvValues.ascii(text, 0, text.length)));
    }

    /** Copies of the texts so far with {@code edits} bytes replaced by calendar-like characters. */
    private static void addMutations(List<String> texts, int count, int edits) {
        SplittableRandom random = new SplittableRandom(count);
        int originals = texts.size();
        for (int i = 0; i < count; i++) {
            char[] text = texts.get(random.nextInt(originals)).toCharArray();
            if (text.length == 0) {
                continue;
            }
            for (int edit = 0; edit < edits; edit++) {
                text[random.nextInt(text.length)] = MUTATIONS.charAt(random.nextInt(MUTATIONS.length()));
            }
            texts.add(new String(text));
        }
    }

    private interface BytesParser {
        long parse(byte[] row, int start, int end);
    }

    private static void assertSamePath(List<String> texts, BytesParser fast, ToLongFunction<byte[]> slow) {
        int valid = 0;
        for (String text : texts) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            byte[] framed = ("a," + text + ",b").getBytes(StandardCharsets.UTF_8);
            String expected = outcome(() -> slow.applyAsLong(bytes));
            assertThat(outcome(() -> fast.parse(framed, 2, framed.length - 2))).as("'%s'", text).isEqualTo(expected);
            if (!expected.equals("malformed")) {
                valid++;
            }
        }
        // The inputs reach both sides of every check: most are valid, many are not.
        assertThat(valid).isGreaterThan(texts.size() / 4).isLessThan(texts.size());
    }

    private interface Parse {
        long run();
    }

    private static String outcome(Parse parse) {
        try {
            return Long.toString(parse.run());
        } catch (LocalFilesCsvValues.MalformedValueException e) {
            return "malformed";
        }
    }
}
