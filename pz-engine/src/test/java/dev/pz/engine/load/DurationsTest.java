package dev.pz.engine.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** pz's duration grammar: {@code <int><ms|s|m|h|d>}, nothing else. */
class DurationsTest {

    @Test
    void parsesEveryUnit() {
        assertThat(Durations.parse("500ms")).contains(Duration.ofMillis(500));
        assertThat(Durations.parse("90s")).contains(Duration.ofSeconds(90));
        assertThat(Durations.parse("5m")).contains(Duration.ofMinutes(5));
        assertThat(Durations.parse("2h")).contains(Duration.ofHours(2));
        assertThat(Durations.parse("1d")).contains(Duration.ofDays(1));
        assertThat(Durations.parse("0s")).contains(Duration.ZERO);
        assertThat(Durations.parse("302s")).contains(Duration.ofSeconds(302));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "5", "5 m", "5M", "-3s", "+3s", "1.5h", "5m2s", "fast", "s", "1w", " 5m",
            "99999999999999999999d", "9999999999999999d"})
    void refusesEverythingElse(String text) {
        assertThat(Durations.parse(text)).isEmpty();
    }

    @Test
    void refusesNull() {
        assertThat(Durations.parse(null)).isEmpty();
    }

    @Test
    void formatsInTheLargestExactUnit() {
        assertThat(Durations.format(Duration.ofSeconds(90))).isEqualTo("90s");
        assertThat(Durations.format(Duration.ofMinutes(5))).isEqualTo("5m");
        assertThat(Durations.format(Duration.ofMinutes(120))).isEqualTo("2h");
        assertThat(Durations.format(Duration.ofHours(24))).isEqualTo("1d");
        assertThat(Durations.format(Duration.ofMillis(500))).isEqualTo("500ms");
        assertThat(Durations.format(Duration.ofMillis(1500))).isEqualTo("1500ms");
        assertThat(Durations.format(Duration.ZERO)).isEqualTo("0s");
    }

    @Test
    void formatRoundTrips() {
        for (String text : new String[] {"90s", "5m", "2h", "1d", "500ms", "302s", "36h"}) {
            assertThat(Durations.format(Durations.parse(text).orElseThrow())).isEqualTo(text);
        }
    }
}
