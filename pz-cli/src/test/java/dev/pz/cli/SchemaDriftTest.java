package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code on_source_drift} end to end on contract-less csv files whose shape really changes between
 * runs (DuckDB infers the staged types): the first run seeds the baseline, a later change is reported
 * as {@code source_drift_detected} with one warning line, {@code warn} goes on and leaves the baseline
 * as it was, {@code fail} fails the load with PZ0331 and advances nothing, and {@code pz schema accept}
 * adopts what the latest run observed.
 */
class SchemaDriftTest {
    private static final String BASELINE = "id,customer,amount\n1,alice,10\n2,bob,20\n";

    @TempDir
    Path temp;

    private TestProject project(String policy, String orders) {
        return TestProject.in(temp.resolve("p"))
                .projectYml("schema_drift", "engine:\n  threads: 1", "on_source_drift: " + policy)
                .file("connections.yml", """
                        pg:
                          connector: localfiles
                          root: data
                          entities:
                            orders:
                              read:
                                path: orders.csv
                                format: csv
                                sync:
                                  mode: incremental
                                  cursor: id
                            items:
                              read: {path: items.csv, format: csv}
                        lake:
                          connector: localfiles
                          root: out
                        """)
                .file("pipelines/orders_out.sql", "INSERT INTO {{ sink('lake', 'orders_out', strategy: 'append', "
                        + "duplicates: 'accept', format: 'csv', path: 'orders/') }}\nselect * from {{ source('pg', 'orders') }}\n")
                .file("pipelines/items_out.sql", "INSERT INTO {{ sink('lake', 'items_out', strategy: 'replace', "
                        + "format: 'csv', path: 'items.csv') }}\nselect * from {{ source('pg', 'items') }}\n")
                .file("data/orders.csv", orders)
                .file("data/items.csv", "sku,qty\nA,5\nB,7\n");
    }

    private static JsonNode parse(String line) {
        try {
            return new ObjectMapper().readTree(line);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String schemas(TestProject project) {
        return project.read(".pz/state/schemas.json");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "id,customer,amount\\n1,alice,N/A\\n2,bob,N/A\\n|retyped|amount|BIGINT|VARCHAR|retyped amount (BIGINT->VARCHAR)"
                + "|column 'amount' retyped BIGINT -> VARCHAR",
        "id,customer,amount,region\\n1,alice,10,eu\\n2,bob,20,us\\n|added|region||VARCHAR|added region (VARCHAR)"
                + "|column 'region' added (VARCHAR)",
        "id,amount\\n1,10\\n2,20\\n|removed|customer|VARCHAR||removed customer (VARCHAR)"
                + "|column 'customer' removed (was VARCHAR)"})
    void warnReportsEachChangeEveryRunUntilAccepted(String drifted, String kind, String column, String from, String to,
            String line, String accepted) throws Exception {
        TestProject project = project("warn", BASELINE);
        assertThat(CliRun.pz(project.path(), "run", "--all").exitCode()).isZero();
        String seeded = schemas(project);
        assertThat(seeded).contains("\"pg.orders\"").contains("\"amount\"").contains("\"BIGINT\"");

        project.file("data/orders.csv", drifted.replace("\\n", "\n"));
        CliRun text = CliRun.pz(project.path(), "run", "--all");
        assertThat(text.exitCode()).as(text.toString()).isZero();
        assertThat(text.outLines()).containsOnlyOnce("warning: source drift on pg.orders (policy warn): " + line
                + " — run 'pz schema accept pg.orders' to accept it");
        CliRun json = CliRun.pz(project.path(), "run", "--all", "--log-format", "json");
        assertThat(json.exitCode()).isZero();
        JsonNode event = json.outLines().stream().map(SchemaDriftTest::parse)
                .filter(node -> node.get("event").asText().equals("source_drift_detected")).findFirst().orElseThrow();
        assertThat(event.get("connection").asText()).isEqualTo("pg");
        assertThat(event.get("entity").asText()).isEqualTo("orders");
        assertThat(event.get("policy").asText()).isEqualTo("warn");
        assertThat(event.get("changes").toString()).isEqualTo("[{\"kind\":\"" + kind + "\",\"column\":\"" + column
                + "\",\"from\":" + (from == null ? "null" : "\"" + from + "\"") + ",\"to\":"
                + (to == null ? "null" : "\"" + to + "\"") + "}]");
        assertThat(event.get("hintsHash").asText()).matches("[0-9A-F]{64}");
        assertThat(schemas(project)).isEqualTo(seeded);
        JsonNode observed = RunArtifacts.node(RunArtifacts.results(RunArtifacts.latestRun(project.path())),
                "src_pg__orders").get("observed_schema");
        assertThat(observed.get("hintsHash").asText()).isEqualTo(event.get("hintsHash").asText());

        CliRun accept = CliRun.pz(project.path(), "schema", "accept");
        assertThat(accept.exitCode()).as(accept.toString()).isZero();
        assertThat(accept.outLines()).containsExactly("pg.orders: " + accepted, "accepted 1 schema change(s)");
        CliRun after = CliRun.pz(project.path(), "run", "--all", "--log-format", "json");
        assertThat(after.exitCode()).isZero();
        assertThat(after.out()).doesNotContain("source_drift_detected");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "id,customer,amount\\n1,alice,N/A\\n2,bob,N/A\\n3,carol,N/A\\n|column 'amount' retyped BIGINT -> VARCHAR",
        "id,customer,amount,region\\n1,alice,10,eu\\n2,bob,20,us\\n3,carol,5,eu\\n|column 'region' added (VARCHAR)",
        "id,amount\\n1,10\\n2,20\\n3,5\\n|column 'customer' removed (was VARCHAR)"})
    void failStopsTheLoadWithPz0331AndAdvancesNothing(String drifted, String change) throws Exception {
        TestProject project = project("fail", BASELINE);
        assertThat(CliRun.pz(project.path(), "run", "--all").exitCode()).isZero();
        String watermarks = project.read(".pz/state/watermarks.json");
        assertThat(watermarks).contains("\"value\": \"2\"");
        String seeded = schemas(project);

        project.file("data/orders.csv", drifted.replace("\\n", "\n"));
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.out()).contains("warning: source drift on pg.orders (policy fail)")
                .contains("FAIL src_pg__orders").contains("PZ0331: source 'pg' dataset 'orders': schema drift against"
                        + " the accepted baseline: " + change)
                .contains("skip lake.orders_out").contains("ok lake.items_out");
        assertThat(project.read(".pz/state/watermarks.json")).isEqualTo(watermarks);
        assertThat(schemas(project)).isEqualTo(seeded);

        assertThat(CliRun.pz(project.path(), "schema", "accept", "pg.orders").exitCode()).isZero();
        CliRun accepted = CliRun.pz(project.path(), "run", "--all");
        assertThat(accepted.exitCode()).as(accepted.toString()).isZero();
        assertThat(project.read(".pz/state/watermarks.json")).contains("\"value\": \"3\"");
    }

    @Test
    void selectiveAcceptLeavesTheOtherBaselineAloneAndNothingToAcceptWritesNothing() throws Exception {
        TestProject project = project("warn", BASELINE);
        assertThat(CliRun.pz(project.path(), "run", "--all").exitCode()).isZero();
        CliRun nothing = CliRun.pz(project.path(), "schema", "accept");
        assertThat(nothing.outLines()).containsExactly("nothing to accept");
        byte[] seeded = Files.readAllBytes(project.path().resolve(".pz/state/schemas.json"));

        project.file("data/orders.csv", "id,customer,amount\n1,alice,N/A\n");
        project.file("data/items.csv", "sku,qty\nA,five\n");
        assertThat(CliRun.pz(project.path(), "run", "--all").exitCode()).isZero();
        assertThat(Files.readAllBytes(project.path().resolve(".pz/state/schemas.json"))).isEqualTo(seeded);

        // accept reads only the latest run's record and the baselines: no connector is opened.
        project.file("connections.yml", project.read("connections.yml").replace("root: data", "root: missing-dir"));
        CliRun accept = CliRun.pz(project.path(), "schema", "accept", "pg.orders");
        assertThat(accept.exitCode()).as(accept.toString()).isZero();
        assertThat(accept.outLines()).containsExactly("pg.orders: column 'amount' retyped BIGINT -> VARCHAR",
                "accepted 1 schema change(s)");
        project.file("connections.yml", project.read("connections.yml").replace("root: missing-dir", "root: data"));
        CliRun later = CliRun.pz(project.path(), "run", "--all");
        assertThat(later.out()).contains("warning: source drift on pg.items").doesNotContain("source drift on pg.orders");

        CliRun show = CliRun.pz(project.path(), "state", "show");
        assertThat(show.out()).contains("schema baselines (.pz/state/schemas.json)")
                .containsPattern("pg\\.orders +id BIGINT, customer VARCHAR, amount VARCHAR +\\d{8}T")
                .containsPattern("pg\\.items +sku VARCHAR, qty BIGINT");
    }

    @Test
    void underIgnoreNothingIsObservedAndAcceptingATargetIsPz0127() {
        TestProject project = project("ignore", BASELINE);
        assertThat(CliRun.pz(project.path(), "run", "--all").exitCode()).isZero();
        assertThat(project.path().resolve(".pz/state/schemas.json")).doesNotExist();
        assertThat(RunArtifacts.node(RunArtifacts.results(RunArtifacts.latestRun(project.path())), "src_pg__orders")
                .has("observed_schema")).isFalse();
        CliRun accept = CliRun.pz(project.path(), "schema", "accept", "pg.orders", "pg.nope");
        assertThat(accept.exitCode()).isEqualTo(2);
        assertThat(accept.err()).contains("PZ0127").contains("'pg.orders' has no recorded observed schema")
                .contains("'pg.nope'").contains("on_source_drift: warn|fail");
    }

    @Test
    void aContractDatasetIsNeverObserved() {
        TestProject project = project("fail", BASELINE);
        project.file("connections.yml", project.read("connections.yml").replace("        format: csv\n        sync:",
                "        format: csv\n        columns: {id: bigint, customer: varchar, amount: varchar}\n        sync:"));
        assertThat(CliRun.pz(project.path(), "run", "--all").exitCode()).isZero();
        assertThat(schemas(project)).doesNotContain("pg.orders").contains("pg.items");
    }
}
