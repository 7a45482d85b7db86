package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pz test} over F03, and checks inside {@code pz run}. */
class TestCommandTest {

    @TempDir
    Path temp;

    @Test
    void uniqueViolationFailsTestAndRunsNoSink() throws Exception {
        TestProject fixture = Catalogue.f03(temp);
        Files.writeString(fixture.resolve("data/orders.csv"), "5,2,20.00,shipped\n",
                java.nio.file.StandardOpenOption.APPEND);

        CliRun test = CliRun.pz(fixture.path(), "test");

        assertThat(test.exitCode()).as(test.toString()).isEqualTo(1);
        JsonNode results = RunArtifacts.results(RunArtifacts.onlyRun(fixture.path()));
        assertThat(results.get("status").asText()).isEqualTo("completed_with_failures");
        JsonNode unique = RunArtifacts.node(results, "check_orders_enriched_unique_id");
        assertThat(unique.get("status").asText()).isEqualTo("failed");
        assertThat(unique.get("rows").asLong()).isEqualTo(1);
        assertThat(unique.get("error").get("code").asText()).isEqualTo("PZ0510");
        assertThat(unique.get("error").get("message").asText())
                .isEqualTo("check unique failed on staging.orders_enriched: 1 violation(s); sample: {id=5}");
        assertThat(RunArtifacts.node(results, "check_orders_enriched_not_null_id_email").get("status").asText())
                .isEqualTo("success");
        assertThat(results.get("nodes").findValuesAsText("kind")).doesNotContain("SinkWrite");
        assertThat(RunArtifacts.summary(results)).noneMatch(line -> line.startsWith("order_totals"));
        assertThat(fixture.resolve("out")).doesNotExist();
        assertThat(RunArtifacts.withoutTimes(test)).contains("FAIL check_orders_enriched_unique_id 1 rows",
                "  PZ0510: check unique failed on staging.orders_enriched: 1 violation(s); sample: {id=5}",
                "ok check_orders_enriched_not_null_id_email 0 rows");
        assertThat(test.out()).containsPattern("\nrun \\S+: 5 succeeded, 1 failed, 0 skipped \\(");
    }

    @Test
    void customSqlCheckFailsUnderItsOwnName() {
        TestProject fixture = Catalogue.f03(temp).file("pipelines/configs/orders_enriched.yml",
                "pipeline: orders_enriched\nchecks:\n  - custom_sql:\n      name: no_rows_at_all\n"
                        + "      sql: select * from staging.orders_enriched");

        CliRun test = CliRun.pz(fixture.path(), "test");

        assertThat(test.exitCode()).as(test.toString()).isEqualTo(1);
        JsonNode check = RunArtifacts.node(RunArtifacts.results(RunArtifacts.onlyRun(fixture.path())),
                "check_orders_enriched_no_rows_at_all");
        assertThat(check.get("status").asText()).isEqualTo("failed");
        assertThat(check.get("rows").asLong()).isEqualTo(3);
        assertThat(check.get("error").get("code").asText()).isEqualTo("PZ0510");
        assertThat(check.get("error").get("message").asText())
                .startsWith("check custom_sql failed on staging.orders_enriched: 3 violation(s); sample: {id=")
                .contains("email=grace@example.com");
    }

    @Test
    void failingChecksDoNotGateSinksInRun() throws Exception {
        TestProject fixture = Catalogue.f03(temp);
        Files.writeString(fixture.resolve("data/orders.csv"), "5,2,20.00,shipped\n",
                java.nio.file.StandardOpenOption.APPEND);

        CliRun run = CliRun.pz(fixture.path(), "run", "--all");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        JsonNode results = RunArtifacts.results(RunArtifacts.onlyRun(fixture.path()));
        assertThat(results.get("status").asText()).isEqualTo("completed_with_failures");
        assertThat(RunArtifacts.node(results, "lake.orders_curated").get("status").asText()).isEqualTo("success");
        assertThat(RunArtifacts.node(results, "lake.orders_curated").get("rows").asLong()).isEqualTo(4);
        Path curated = fixture.resolve("out/orders_curated/orders_curated.parquet");
        assertThat(Duck.rows("select id, amount, email from read_parquet('" + curated + "') order by id, amount"))
                .containsExactly("1|25.5|ada@example.com", "3|42.0|ada@example.com", "5|15.75|grace@example.com",
                        "5|20.0|grace@example.com");
        assertThat(fixture.read("out/order_totals/order_totals.csv")).isEqualTo("customer_id,total\n1,67.5\n2,35.75\n");
        assertThat(run.out()).contains(": 8 succeeded, 1 failed, 0 skipped (");
    }

    @Test
    void noChecksDefinedExitsZeroWithoutARun() {
        Path project = Catalogue.f04(temp).path();

        CliRun test = CliRun.pz(project, "test");

        assertThat(test.exitCode()).as(test.toString()).isZero();
        assertThat(test.out()).isEqualTo("no checks defined\n");
        assertThat(project.resolve(".pz/runs")).doesNotExist();
    }

    @Test
    void selectRunsOnlyTheSelectedChecksAndTheirAncestors() {
        TestProject fixture = Catalogue.f03(temp);

        CliRun test = CliRun.pz(fixture.path(), "test", "--select", "check_orders_enriched_unique_id");

        assertThat(test.exitCode()).as(test.toString()).isZero();
        JsonNode results = RunArtifacts.results(RunArtifacts.onlyRun(fixture.path()));
        assertThat(results.get("status").asText()).isEqualTo("success");
        assertThat(RunArtifacts.summary(results)).containsExactlyInAnyOrder("src_crm__orders:success:5",
                "src_crm__customers:success:3", "stg_orders:success:3", "orders_enriched:success:3",
                "check_orders_enriched_unique_id:success:0");
    }
}
