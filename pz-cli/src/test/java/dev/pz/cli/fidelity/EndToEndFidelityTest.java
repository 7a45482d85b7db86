package dev.pz.cli.fidelity;

import static dev.pz.cli.fidelity.Reference.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.cli.CliRun;
import dev.pz.cli.Duck;
import dev.pz.cli.RunArtifacts;
import dev.pz.cli.SeededFixtures;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Data moved end to end over localfiles, as the reference's HelloRunTests, JsonRunTests and
 * ParquetSourceE2ETests pin it (F01, F11, F12).
 */
class EndToEndFidelityTest {
    @TempDir
    Path temp;

    private static Map<String, JsonNode> byKind(JsonNode nodes) {
        Map<String, JsonNode> byKind = new HashMap<>();
        nodes.forEach(node -> byKind.put(node.get("kind").asText(), node));
        return byKind;
    }

    private static String strategies(Path project) {
        Map<String, JsonNode> plan = byKind(Reference.json(project.resolve(".pz/target/plan.json")).get("nodes"));
        return plan.get("SourceLoad").get("strategy").asText() + "/" + plan.get("SinkWrite").get("strategy").asText();
    }

    private static String totals(Path parquet) {
        return Duck.rows("select count(*), round(sum(total), 2) from read_parquet('" + parquet + "')").get(0);
    }

    // H1, H2, H8
    @Test
    void csvMovesThroughTheTransformToParquetNatively() {
        Path project = Catalogue.f01(temp).path();
        ok(project, "run");
        assertThat(totals(project.resolve("out/customer_totals.parquet"))).isEqualTo("3|468.5");
        Path run = RunArtifacts.onlyRun(project);
        JsonNode results = RunArtifacts.results(run);
        assertThat(results.get("status").asText()).isEqualTo("success");
        assertThat(results.get("nodes")).hasSize(3);
        Map<String, JsonNode> nodes = byKind(results.get("nodes"));
        assertThat(nodes.get("SourceLoad").get("rows").asLong()).isEqualTo(12);
        assertThat(nodes.get("Pipeline").get("rows").asLong()).isEqualTo(3);
        assertThat(nodes.get("SinkWrite").get("rows").asLong()).isEqualTo(3);
        assertThat(nodes.values()).allSatisfy(node -> assertThat(node.get("status").asText()).isEqualTo("success"));
        assertThat(run.resolve("run_results.json.tmp")).doesNotExist();
        assertThat(strategies(project)).isEqualTo("native_scan/native_copy");
    }

    // H3: under engine.force_universal both nodes are arrow streams and give the native tier's rows, parquet included
    @Test
    void forceUniversalReadsAndWritesTheSameRowsAsTheNativeTier() {
        TestProject csvOut = Catalogue.f01(temp.resolve("csv"));
        csvOut.projectYml("csv_to_parquet", Catalogue.LOCALFILES, "engine:\n  threads: 2\n  force_universal: true")
                .file("pipelines/customer_totals.sql", Catalogue.F01_PIPELINE.replace("'parquet'", "'csv'"));
        ok(csvOut.path(), "run");
        assertThat(strategies(csvOut.path())).isEqualTo("arrow_stream/arrow_stream");
        assertThat(Duck.rows("select count(*), round(sum(total), 2) from read_csv('" + csvOut.resolve("out")
                + "/customer_totals.csv')")).containsExactly("3|468.5");

        TestProject universal = Catalogue.f01(temp.resolve("universal"));
        universal.projectYml("csv_to_parquet", Catalogue.LOCALFILES, "engine:\n  threads: 2\n  force_universal: true");
        ok(universal.path(), "run");
        assertThat(strategies(universal.path())).isEqualTo("arrow_stream/arrow_stream");
        TestProject nativeTier = Catalogue.f01(temp.resolve("native"));
        ok(nativeTier.path(), "run");
        String totals = "select customer, orders, total from read_parquet('%s/customer_totals.parquet') order by customer";
        assertThat(Duck.rows(totals.formatted(universal.resolve("out")))).hasSize(3)
                .isEqualTo(Duck.rows(totals.formatted(nativeTier.resolve("out"))));
    }

    // H5
    @Test
    void aRuntimeCastFailureFailsThePipelineRedactedAndSkipsTheSink() {
        TestProject project = Catalogue.f01(temp).file("pipelines/customer_totals.sql", "INSERT INTO {{ sink('lake', "
                + "'customer_totals') }}\nselect customer, count(*) as orders, sum(amount) as total, cast(customer as "
                + "integer) as customer_code\nfrom {{ source('files', 'orders') }}\ngroup by customer, customer_code\n");
        CliRun run = CliRun.pz(project.path(), "run");
        assertThat(run.exitCode()).isEqualTo(1);
        JsonNode results = RunArtifacts.results(RunArtifacts.onlyRun(project.path()));
        assertThat(results.get("status").asText()).isEqualTo("completed_with_failures");
        Map<String, JsonNode> nodes = byKind(results.get("nodes"));
        assertThat(nodes.get("SourceLoad").get("status").asText()).isEqualTo("success");
        assertThat(nodes.get("Pipeline").get("status").asText()).isEqualTo("failed");
        assertThat(nodes.get("Pipeline").get("error").get("code").asText()).isEqualTo("PZ0501");
        assertThat(nodes.get("Pipeline").get("error").get("message").asText())
                .contains("Conversion Error: Could not convert string '***'").doesNotContain("alice");
        assertThat(nodes.get("SinkWrite").get("status").asText()).isEqualTo("skipped");
        assertThat(project.resolve("out/customer_totals.parquet")).doesNotExist();
    }

    // H6 (deliberate difference): the reference fails the load at run time; the port's preflight reads the header
    @Test
    void aDeclaredColumnMissingFromTheHeaderIsRefusedByNameBeforeTheRun() {
        TestProject project = Catalogue.f01(temp);
        project.projectYml("csv_to_parquet", Catalogue.LOCALFILES, "engine:\n  threads: 2\n  force_universal: true")
                .file("connections.yml", Catalogue.F01_CONNECTIONS.replace("          created: timestamp\n",
                        "          created: timestamp\n          region: varchar\n"))
                .file("pipelines/customer_totals.sql", Catalogue.F01_PIPELINE.replace("'parquet'", "'csv'"));
        CliRun run = CliRun.pz(project.path(), "run");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("error PZ0353: ").contains("'region'", "data/orders.csv");
        assertThat(project.resolve(".pz/runs")).doesNotExist();
        assertThat(project.resolve("out/customer_totals.csv")).doesNotExist();
    }

    // H7
    @Test
    void aCsvWithoutAContractIsInferredNativelyAndSeedsNoSchemaState() {
        TestProject project = Catalogue.f01(temp).file("connections.yml", "files:\n  connector: localfiles\n"
                + "  entities:\n    orders:\n      read:\n        path: data/orders.csv\n        format: csv\n\n"
                + "lake:\n  connector: localfiles\n");
        ok(project.path(), "run");
        assertThat(totals(project.resolve("out/customer_totals.parquet"))).isEqualTo("3|468.5");
        assertThat(strategies(project.path())).startsWith("native_scan/");
        assertThat(project.resolve(".pz/state/schemas.json")).doesNotExist();
    }

    // JR1
    @Test
    void ndjsonMovesThroughTheTransformToNdjsonNatively() {
        TestProject project = Catalogue.f11(temp);
        ok(project.path(), "run");
        assertThat(strategies(project.path())).isEqualTo("native_scan/native_copy");
        String file = "read_json('" + project.resolve("out/customer_totals.json") + "', format = 'newline_delimited')";
        assertThat(Duck.rows("select count(*), round(sum(total), 2) from " + file)).containsExactly("3|468.5");
        assertThat(Duck.rows("select orders from " + file + " where customer = 'Ada'")).containsExactly("2");
    }

    // PQ1
    @Test
    void parquetMovesThroughTheTransformToCsvKeepingTheDecimalScale() {
        TestProject project = SeededFixtures.f12(temp);
        ok(project.path(), "run");
        assertThat(project.read("out/customer_totals.csv"))
                .isEqualTo("customer,orders,total\nalice,4,91.00\nbob,3,81.00\ncarol,3,105.50\n");
    }
}
