package dev.pz.connectors.api.paths;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GlobsTest {

    @ParameterizedTest
    @CsvSource({
        "events/*.parquet, events/a.parquet, true",
        "events/*.parquet, events/x/a.parquet, false",
        "events/**.parquet, events/x/a.parquet, true",
        "events/**/*.parquet, events/x/y/a.parquet, true",
        "e/2026/07/1?/*.csv, e/2026/07/12/a.csv, true",
        "e/2026/07/1?/*.csv, e/2026/07/2/a.csv, false",
        "data (1).csv, data (1).csv, true",
        "a.b, axb, false",
        "données/é*.csv, données/été.csv, true"
    })
    void matchesWholeNames(String glob, String name, boolean expected) {
        assertThat(Globs.toRegex(glob).matcher(name).matches()).isEqualTo(expected);
    }
}
