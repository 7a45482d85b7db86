package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Dates and timestamps as the bulk copy's text, against java.time. */
class TemporalTextTest {

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSS");

    @Test
    void fixedPointsIncludingLeapDaysAndTheRangeEnds() {
        assertThat(TemporalText.date(0)).isEqualTo("1970-01-01");
        assertThat(TemporalText.date(-1)).isEqualTo("1969-12-31");
        assertThat(TemporalText.date(LocalDate.of(2024, 2, 29).toEpochDay())).isEqualTo("2024-02-29");
        assertThat(TemporalText.date(LocalDate.of(2000, 3, 1).toEpochDay())).isEqualTo("2000-03-01");
        assertThat(TemporalText.date(LocalDate.of(1, 1, 1).toEpochDay())).isEqualTo("0001-01-01");
        assertThat(TemporalText.date(LocalDate.of(9999, 12, 31).toEpochDay())).isEqualTo("9999-12-31");
        assertThat(TemporalText.timestamp(0)).isEqualTo("1970-01-01 00:00:00.000000");
        assertThat(TemporalText.timestamp(-1)).isEqualTo("1969-12-31 23:59:59.999999");
        assertThat(TemporalText.timestamp(TemporalText.epochMicros(LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_000))))
                .isEqualTo("9999-12-31 23:59:59.999999");
    }

    @Test
    void yearsOutsideSqlServersRangeFallBackToJavaTimeSpelling() {
        assertThat(TemporalText.date(LocalDate.of(10_000, 1, 1).toEpochDay())).isEqualTo("+10000-01-01");
        assertThat(TemporalText.date(LocalDate.of(0, 6, 1).toEpochDay())).isEqualTo("0000-06-01");
        assertThat(TemporalText.timestamp(TemporalText.epochMicros(LocalDateTime.of(-5, 1, 1, 1, 2, 3))))
                .isEqualTo("-0005-01-01 01:02:03");
    }

    @Test
    void agreesWithJavaTimeAcrossTheWholeRange() {
        Random random = new Random(42);
        long first = LocalDate.of(1, 1, 1).toEpochDay();
        long last = LocalDate.of(9999, 12, 31).toEpochDay();
        for (int i = 0; i < 100_000; i++) {
            long day = first + (long) (random.nextDouble() * (last - first + 1));
            assertThat(TemporalText.date(day)).isEqualTo(LocalDate.ofEpochDay(day).toString());
            LocalDateTime time = LocalDate.ofEpochDay(day).atStartOfDay()
                    .plusNanos((long) (random.nextDouble() * 86_400_000_000L) * 1_000);
            assertThat(TemporalText.timestamp(TemporalText.epochMicros(time))).isEqualTo(time.format(TIMESTAMP));
        }
    }
}
