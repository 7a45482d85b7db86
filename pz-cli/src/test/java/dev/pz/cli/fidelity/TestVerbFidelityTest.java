package dev.pz.cli.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.cli.CliRun;
import dev.pz.cli.RunArtifacts;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pz test} on the shipped sample, as the reference's TestCommandTests pin it. */
class TestVerbFidelityTest {
    @TempDir
    Path temp;

    private static List<String> names(JsonNode results) {
        List<String> names = new ArrayList<>();
        results.get("nodes").forEach(node -> names.add(node.get("name").asText()));
        return names;
    }

    // T1
    @Test
    void runsTheChecksAndTheirAncestorsButNoSink() {
        TestProject project = Reference.sample(temp);
        Reference.ok(project.path(), "test");
        assertThat(names(RunArtifacts.results(RunArtifacts.onlyRun(project.path()))))
                .contains("check_orders_enriched_not_null_id_email", "check_orders_enriched_unique_id",
                        "orders_enriched", "stg_orders", "src_raw__customers", "src_raw__orders")
                .doesNotContain("lake.orders_curated");
    }

    // T2
    @Test
    void aDuplicateFailsTheUniqueCheckWithPz0510AndTheOffendingValue() {
        TestProject project = Reference.sample(temp);
        project.file("data/orders.csv", project.read("data/orders.csv") + "5,2,20.00,shipped\n");
        CliRun run = CliRun.pz(project.path(), "test");
        assertThat(run.exitCode()).isEqualTo(1);
        JsonNode check = RunArtifacts.node(RunArtifacts.results(RunArtifacts.onlyRun(project.path())),
                "check_orders_enriched_unique_id");
        assertThat(check.get("status").asText()).isEqualTo("failed");
        assertThat(check.get("rows").asLong()).isPositive();
        assertThat(check.get("error").get("code").asText()).isEqualTo("PZ0510");
        assertThat(check.get("error").get("message").asText()).contains("violation(s)", "id=5");
    }

    // T3
    @Test
    void aCustomSqlCheckReturningRowsFailsWithPz0510() {
        TestProject project = Reference.sample(temp).file("pipelines/configs/orders_enriched.yml",
                "pipeline: orders_enriched\nchecks:\n  - custom_sql:\n      name: no_rows_at_all\n"
                        + "      sql: select * from staging.orders_enriched\n");
        CliRun run = CliRun.pz(project.path(), "test");
        assertThat(run.exitCode()).isEqualTo(1);
        JsonNode check = RunArtifacts.node(RunArtifacts.results(RunArtifacts.onlyRun(project.path())),
                "check_orders_enriched_no_rows_at_all");
        assertThat(check.get("status").asText()).isEqualTo("failed");
        assertThat(check.get("error").get("code").asText()).isEqualTo("PZ0510");
    }

    // T4
    @Test
    void withoutChecksItSaysSoAndRunsNothing() {
        TestProject project = Reference.sample(temp).file("pipelines/configs/orders_enriched.yml",
                "pipeline: orders_enriched\nmaterialization: table\ntags: [daily, crm]\n");
        CliRun run = Reference.ok(project.path(), "test");
        assertThat(run.out()).contains("no checks defined");
        assertThat(project.resolve(".pz/runs")).doesNotExist();
    }
}
