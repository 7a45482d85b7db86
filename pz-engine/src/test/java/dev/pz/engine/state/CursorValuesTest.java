package dev.pz.engine.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Canonical cursor values (docs/incremental.md): what is stored must compare and print the same everywhere. */
class CursorValuesTest {

    @ParameterizedTest(name = "{0} ''{1}'' -> ''{2}''")
    @CsvSource(delimiter = '|', nullValues = "EMPTY", ignoreLeadingAndTrailingWhitespace = false, value = {
        "int|42|42",
        "int|+42|42",
        "int|-7|-7",
        "int|007|7",
        "bigint|123456789012345678901234567890|123456789012345678901234567890",
        "bigint|+0|0",
        "int|4.0|EMPTY",
        "int|1e3|EMPTY",
        "int| 4|EMPTY",
        "bigint|abc|EMPTY",
        "decimal|12.50|12.50",
        "decimal|+12.50|12.50",
        "decimal|-0.125|-0.125",
        "decimal|7|7",
        "decimal|.5|0.5",
        "decimal|1e3|EMPTY",
        "decimal|1,5|EMPTY",
        "date|2026-07-01|2026-07-01",
        "date|2026-02-30|EMPTY",
        "date|2026-7-1|EMPTY",
        "date|2026-07-01T00:00:00|EMPTY",
        "timestamp|2026-01-08T13:30:00.000000|2026-01-08T13:30:00.000000",
        "timestamp|2026-01-08T13:30:00.123456|2026-01-08T13:30:00.123456",
        "timestamp|2026-01-08T13:30:00.5|2026-01-08T13:30:00.500000",
        "timestamp|2026-01-08T13:30:00|2026-01-08T13:30:00.000000",
        "timestamp|2026-07-01|2026-07-01T00:00:00.000000",
        "timestamp|2026-01-08T13:30:00Z|2026-01-08T13:30:00.000000",
        "timestamp|2026-01-08T13:30:00.250Z|2026-01-08T13:30:00.250000",
        "timestamp|2026-07-01Z|EMPTY",
        "timestamp|2026-01-08T13:30:00ZZ|EMPTY",
        "timestamp|2026-01-08T13:30:00+02:00|EMPTY",
        "timestamp|2026-01-08T13:30:00-05:00|EMPTY",
        "timestamp|2026-01-08T13:30:00.1234567|EMPTY",
        "timestamp|2026-01-08T25:00:00|EMPTY",
        "timestamp|2026-01-08 13:30:00|EMPTY",
        "timestamp|2026-01-08T13:30|EMPTY",
        "double|1.5|EMPTY",
        "weirdtype|1|EMPTY",
    })
    void canonicalizes(String type, String text, String expected) {
        assertThat(CursorValues.canonicalize(type, text).orElse(null)).isEqualTo(expected);
    }

    @Test
    void onlyTheFiveCursorTypesAreAllowed() {
        assertThat(CursorValues.TYPES).containsExactly("int", "bigint", "decimal", "date", "timestamp");
        assertThat(CursorValues.isCursorType("timestamp")).isTrue();
        assertThat(CursorValues.isCursorType("double")).isFalse();
        assertThat(CursorValues.isCursorType("varchar")).isFalse();
        assertThat(CursorValues.isCursorType(null)).isFalse();
    }

    @Test
    void comparesNumbersByValueNotText() {
        assertThat(CursorValues.compare("bigint", "9", "10")).isNegative();
        assertThat(CursorValues.compare("int", "+10", "10")).isZero();
        assertThat(CursorValues.compare("bigint", "-5", "-40")).isPositive();
        assertThat(CursorValues.compare("decimal", "12.50", "12.5")).isZero();
        assertThat(CursorValues.compare("decimal", "2.05", "10")).isNegative();
    }

    @Test
    void comparesDatesAndTimestampsChronologically() {
        assertThat(CursorValues.compare("date", "2026-07-01", "2026-12-01")).isNegative();
        assertThat(CursorValues.compare("timestamp", "2026-07-01", "2026-07-01T00:00:00.000000")).isZero();
        assertThat(CursorValues.compare("timestamp", "2026-07-29T02:00:00.000000", "2026-07-01")).isPositive();
    }

    @Test
    void comparingAnUnparseableValueFails() {
        assertThatThrownBy(() -> CursorValues.compare("bigint", "x", "1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'x'");
        assertThatThrownBy(() -> CursorValues.compare("weirdtype", "1", "1")).isInstanceOf(IllegalArgumentException.class);
    }
}
