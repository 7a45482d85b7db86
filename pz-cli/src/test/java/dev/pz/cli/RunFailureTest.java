package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input on the native tier: the failing node fails with a PZ code naming the file or pipeline
 * and the cause, its descendants are skipped, earlier outputs stay byte-identical, exit 1.
 */
class RunFailureTest {

    @TempDir
    Path temp;

    private TestProject fixture;
    private Path project;
    private byte[] previous;

    /** Every scenario starts from a successful F01 run whose output must survive the bad one. */
    @BeforeEach
    void previousGoodRun() throws Exception {
        fixture = Catalogue.f01(temp);
        project = fixture.path();
        CliRun good = CliRun.pz(project, "run", "--all");
        assertThat(good.exitCode()).as(good.toString()).isZero();
        previous = Files.readAllBytes(output());
    }

    private Path output() {
        return project.resolve("out/customer_totals.parquet");
    }

    /** Runs again, expects exit 1 and the previous output untouched, returns the new run_results.json. */
    private JsonNode failingRun(CliRun[] holder) throws Exception {
        CliRun run = CliRun.pz(project, "run", "--all");
        holder[0] = run;
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(Files.readAllBytes(output())).as("previous output untouched").isEqualTo(previous);
        assertThat(RunArtifacts.listFiles(project.resolve("out"))).containsExactly("customer_totals.parquet");
        JsonNode results = RunArtifacts.results(RunArtifacts.latestRun(project));
        assertThat(results.get("status").asText()).isEqualTo("completed_with_failures");
        return results;
    }

    private JsonNode failedSource(CliRun[] holder) throws Exception {
        JsonNode results = failingRun(holder);
        assertThat(RunArtifacts.summary(results)).containsExactly("src_files__orders:failed:0",
                "customer_totals:skipped:0", "lake.customer_totals:skipped:0");
        assertThat(holder[0].out()).contains(": 0 succeeded, 1 failed, 2 skipped (");
        JsonNode error = RunArtifacts.node(results, "src_files__orders").get("error");
        assertThat(error.get("code").asText()).isEqualTo("PZ0501");
        assertThat(error.get("message").asText()).startsWith("source 'files' dataset 'orders': ");
        return error;
    }

    @Test
    void runtimeSqlErrorFailsThePipelineRedactedAndSkipsItsSink() throws Exception {
        fixture.file("pipelines/customer_totals.sql", Catalogue.F01_PIPELINE.replace(
                "select customer, count(*)", "select customer, cast(customer as integer) as customer_code, count(*)")
                .replace("group by customer", "group by customer, customer_code"));
        CliRun[] run = new CliRun[1];

        JsonNode results = failingRun(run);

        assertThat(RunArtifacts.summary(results)).containsExactly("src_files__orders:success:12",
                "customer_totals:failed:0", "lake.customer_totals:skipped:0");
        JsonNode error = RunArtifacts.node(results, "customer_totals").get("error");
        assertThat(error.get("code").asText()).isEqualTo("PZ0501");
        assertThat(error.get("message").asText()).startsWith("pipeline 'customer_totals': ")
                .contains("Conversion Error: Could not convert string '***'").doesNotContain("alice");
        assertThat(run[0].out()).contains("\nFAIL customer_totals 0 rows ", "\n  PZ0501: pipeline 'customer_totals': ",
                "\nskip lake.customer_totals 0 rows 0ms\n", ": 1 succeeded, 1 failed, 1 skipped (")
                .doesNotContain("alice");
    }

    @Test
    void malformedCsvValueNamesTheFileLineAndColumn() throws Exception {
        fixture.file("data/orders.csv", Catalogue.F01_ORDERS + "13,dave,not-a-number,2026-01-07T08:00:00Z\n");
        CliRun[] run = new CliRun[1];

        String message = failedSource(run).get("message").asText();

        assertThat(message).contains("orders.csv").contains("amount").containsIgnoringCase("line");
    }

    @Test
    void csvRowWithTooManyFieldsFailsTheSourceNamingTheFile() throws Exception {
        fixture.file("data/orders.csv", Catalogue.F01_ORDERS + "13,dave,1.00,2026-01-07T08:00:00Z,surprise\n");
        CliRun[] run = new CliRun[1];

        String message = failedSource(run).get("message").asText();

        assertThat(message).contains("orders.csv").containsIgnoringCase("line");
    }

    @Test
    void valueNotFittingItsDeclaredTypeFailsTheSource() throws Exception {
        fixture.file("connections.yml", Catalogue.F01_CONNECTIONS.replace("id: bigint", "id: int"));
        fixture.file("data/orders.csv", Catalogue.F01_ORDERS + "99999999999,dave,1.00,2026-01-07T08:00:00Z\n");
        CliRun[] run = new CliRun[1];

        String message = failedSource(run).get("message").asText();

        assertThat(message).contains("orders.csv").contains("id").containsIgnoringCase("line");
    }

    @Test
    void missingInputFileFailsTheSourceNamingTheFile() throws Exception {
        Files.delete(project.resolve("data/orders.csv"));
        CliRun[] run = new CliRun[1];

        String message = failedSource(run).get("message").asText();

        assertThat(message).contains("orders.csv");
    }

    @Test
    void headerNotMatchingTheContractIsRefusedAtPlanTime() throws Exception {
        // The native csv guard refuses at plan time (PZ0353), so this bad input exits 2 before any
        // run directory exists (not a node failure).
        fixture.file("data/orders.csv", Catalogue.F01_ORDERS.replace("id,customer,amount", "id,amount,customer"));

        CliRun run = CliRun.pz(project, "run", "--all");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0353", "dataset 'orders': the header of csv file 'data/orders.csv' does not"
                + " match the columns: contract: the same columns in another order (header: id,amount,customer,created;"
                + " contract: id,customer,amount,created)");
        assertThat(RunArtifacts.runDirectories(project)).hasSize(1);
        assertThat(Files.readAllBytes(output())).isEqualTo(previous);
    }

    @Test
    void outputFolderThatCannotBeCreatedFailsOnlyThatSink() throws Exception {
        // A124 with the output folder replaced by a regular file (chmod does not stop root).
        Path f10 = Catalogue.f10(temp.resolve("f10")).path();
        Files.writeString(f10.resolve("out_a"), "not a directory");

        CliRun run = CliRun.pz(f10, "run", "--all");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        JsonNode results = RunArtifacts.results(RunArtifacts.onlyRun(f10));
        assertThat(RunArtifacts.summary(results)).containsExactlyInAnyOrder("src_files__orders_a:success:3",
                "totals_a:success:2", "lake.totals_a:failed:0", "src_files__orders_b:success:3", "totals_b:success:2",
                "lake.totals_b:success:2");
        JsonNode error = RunArtifacts.node(results, "lake.totals_a").get("error");
        assertThat(error.get("code").asText()).isEqualTo("PZ0501");
        assertThat(error.get("message").asText()).startsWith("sink 'lake' output 'totals_a': ").contains("out_a");
        assertThat(Files.readString(f10.resolve("out_a"))).isEqualTo("not a directory");
        assertThat(Duck.rows("select customer, orders, total from read_parquet('" + f10.resolve("out_b/totals_b.parquet")
                + "') order by customer")).containsExactly("dave|2|30.0", "erin|1|15.0");
    }

    @Test
    void replaceWhoseCopyFailsLeavesThePreviousFileByteIdenticalAndNoTemporary() throws Exception {
        // A view is evaluated by the sink's COPY, so bad data fails the write itself, mid-COPY.
        fixture.file("pipelines/customer_totals.sql", Catalogue.F01_PIPELINE.replace(
                "select customer, count(*) as orders, sum(amount) as total",
                "select customer, count(*) as orders, sum(amount) / (case when min(amount) > 0 then 1 else 0 end)"
                        + " as total, cast(max(case when amount > 80 then 'x' else '1' end) as integer) as flag"));
        fixture.file("pipelines/configs/customer_totals.yml", "pipeline: customer_totals\nmaterialization: view\n");
        CliRun[] run = new CliRun[1];

        JsonNode results = failingRun(run);

        assertThat(RunArtifacts.summary(results)).containsExactly("src_files__orders:success:12",
                "customer_totals:success:0", "lake.customer_totals:failed:0");
        assertThat(RunArtifacts.node(results, "lake.customer_totals").get("error").get("message").asText())
                .startsWith("sink 'lake' output 'customer_totals': ").contains("Conversion Error");
        assertThat(RunArtifacts.listFiles(project.resolve("out"))).noneMatch(name -> name.startsWith(".pz-native-"));
    }
}
