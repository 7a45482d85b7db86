package dev.pz.connectors.api.paths;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PathTemplateTest {

    private static Instant t(String canonical) {
        return PathTemplate.parseCanonical(canonical);
    }

    @Test
    void detectsCalendarTokensButNotTheKeyToken() {
        assertThat(PathTemplate.hasDateTokens("e/{yyyy}/{MM}/*.parquet")).isTrue();
        assertThat(PathTemplate.hasDateTokens("e/*.parquet")).isFalse();
        assertThat(PathTemplate.hasDateTokens("/anything/comments/{key}")).isFalse();
        assertThat(PathTemplate.hasDateTokens("/items/{Key}")).isTrue();
        assertThat(PathTemplate.hasDateTokens("/items/{keys}")).isTrue();
    }

    @ParameterizedTest
    @CsvSource({
        "e/{yyyy}/*.parquet, YEAR",
        "e/{yyyy}/{MM}/*.parquet, MONTH",
        "e/{yyyy}/{MM}/{dd}/*.parquet, DAY",
        "e/{yyyy}/{MM}/{dd}/{HH}*.parquet, HOUR",
        "e/{yyyy}/{MM}/{dd}/{HH}{mm}*.parquet, MINUTE",
        "e/{yy}/{MM}/*.parquet, MONTH",
        "e/{yyyy}/{key}/*.parquet, YEAR"
    })
    void validateReturnsTheFinestGranularity(String pattern, Granularity expected) {
        assertThat(PathTemplate.validate(pattern, "dataset 'x'")).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "e/{yyyy}/{dd}/*.parquet | dataset 'x': path tokens must be contiguous coarse\u2192fine ({yyyy}\u2192{MM}\u2192{dd}\u2192{HH}\u2192{mm}), got [Year, Day]",
        "e/{MM}/{yyyy}/*.parquet | dataset 'x': path tokens must be contiguous coarse\u2192fine ({yyyy}\u2192{MM}\u2192{dd}\u2192{HH}\u2192{mm}), got [Month, Year]",
        "e/{yyyy}/{zz}/*.parquet | dataset 'x': unknown path token '{zz}' (allowed: {yyyy} {yy} {MM} {dd} {HH} {mm})",
        "/items/{keys} | dataset 'x': unknown path token '{keys}' (allowed: {yyyy} {yy} {MM} {dd} {HH} {mm})",
        "e/*.parquet | dataset 'x': no calendar tokens in path"
    })
    void validateRefusesMalformedTemplatesWithPZ0218(String pattern, String message) {
        assertThatThrownBy(() -> PathTemplate.validate(pattern, "dataset 'x'"))
                .isInstanceOfSatisfying(PzConnectorException.class, e -> {
                    assertThat(e.isTransient()).isFalse();
                    assertThat(e.code()).contains(PzCode.TEMPLATED_PATH_TOKENS_INVALID);
                })
                .hasMessage(message);
    }

    @Test
    void parsesTheCanonicalForms() {
        assertThat(t("2026-07-11")).isEqualTo(Instant.parse("2026-07-11T00:00:00Z"));
        assertThat(t("2026-07-11T09:30:15")).isEqualTo(Instant.parse("2026-07-11T09:30:15Z"));
        assertThat(t("2026-07-11T09:30:15.000123")).isEqualTo(Instant.parse("2026-07-11T09:30:15.000123Z"));
        assertThatThrownBy(() -> t("11/07/2026")).isInstanceOf(PzConnectorException.class)
                .hasMessage("cannot parse watermark value '11/07/2026' as a date/timestamp for a templated path");
    }

    @Test
    void renderSubstitutesEveryToken() {
        Instant at = Instant.parse("2026-07-05T09:03:00Z");
        assertThat(PathTemplate.render("e/{yyyy}/{MM}/{dd}/{HH}*.parquet", at)).isEqualTo("e/2026/07/05/09*.parquet");
        assertThat(PathTemplate.render("e/{yy}/{MM}/*.parquet", at)).isEqualTo("e/26/07/*.parquet");
        assertThat(PathTemplate.render("e/{HH}/{mm}/*.parquet", at)).isEqualTo("e/09/03/*.parquet");
    }

    @ParameterizedTest
    @CsvSource({
        "e/{yyyy}/{MM}/*.parquet, e/",
        "events/2026/07/12/*.parquet, events/2026/07/12/",
        "events/2026/07/11/10*.parquet, events/2026/07/11/10",
        "events/raw/data.parquet, events/raw/data.parquet",
        "a/b?c, a/b"
    })
    void staticPrefixIsTheLeadingLiteral(String pattern, String expected) {
        assertThat(PathTemplate.staticPrefix(pattern)).isEqualTo(expected);
    }

    @Test
    void coverCollapsesWholeDaysBetweenRaggedHours() {
        List<String> cover = PathTemplate.windowCover("events/{yyyy}/{MM}/{dd}/{HH}*.parquet",
                t("2026-07-11T10:00:00"), t("2026-07-13T12:00:00"));
        assertThat(cover).hasSize(14 + 1 + 13);
        assertThat(cover.get(0)).isEqualTo("events/2026/07/11/10*.parquet");
        assertThat(cover).contains("events/2026/07/12/*.parquet");
        assertThat(cover.get(cover.size() - 1)).isEqualTo("events/2026/07/13/12*.parquet");
    }

    @Test
    void coverCollapsesWholeYearsSegmentBySegment() {
        assertThat(PathTemplate.windowCover("e/{yyyy}/{MM}/{dd}/*.parquet", t("2025-01-01"), t("2026-12-31")))
                .containsExactly("e/2025/*/*/*.parquet", "e/2026/*/*/*.parquet");
    }

    @Test
    void coverOfOneBucketIsThatBucket() {
        assertThat(PathTemplate.windowCover("e/{yyyy}/{MM}/{dd}/*.parquet", t("2026-07-11"), t("2026-07-11")))
                .containsExactly("e/2026/07/11/*.parquet");
    }

    @Test
    void coverOfTwoDaysNamesBothDays() {
        assertThat(PathTemplate.windowCover("events/{yyyy}/{MM}/{dd}/*.parquet",
                t("2026-07-11T00:00:00.000000"), t("2026-07-12T00:00:00.000000")))
                .containsExactly("events/2026/07/11/*.parquet", "events/2026/07/12/*.parquet");
    }

    @Test
    void coverIsChronologicalAndDisjointAcrossALeapFebruary() {
        List<String> cover = PathTemplate.windowCover("e/{yyyy}/{MM}/{dd}/{HH}*.parquet",
                t("2028-02-27T22:00:00"), t("2028-03-01T02:00:00"));
        assertThat(cover).isSorted().doesNotHaveDuplicates();
        assertThat(cover).containsSubsequence("e/2028/02/28/*.parquet", "e/2028/02/29/*.parquet",
                "e/2028/03/01/00*.parquet");
    }

    @Test
    void coverKeepsARecursiveWildcardThatIsNotBesideAToken() {
        assertThat(PathTemplate.windowCover("e/{yyyy}/{MM}/**/x.csv", t("2026-01-01"), t("2026-12-31")))
                .containsExactly("e/2026/*/**/x.csv");
    }

    @Test
    void anyBucketWritesEveryTokenAsAWildcard() {
        assertThat(PathTemplate.anyBucket("e/{yyyy}/{MM}/{dd}/{HH}*.parquet")).isEqualTo("e/*/*/*/*.parquet");
        assertThat(PathTemplate.anyBucket("e/{yy}{MM}.csv")).isEqualTo("e/*.csv");
    }
}
