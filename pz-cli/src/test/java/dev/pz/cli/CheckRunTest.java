package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * All six check types through {@code pz test} on one project of inline-data pipelines: violation
 * counts, PZ0510, the exact failure messages and samples.
 */
class CheckRunTest {

    @TempDir
    static Path temp;

    static CliRun run;
    static JsonNode results;

    @BeforeAll
    static void runAllChecks() {
        String recent = LocalDateTime.now(ZoneOffset.UTC).minusHours(1)
                .format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
        Map<String, String[]> pipelines = new LinkedHashMap<>();
        pipelines.put("p_nn", new String[] {"select * from (values (1, 'a'), (2, null), (3, 'c'), (4, null)) t(id, email)",
                "  - not_null: [email]"});
        pipelines.put("p_nn_clean", new String[] {"select 1 as id, 'a' as email", "  - not_null: [id, email]"});
        pipelines.put("p_unique", new String[] {"select * from (values (1), (2), (2), (3), (3), (3)) t(id)",
                "  - unique: [id]"});
        pipelines.put("p_rc_min1", new String[] {"select * from range(3) t(id)", "  - row_count: {min: 1}"});
        pipelines.put("p_rc_min10", new String[] {"select * from range(3) t(id)", "  - row_count: {min: 10}"});
        pipelines.put("p_rc_max2", new String[] {"select * from range(3) t(id)", "  - row_count: {max: 2}"});
        pipelines.put("p_rc_quiet", new String[] {"select * from range(3) t(id)",
                "  - row_count: {min: 10, sample_values: false}"});
        pipelines.put("p_fresh", new String[] {"select timestamp '" + recent + "' as updated_at",
                "  - freshness: {column: updated_at, max_age: 24h}"});
        pipelines.put("p_stale", new String[] {"select timestamp '2020-01-01 00:00:00' as updated_at",
                "  - freshness: {column: updated_at, max_age: 24h}"});
        pipelines.put("p_empty", new String[] {"select cast(null as timestamp) as updated_at where false",
                "  - freshness: {column: updated_at, max_age: 24h}"});
        pipelines.put("p_date7d", new String[] {"select current_date - 2 as d", "  - freshness: {column: d, max_age: 7d}"});
        pipelines.put("p_date24h", new String[] {"select current_date - 2 as d",
                "  - freshness: {column: d, max_age: 24h}"});
        pipelines.put("p_av", new String[] {"select * from (values ('a'), ('b'), ('c'), ('c'), (null)) t(status)",
                "  - accepted_values: {column: status, values: [a, b]}"});
        pipelines.put("p_sql", new String[] {"select * from (values (1), (2), (3)) t(id)",
                "  - custom_sql:\n      name: over_one\n      sql: select id from staging.p_sql where id > 1 order by id;"});
        pipelines.put("p_sql_ok", new String[] {"select 1 as id",
                "  - custom_sql: {name: none, sql: select id from staging.p_sql_ok where id > 1}"});
        pipelines.put("p_quiet", new String[] {"select cast(null as integer) as id",
                "  - not_null: {columns: [id], sample_values: false}"});
        pipelines.put("p_keyword", new String[] {"select cast(null as integer) as \"select\"", "  - not_null: [select]"});
        TestProject project = TestProject.in(temp).projectYml("checks", Catalogue.LOCALFILES, "engine:\n  threads: 4");
        pipelines.forEach((name, spec) -> project.file("pipelines/" + name + ".sql", spec[0] + "\n")
                .file("pipelines/configs/" + name + ".yml", "pipeline: " + name + "\nchecks:\n" + spec[1] + "\n"));
        run = CliRun.pz(temp, "test");
        results = RunArtifacts.results(RunArtifacts.onlyRun(temp));
    }

    private static JsonNode check(String prefix) {
        JsonNode found = null;
        for (JsonNode node : results.get("nodes")) {
            if (node.get("kind").asText().equals("Check") && node.get("name").asText().startsWith(prefix)) {
                assertThat(found).as("one check named " + prefix + "*").isNull();
                found = node;
            }
        }
        assertThat(found).as("check " + prefix + " in " + results).isNotNull();
        return found;
    }

    private static void passes(String prefix) {
        JsonNode node = check(prefix);
        assertThat(node.get("status").asText()).as(node.toString()).isEqualTo("success");
        assertThat(node.get("rows").asLong()).isZero();
        assertThat(node.get("error").isNull()).isTrue();
    }

    private static String fails(String prefix, long violations) {
        JsonNode node = check(prefix);
        assertThat(node.get("status").asText()).as(node.toString()).isEqualTo("failed");
        assertThat(node.get("rows").asLong()).isEqualTo(violations);
        assertThat(node.get("error").get("code").asText()).isEqualTo("PZ0510");
        return node.get("error").get("message").asText();
    }

    @Test
    void runExitsOneAndReportsEveryCheck() {
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(results.get("status").asText()).isEqualTo("completed_with_failures");
        assertThat(results.get("nodes").findValuesAsText("kind")).filteredOn("Check"::equals).hasSize(17);
        assertThat(run.out()).contains("\nFAIL check_p_nn_not_null_email 2 rows ",
                "\n  PZ0510: check not_null failed on staging.p_nn: 2 violation(s); sample: ");
    }

    @Test
    void checkNodesAreNamedAfterPipelineTypeAndColumns() {
        assertThat(results.get("nodes").findValuesAsText("name")).contains("check_p_nn_not_null_email",
                "check_p_nn_clean_not_null_id_email", "check_p_unique_unique_id", "check_p_av_accepted_values_status",
                "check_p_sql_over_one", "check_p_stale_freshness_updated_at", "check_p_keyword_not_null_select");
    }

    @Test
    void notNullCountsRowsAndSamplesWholeRows() {
        assertThat(fails("check_p_nn_not_null", 2)).isEqualTo(
                "check not_null failed on staging.p_nn: 2 violation(s); sample: {id=2, email=null}; {id=4, email=null}");
        passes("check_p_nn_clean_");
    }

    @Test
    void uniqueCountsDuplicateGroups() {
        assertThat(fails("check_p_unique_", 2))
                .startsWith("check unique failed on staging.p_unique: 2 violation(s); sample: ")
                .contains("{id=2}", "{id=3}").doesNotContain("{id=1}");
    }

    @Test
    void rowCountBounds() {
        passes("check_p_rc_min1_");
        assertThat(fails("check_p_rc_min10_", 1))
                .isEqualTo("check row_count failed on staging.p_rc_min10: 1 violation(s); sample: row_count=3");
        assertThat(fails("check_p_rc_max2_", 1))
                .isEqualTo("check row_count failed on staging.p_rc_max2: 1 violation(s); sample: row_count=3");
        assertThat(fails("check_p_rc_quiet_", 1))
                .isEqualTo("check row_count failed on staging.p_rc_quiet: 1 violation(s) (samples disabled)");
    }

    @Test
    void freshnessOnTimestampsDatesAndEmptyTables() {
        passes("check_p_fresh_");
        assertThat(fails("check_p_stale_", 1)).isEqualTo("check freshness failed on staging.p_stale: 1 violation(s);"
                + " sample: max(updated_at)=2020-01-01T00:00:00.0000000, max_age=24h");
        assertThat(fails("check_p_empty_", 1)).isEqualTo("check freshness failed on staging.p_empty: 1 violation(s);"
                + " sample: max(updated_at)=null (no rows or all-null column), max_age=24h");
        passes("check_p_date7d_");
        assertThat(fails("check_p_date24h_", 1)).startsWith(
                "check freshness failed on staging.p_date24h: 1 violation(s); sample: max(d)=").endsWith(", max_age=24h");
    }

    @Test
    void acceptedValuesCountsRowsAndSamplesDistinctValues() {
        assertThat(fails("check_p_av_", 2))
                .isEqualTo("check accepted_values failed on staging.p_av: 2 violation(s); sample: c");
    }

    @Test
    void customSqlCountsRowsAndTrimsTheTrailingSemicolon() {
        assertThat(fails("check_p_sql_over_one", 2))
                .isEqualTo("check custom_sql failed on staging.p_sql: 2 violation(s); sample: {id=2}; {id=3}");
        passes("check_p_sql_ok_");
    }

    @Test
    void samplesCanBeDisabledAndKeywordColumnsWork() {
        assertThat(fails("check_p_quiet_", 1))
                .isEqualTo("check not_null failed on staging.p_quiet: 1 violation(s) (samples disabled)");
        assertThat(fails("check_p_keyword_", 1))
                .isEqualTo("check not_null failed on staging.p_keyword: 1 violation(s); sample: {select=null}");
    }
}
