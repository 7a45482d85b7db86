package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pz run} happy paths over the catalogue's fixtures. */
class RunCommandTest {
    private static final String RUN_ID = "\\d{8}T\\d{9}Z-[0-9a-f]{4}";

    @TempDir
    Path temp;

    @Test
    void f01CsvToParquetEndToEnd() throws Exception {
        Path project = Catalogue.f01(temp).path();

        CliRun run = CliRun.pz(project, "run", "--all");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        Path runDir = RunArtifacts.onlyRun(project);
        String runId = runDir.getFileName().toString();
        assertThat(runId).matches(RUN_ID);
        assertThat(RunArtifacts.withoutTimes(run)).containsExactly(
                "ok src_files__orders 12 rows",
                "ok customer_totals 3 rows",
                "ok lake.customer_totals 3 rows",
                "run " + runId + ": 3 succeeded, 0 failed, 0 skipped (" + runDir.resolve("run_results.json") + ")",
                "report: " + runDir.resolve("report.html"));
        assertThat(run.outLines().subList(0, 3)).allMatch(line -> line.matches(".* \\d+ms"));
        assertThat(run.err()).isEmpty();

        Path parquet = project.resolve("out/customer_totals.parquet");
        assertThat(Duck.rows("select customer, orders, total from read_parquet('" + parquet + "') order by customer"))
                .containsExactly("alice|4|121.0", "bob|4|156.0", "carol|4|191.5");
        assertThat(Duck.rows("select sum(total) from read_parquet('" + parquet + "')")).containsExactly("468.5");
        assertThat(Duck.schema("read_parquet('" + parquet + "')"))
                .containsExactly("customer:VARCHAR", "orders:BIGINT", "total:DOUBLE");
        assertThat(RunArtifacts.listFiles(project.resolve("out"))).containsExactly("customer_totals.parquet");

        JsonNode results = RunArtifacts.results(runDir);
        assertThat(results.get("version").asInt()).isEqualTo(1);
        assertThat(results.get("runId").asText()).isEqualTo(runId);
        assertThat(results.get("status").asText()).isEqualTo("success");
        assertThat(RunArtifacts.summary(results)).containsExactly("src_files__orders:success:12",
                "customer_totals:success:3", "lake.customer_totals:success:3");
        assertThat(results.get("nodes").findValuesAsText("kind")).containsExactly("SourceLoad", "Pipeline", "SinkWrite");
        results.get("nodes").forEach(node -> {
            assertThat(node.get("error").isNull()).isTrue();
            assertThat(node.get("id").asText()).matches("[0-9a-f]{16}");
        });
        assertThat(runDir.resolve("staging.duckdb")).isRegularFile();
        assertThat(runDir.resolve("run_results.json.tmp")).doesNotExist();
        assertThat(RunArtifacts.listFiles(runDir)).noneMatch(name -> name.endsWith(".tmp"));
        assertThat(project.resolve(".pz/target/plan.json")).isRegularFile();
    }

    @Test
    void f01StagingHoldsTheContractTypesAndUtcWallTime() {
        Path project = Catalogue.f01(temp).path();
        assertThat(CliRun.pz(project, "run", "--all").exitCode()).isZero();
        Path staging = RunArtifacts.onlyRun(project).resolve("staging.duckdb");

        // A205/A206: the contract types land as DuckDB types; '...08:00:00Z' is 08:00 UTC wall time.
        assertThat(Duck.rows("attach '" + staging + "' as s (read_only); "
                + "select column_name || ':' || data_type from duckdb_columns() where database_name = 's' "
                + "and table_name = 'src_files__orders' order by column_index"))
                .containsExactly("id:BIGINT", "customer:VARCHAR", "amount:DOUBLE", "created:TIMESTAMP");
        assertThat(Duck.rows("attach '" + staging + "' as s (read_only); "
                + "select strftime(created, '%Y-%m-%d %H:%M:%S') from s.staging.src_files__orders where id = 1"))
                .containsExactly("2026-01-01 08:00:00");
    }

    @Test
    void f04FlowsSelectWholeFlowsByPipelineOrSinkName() throws Exception {
        TestProject fixture = Catalogue.f04(temp);
        Path project = fixture.path();

        CliRun only = CliRun.pz(project, "run", "orders_clean");
        assertThat(only.exitCode()).as(only.toString()).isZero();
        assertThat(fixture.read("out/orders/orders_out.csv")).isEqualTo("id,amount\n1,25.5\n2,8.0\n3,42.0\n");
        assertThat(project.resolve("out/products")).doesNotExist();
        assertThat(RunArtifacts.withoutTimes(only)).contains("ok src_raw__orders 3 rows", "ok orders_clean 3 rows",
                "ok lake.orders_out 3 rows").noneMatch(line -> line.contains("product"));

        CliRun bySink = CliRun.pz(project, "run", "lake.products_out");
        assertThat(bySink.exitCode()).as(bySink.toString()).isZero();
        assertThat(fixture.read("out/products/products_out.csv")).isEqualTo("id,name\n1,anvil\n2,rocket skates\n");
        assertThat(RunArtifacts.withoutTimes(bySink)).noneMatch(line -> line.contains("orders"));

        Files.delete(project.resolve("out/orders/orders_out.csv"));
        Files.delete(project.resolve("out/products/products_out.csv"));
        CliRun both = CliRun.pz(project, "run", "orders_clean", "product_catalog");
        assertThat(both.exitCode()).as(both.toString()).isZero();
        assertThat(both.out()).contains(": 6 succeeded, 0 failed, 0 skipped (");
        assertThat(project.resolve("out/orders/orders_out.csv")).isRegularFile();
        assertThat(project.resolve("out/products/products_out.csv")).isRegularFile();

        CliRun all = CliRun.pz(project, "run", "--all");
        assertThat(all.exitCode()).as(all.toString()).isZero();
        assertThat(RunArtifacts.runDirectories(project)).hasSize(4);
    }

    @Test
    void selectionConflictsAndUnknownNamesExitTwoWithoutARunDirectory() {
        Path project = Catalogue.f04(temp).path();

        for (String[] args : new String[][] {{"run", "orders_clean", "--select", "+product_catalog"},
                {"run", "orders_clean", "--all"}, {"run", "--select", "+product_catalog", "--all"}}) {
            CliRun run = CliRun.pz(project, args);
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.err()).contains("PZ0216");
        }
        CliRun unknown = CliRun.pz(project, "run", "nope", "also_nope");
        assertThat(unknown.exitCode()).as(unknown.toString()).isEqualTo(2);
        assertThat(unknown.err().split("PZ0210", -1)).hasSize(3);
        assertThat(unknown.err()).contains("lake.products_out");
        assertThat(project.resolve(".pz/runs")).doesNotExist();
    }

    @Test
    void diamondFailureSkipsOnlyDescendants() {
        Path project = TestProject.in(temp)
                .projectYml("diamond", Catalogue.LOCALFILES, "engine:\n  threads: 2")
                .file("connections.yml", "files:\n  connector: localfiles\n  entities:\n    s:\n      read:\n"
                        + "        path: data/s.csv\n        format: csv\n        columns:\n          id: bigint\n")
                .file("data/s.csv", "id\n1\n2\n")
                .file("pipelines/a.sql", "select id from {{ source('files', 's') }}\n")
                .file("pipelines/b.sql", "select id, cast('x' as integer) as v from {{ ref('a') }}\n")
                .file("pipelines/c.sql", "select id from {{ ref('a') }}\n")
                .file("pipelines/d.sql", "select b.id from {{ ref('b') }} b join {{ ref('c') }} c on b.id = c.id\n")
                .file("pipelines/e.sql", "select 42 as answer\n")
                .path();

        CliRun run = CliRun.pz(project, "run", "--all");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        JsonNode results = RunArtifacts.results(RunArtifacts.onlyRun(project));
        assertThat(results.get("status").asText()).isEqualTo("completed_with_failures");
        assertThat(RunArtifacts.summary(results)).containsExactlyInAnyOrder("src_files__s:success:2",
                "a:success:2", "b:failed:0", "c:success:2", "d:skipped:0", "e:success:1");
        JsonNode b = RunArtifacts.node(results, "b");
        assertThat(b.get("error").get("code").asText()).isEqualTo("PZ0501");
        assertThat(b.get("error").get("message").asText()).startsWith("pipeline 'b': ")
                .contains("Conversion Error").doesNotContain("'x'");
        assertThat(RunArtifacts.withoutTimes(run)).contains("skip d 0 rows", "FAIL b 0 rows")
                .anyMatch(line -> line.startsWith("  PZ0501: pipeline 'b': "))
                .anyMatch(line -> line.matches("run " + RUN_ID + ": 4 succeeded, 1 failed, 1 skipped \\(.*\\)"));
        assertThat(run.out()).contains("skip d 0 rows 0ms\n");
    }

    @Test
    void tutorialFlowClosureRunsOnlyTheNodeItsAncestorsAndItsSink() throws Exception {
        TestProject fixture = Catalogue.f03(temp)
                .file("data/regions.csv", "customer_id,region\n1,north\n2,south\n3,north\n")
                .file("pipelines/customer_regions.sql", "INSERT INTO {{ sink('lake', 'customer_regions', format: "
                        + "'csv', strategy: 'replace') }}\nselect o.id as order_id, o.customer_id, o.amount, r.region\n"
                        + "from {{ ref('stg_orders') }} o\njoin {{ source('crm', 'regions', path: 'data/regions.csv', "
                        + "format: 'csv') }} r on r.customer_id = o.customer_id\norder by o.id desc\n");
        Path project = fixture.path();

        CliRun run = CliRun.pz(project, "run", "customer_regions");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(fixture.read("out/customer_regions/customer_regions.csv"))
                .isEqualTo("order_id,customer_id,amount,region\n5,2,15.75,south\n3,1,42.0,north\n1,1,25.5,north\n");
        assertThat(project.resolve("out/order_totals")).doesNotExist();
        assertThat(project.resolve("out/orders_curated")).doesNotExist();
        assertThat(RunArtifacts.summary(RunArtifacts.results(RunArtifacts.onlyRun(project)))).containsExactlyInAnyOrder(
                "src_crm__orders:success:5", "src_crm__regions:success:3", "stg_orders:success:3",
                "customer_regions:success:3", "lake.customer_regions:success:3");
    }
}
