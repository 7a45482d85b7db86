package dev.pz.connectors.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fast ISO-8601 reader agrees with java.time on every shape it accepts, and passes on the rest. */
class IsoTimestampsTest {

    private static long fast(String text) {
        return IsoTimestamps.micros(text.toCharArray(), 0, text.length());
    }

    @Test
    void agreesWithJavaTime() {
        for (String text : List.of("2026-07-02T10:00:00Z", "2026-07-02 10:00:00", "2026-07-02t10:00:00z",
                "2026-07-02T10:00:00.5+02:00", "2026-07-02T10:00:00.123456789-05:30", "1969-12-31T23:59:59.999999Z",
                "2024-02-29T00:00:00+00:00", "2026-07-02", "0001-01-01T00:00:00Z")) {
            assertThat(fast(text)).as(text).isEqualTo(JsonColumn.micros(WatermarkText.utc(text)));
        }
    }

    @Test
    void leavesOtherShapesToTheGeneralParser() {
        for (String text : List.of("2026-07-02T10:00Z", "2026-07-02T10:00:00+0200", "2026-07-02T10:00:00.Z",
                "20260702T100000Z", "2026-07-02T25:00:00Z", "2026-7-2", "2026-07-02T10:00:00Z[UTC]")) {
            assertThat(fast(text)).as(text).isEqualTo(IsoTimestamps.NOT_FAST);
        }
    }

    @Test
    void refusesImpossibleDates() {
        assertThatThrownBy(() -> fast("2026-02-30T00:00:00Z")).isInstanceOf(DateTimeException.class);
        assertThat(IsoTimestamps.epochDay("2026-01-31".toCharArray(), 0, 10))
                .isEqualTo(LocalDate.of(2026, 1, 31).toEpochDay());
        assertThat(IsoTimestamps.epochDay("2026-01-31T".toCharArray(), 0, 11)).isEqualTo(IsoTimestamps.NOT_FAST);
    }
}
