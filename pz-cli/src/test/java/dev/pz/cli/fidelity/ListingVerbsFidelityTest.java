package dev.pz.cli.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.cli.CliRun;
import dev.pz.cli.PlantedRuns;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz ls}, {@code pz compile}, {@code pz connectors} and {@code pz runs}, as the reference's
 * LsCommandTests, CompileCommandTests, GoldenCompileTests, ConnectorsCommandTests and RunsCommandTests
 * pin them.
 */
class ListingVerbsFidelityTest {
    @TempDir
    Path temp;

    private CliRun onF02(TestProject project, String... args) {
        return CliRun.pzWithEnv(Catalogue.F02_ENV, project.path(), args);
    }

    // L1
    @Test
    void lsListsNodesInDependencyOrderUnderAFixedHeaderAndWritesNothing() {
        TestProject project = Catalogue.f02(temp);
        CliRun ls = onF02(project, "ls");
        assertThat(ls.exitCode()).isZero();
        assertThat(ls.outLines().get(0)).isEqualTo(String.format("%-10s %-40s %s", "kind", "name", "tags"));
        assertThat(ls.outLines().get(1)).startsWith("source_load");
        assertThat(ls.outLines()).contains(String.format("%-10s %-40s %s", "source_load", "src_crm__customers", "-"));
        assertThat(project.resolve(".pz")).doesNotExist();
    }

    // L2
    @Test
    void lsHonoursSelect() {
        CliRun ls = onF02(Catalogue.f02(temp), "ls", "--select", "orders_enriched");
        assertThat(ls.outLines()).hasSize(2);
        assertThat(ls.outLines().get(1)).contains("orders_enriched");
    }

    // L3, CN5, RN1, CL10, S10
    @Test
    void outsideAProjectEveryVerbNamesProjectYml() {
        for (String[] verb : new String[][] {{"ls"}, {"connectors"}, {"runs"}, {"clean"}, {"state", "show"},
            {"compile"}, {"validate"}}) {
            CliRun run = CliRun.pz(temp, verb);
            assertThat(run.exitCode()).as(verb[0]).isEqualTo(2);
            assertThat(run.err()).as(verb[0]).contains("project.yml");
        }
        assertThat(CliRun.pz(temp, "runs").err()).contains("project.yml is missing");
    }

    // CC1, CC2
    @Test
    void compileWritesTheManifestAndCompiledSqlAndSelectFiltersIt() {
        TestProject project = Catalogue.f02(temp);
        assertThat(onF02(project, "compile").exitCode()).isZero();
        assertThat(project.resolve(".pz/target/manifest.json")).isRegularFile();
        assertThat(project.resolve(".pz/target/compiled/stg_orders.sql")).isRegularFile();
        assertThat(project.resolve(".pz/target/compiled/orders_enriched.sql")).isRegularFile();

        TestProject selected = Catalogue.f02(temp.resolve("selected"));
        assertThat(onF02(selected, "compile", "--select", "stg_orders").exitCode()).isZero();
        assertThat(selected.resolve(".pz/target/compiled/stg_orders.sql")).isRegularFile();
        assertThat(selected.resolve(".pz/target/compiled/orders_enriched.sql")).doesNotExist();
    }

    // CC3
    @Test
    void selectingOneCheckCompilesAOneNodeManifest() {
        TestProject project = Catalogue.f02(temp);
        assertThat(onF02(project, "compile", "--select", "check_orders_enriched_unique_id").exitCode()).isZero();
        JsonNode nodes = Reference.json(project.resolve(".pz/target/manifest.json")).get("nodes");
        assertThat(nodes).hasSize(1);
        assertThat(nodes.get(0).get("kind").asText()).isEqualTo("check");
        assertThat(nodes.get(0).get("name").asText()).isEqualTo("check_orders_enriched_unique_id");
        assertThat(nodes.get(0).get("file").asText()).isEqualTo("pipelines/orders_enriched.sql");
    }

    // CC4
    @Test
    void anUndeclaredEnvironmentVariableFailsTheCompile() {
        CliRun run = CliRun.pzWithEnv(Map.of("OUT_DIR", "/tmp/pz-out"), Catalogue.f02(temp).path(), "compile");
        assertThat(run.exitCode()).isEqualTo(2);
    }

    // GC1, GC2, GC3. The two sink_write ids are those of the reference golden's earlier revision; its latest
    // revision hashes sink writes differently (9c197512c47c0a6b, b6b1e97d54f2c38e): a deliberate difference,
    // see docs/port-differences.md.
    @Test
    void theHelloPzCompileMatchesTheReferenceGoldenByteForByte() {
        TestProject project = Catalogue.f02(temp);
        assertThat(onF02(project, "compile").exitCode()).isZero();
        String manifest = project.read(".pz/target/manifest.json");
        String[][] nodes = {
            {"59489ad607b22cf9", "source_load", "src_crm__customers", "", "", "connections.yml"},
            {"cddc6e19a966dea0", "source_load", "src_crm__orders", "", "", "connections.yml"},
            {"c12d90246f26ce45", "pipeline", "stg_orders", "cddc6e19a966dea0", "", "pipelines/stg_orders.sql"},
            {"e57c0c96391041ac", "pipeline", "order_totals", "c12d90246f26ce45", "", "pipelines/order_totals.sql"},
            {"e1ac44ee45ce6ff1", "pipeline", "orders_enriched", "59489ad607b22cf9,c12d90246f26ce45", "daily,crm",
                "pipelines/orders_enriched.sql"},
            {"920c5730ad9bb632", "check", "check_orders_enriched_not_null_id_email", "e1ac44ee45ce6ff1", "",
                "pipelines/orders_enriched.sql"},
            {"ef802d36ac370b28", "check", "check_orders_enriched_unique_id", "e1ac44ee45ce6ff1", "",
                "pipelines/orders_enriched.sql"},
            {"d310d06e14d9b686", "sink_write", "lake.order_totals", "e57c0c96391041ac", "", "connections.yml"},
            {"cdb52b6c486cd791", "sink_write", "lake.orders_curated", "e1ac44ee45ce6ff1", "", "connections.yml"}};
        StringBuilder golden = new StringBuilder("{\n  \"project\": \"hello_pz\",\n  \"version\": \"0.1.0\",\n"
                + "  \"generatedBy\": \"pz\",\n  \"nodes\": [\n");
        for (int i = 0; i < nodes.length; i++) {
            String[] n = nodes[i];
            golden.append("    {\n      \"id\": \"").append(n[0]).append("\",\n      \"kind\": \"").append(n[1])
                    .append("\",\n      \"name\": \"").append(n[2]).append("\",\n      \"dependsOn\": ")
                    .append(list(n[3], "      ")).append(",\n      \"tags\": ").append(list(n[4], "      "))
                    .append(",\n      \"file\": \"").append(n[5]).append("\"\n    }")
                    .append(i < nodes.length - 1 ? ",\n" : "\n");
        }
        golden.append("  ]\n}\n");
        assertThat(manifest).isEqualTo(golden.toString());
        assertThat(project.read(".pz/target/compiled/orders_enriched.sql")).isEqualTo(
                "-- output: lake.orders_curated (parquet, replace)\nselect\n    o.id,\n    o.amount,\n    c.email\n"
                        + "from staging.stg_orders as o\njoin staging.src_crm__customers as c\n  on c.id = o.customer_id\n");
        assertThat(project.read(".pz/target/compiled/stg_orders.sql")).isEqualTo("select\n    id,\n    customer_id,\n"
                + "    amount,\n    status\nfrom staging.src_crm__orders\nwhere amount >= 10\n");
        assertThat(onF02(project, "compile").exitCode()).isZero();
        assertThat(project.read(".pz/target/manifest.json")).isEqualTo(manifest);
    }

    private static String list(String csv, String indent) {
        if (csv.isEmpty()) {
            return "[]";
        }
        StringBuilder text = new StringBuilder("[\n");
        String[] items = csv.split(",");
        for (int i = 0; i < items.length; i++) {
            text.append(indent).append("  \"").append(items[i]).append("\"").append(i < items.length - 1 ? ",\n" : "\n");
        }
        return text.append(indent).append("]").toString();
    }

    // CN1, CN2
    @Test
    void connectorsListsTheBuiltinsWithTheirTiers() {
        CliRun run = onF02(Catalogue.f02(temp), "connectors");
        assertThat(run.exitCode()).isZero();
        assertThat(run.outLines()).filteredOn(line -> line.startsWith("localfiles")).singleElement()
                .satisfies(line -> assertThat(line).contains("src:native+universal snk:native+universal", "pz (builtin)"));
        assertThat(run.outLines()).filteredOn(line -> line.startsWith("postgres")).singleElement()
                .satisfies(line -> assertThat(line).contains("src:universal", "snk:universal"));
    }

    // CN3 (a deliberate difference where the port's connector has a tier the reference's lacks)
    @Test
    void connectorsListsTheObjectStoresAndDuckDbFamilyWithTheirTiers() {
        CliRun run = onF02(Catalogue.f02(temp), "connectors");
        assertThat(run.exitCode()).isZero();
        Map<String, String> tiers = Map.of(
                "s3", "src:native+universal snk:native+universal",
                "azureblob", "src:native+universal snk:native+universal",
                "gcs", "src:native+universal snk:native+universal",
                "duckdb", "src:native-only snk:native+universal",
                "ducklake", "src:native-only snk:native+universal",
                "quack", "src:native-only snk:native+universal");
        tiers.forEach((name, expected) -> assertThat(run.outLines())
                .filteredOn(line -> line.split("\\s+")[0].equals(name)).as(name).singleElement()
                .satisfies(line -> assertThat(line).contains(expected, "pz (builtin)")));
    }

    // BC1
    @Test
    void theBuiltinConnectorsAreSourcesAndSinks() {
        CliRun run = onF02(Catalogue.f02(temp), "connectors");
        assertThat(run.exitCode()).isZero();
        for (String name : List.of("http", "mysql", "sqlite", "duckdb", "ducklake", "quack", "motherduck", "s3", "gcs",
                "sftp")) {
            assertThat(run.outLines()).filteredOn(line -> line.split("\\s+")[0].equals(name)).as(name).singleElement()
                    .satisfies(line -> assertThat(line).contains("pz (builtin)", "src:", "snk:"));
        }
    }

    private static final String RUN_1 = "20260101T000000000Z-0001";
    private static final String RUN_2 = "20260102T000000000Z-0002";

    // RN2
    @Test
    void runsWithoutRunsSaysSo() {
        TestProject project = TestProject.in(temp).projectYml("runs_test");
        CliRun run = CliRun.pz(project.path(), "runs");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("no runs found");
    }

    // RN3
    @Test
    void runsListsNewestFirstWithTheirProvenanceCounts() {
        TestProject project = TestProject.in(temp).projectYml("runs_test");
        PlantedRuns.in(project.path())
                .run(RUN_1, "success", "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:05.000Z",
                        PlantedRuns.node("src_a", "SourceLoad", "success", null, null),
                        PlantedRuns.node("pipe_a", "SourceLoad", "success", "reused", null))
                .run(RUN_2, "completed_with_failures", "2026-01-02T00:00:00.000Z", "2026-01-02T00:00:01.500Z",
                        PlantedRuns.node("src_b", "SourceLoad", "failed", null, null),
                        PlantedRuns.node("sink_b", "SourceLoad", "skipped", null, null));
        CliRun run = CliRun.pz(project.path(), "runs");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out().indexOf(RUN_2)).isNotNegative().isLessThan(run.out().indexOf(RUN_1));
        assertThat(run.out()).contains("1 reused");
    }

    // RN4
    @Test
    void aRunningRunShowsADashForItsDuration() {
        TestProject project = TestProject.in(temp).projectYml("runs_test");
        PlantedRuns.in(project.path()).run(RUN_1, "running", "2026-01-01T00:00:00.000Z", null,
                PlantedRuns.node("src_a", "SourceLoad", "success", null, null));
        CliRun run = CliRun.pz(project.path(), "runs");
        assertThat(run.out()).contains("running");
        assertThat(run.outLines()).filteredOn(line -> line.contains(RUN_1)).singleElement()
                .satisfies(line -> assertThat(line).contains(" - "));
    }

    // RN5
    @Test
    void runsJsonIsOneObjectPerRunWithExplicitFields() {
        TestProject project = TestProject.in(temp).projectYml("runs_test");
        PlantedRuns.in(project.path()).run(RUN_1, "success", "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:05.000Z",
                PlantedRuns.node("src_a", "SourceLoad", "success", "carried_forward", null));
        CliRun run = CliRun.pz(project.path(), "runs", "--json");
        assertThat(run.exitCode()).isZero();
        JsonNode row = Reference.json(run.out().trim());
        assertThat(row.get("runId").asText()).isEqualTo(RUN_1);
        assertThat(row.get("status").asText()).isEqualTo("success");
        assertThat(row.get("startedAt").asText()).isEqualTo("2026-01-01T00:00:00.000Z");
        assertThat(row.get("finishedAt").asText()).isEqualTo("2026-01-01T00:00:05.000Z");
        assertThat(row.get("durationMs").asLong()).isEqualTo(5000);
        assertThat(row.get("succeeded").asInt()).isEqualTo(1);
        assertThat(row.get("failed").asInt()).isZero();
        assertThat(row.get("skipped").asInt()).isZero();
        assertThat(row.get("reused").asInt()).isZero();
        assertThat(row.get("carriedForward").asInt()).isEqualTo(1);
    }

    // RN6, RN7
    @Test
    void limitKeepsTheNewestAndMustBeAtLeastOne() {
        TestProject project = TestProject.in(temp).projectYml("runs_test");
        PlantedRuns.in(project.path())
                .run(RUN_1, "success", "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:01.000Z")
                .run(RUN_2, "success", "2026-01-02T00:00:00.000Z", "2026-01-02T00:00:01.000Z");
        CliRun limited = CliRun.pz(project.path(), "runs", "--limit", "1");
        assertThat(limited.out()).contains(RUN_2).doesNotContain(RUN_1);
        CliRun zero = CliRun.pz(project.path(), "runs", "--limit", "0");
        assertThat(zero.exitCode()).isEqualTo(2);
        assertThat(zero.err()).contains("PZ0534", "--limit");
    }
}
