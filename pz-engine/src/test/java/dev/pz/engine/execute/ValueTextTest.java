package dev.pz.engine.execute;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** Check-sample value formatting (invariant numbers, raw strings, null, True/False, ISO "O"). */
class ValueTextTest {

    @Test
    void scalars() {
        assertThat(ValueText.of(null)).isEqualTo("null");
        assertThat(ValueText.of(true)).isEqualTo("True");
        assertThat(ValueText.of(false)).isEqualTo("False");
        assertThat(ValueText.of("a, b=c")).isEqualTo("a, b=c");
        assertThat(ValueText.of(42L)).isEqualTo("42");
        assertThat(ValueText.of(-7)).isEqualTo("-7");
    }

    @Test
    void numbersAreInvariantAndShortest() {
        assertThat(ValueText.of(42.0)).isEqualTo("42");
        assertThat(ValueText.of(25.5)).isEqualTo("25.5");
        assertThat(ValueText.of(0.1)).isEqualTo("0.1");
        assertThat(ValueText.of(1.5f)).isEqualTo("1.5");
        assertThat(ValueText.of(new BigDecimal("12.50"))).isEqualTo("12.50");
        assertThat(ValueText.of(new BigDecimal("1E+3"))).isEqualTo("1000");
    }

    @Test
    void datesAndTimestamps() {
        assertThat(ValueText.of(LocalDate.of(2026, 1, 2))).isEqualTo("2026-01-02");
        assertThat(ValueText.of(Date.valueOf("2026-01-02"))).isEqualTo("2026-01-02");
        assertThat(ValueText.of(LocalDateTime.of(2026, 1, 2, 3, 4, 5, 123_456_000)))
                .isEqualTo("2026-01-02T03:04:05.1234560");
        assertThat(ValueText.of(Timestamp.valueOf("2020-01-01 00:00:00"))).isEqualTo("2020-01-01T00:00:00.0000000");
        assertThat(ValueText.of(OffsetDateTime.of(2026, 1, 2, 3, 4, 5, 0, ZoneOffset.UTC)))
                .isEqualTo("2026-01-02T03:04:05.0000000");
    }
}
