package dev.pz.engine.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Byte-size literals (memory budget, DuckDB memory limit): 1000- and 1024-based units, half away from zero. */
class ByteSizesTest {

    @Test
    void parsesUnits() {
        assertThat(ByteSizes.parse("512")).hasValue(512);
        assertThat(ByteSizes.parse("512B")).hasValue(512);
        assertThat(ByteSizes.parse("1KB")).hasValue(1_000);
        assertThat(ByteSizes.parse("512MB")).hasValue(512_000_000);
        assertThat(ByteSizes.parse("1GB")).hasValue(1_000_000_000);
        assertThat(ByteSizes.parse("2TB")).hasValue(2_000_000_000_000L);
        assertThat(ByteSizes.parse("1KiB")).hasValue(1_024);
        assertThat(ByteSizes.parse("1MiB")).hasValue(1_048_576);
        assertThat(ByteSizes.parse("1GiB")).hasValue(1_073_741_824);
        assertThat(ByteSizes.parse("4GiB")).hasValue(4_294_967_296L);
        assertThat(ByteSizes.parse("1TiB")).hasValue(1_099_511_627_776L);
    }

    @Test
    void isCaseInsensitiveAndAllowsWhitespace() {
        assertThat(ByteSizes.parse("4 gib")).hasValue(4_294_967_296L);
        assertThat(ByteSizes.parse("512mb")).hasValue(512_000_000);
        assertThat(ByteSizes.parse(" 1 KB ")).hasValue(1_000);
    }

    @Test
    void roundsHalfAwayFromZero() {
        assertThat(ByteSizes.parse("1.5KiB")).hasValue(1_536);
        assertThat(ByteSizes.parse("0.0005KB")).hasValue(1);
        assertThat(ByteSizes.parse("0.0004KB")).hasValue(0);
        assertThat(ByteSizes.parse("2.5")).hasValue(3);
        assertThat(ByteSizes.parse(".5GB")).hasValue(500_000_000);
    }

    @ParameterizedTest
    @ValueSource(strings = {"80%", "", "lots", "-1GB", "1 XB", "1e9", "GB", "99999999999999TiB"})
    void otherFormsAreNotFixedSizes(String text) {
        assertThat(ByteSizes.parse(text)).isEmpty();
    }
}
