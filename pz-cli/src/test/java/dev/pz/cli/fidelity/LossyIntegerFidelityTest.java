package dev.pz.cli.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.cli.CliRun;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A contract-less csv that DuckDB reads itself, with integers too wide for BIGINT written as floats
 * (a trailing {@code .0}, an exponent, as float-typed exports write them): the sniff makes them DOUBLE, and the run names those columns on one warning line and as a
 * {@code lossy_integer_inference_detected} event. Doubles with fractions, and small whole numbers,
 * are not named; a {@code columns:} contract turns the check off.
 */
class LossyIntegerFidelityTest {
    private static final String CSV = "id,sku,amount,small\n"
            + "123456789012345678901234.0,9.87654321e19,1.5,1.0\n"
            + "123456789012345678901235.0,9.87654321e19,2.25,2.0\n";

    @TempDir
    Path temp;

    private TestProject project(String read) {
        return TestProject.in(temp).projectYml("lossy").file("data/orders.csv", CSV)
                .file("connections.yml", "crm:\n  connector: localfiles\n  entities:\n    orders:\n      read: {"
                        + read + "}\nlake:\n  connector: localfiles\n")
                .file("pipelines/orders_out.sql", "INSERT INTO {{ sink('lake', 'orders_out', strategy: 'replace', "
                        + "format: 'csv', path: 'out/') }}\nselect * from {{ source('crm', 'orders') }}\n");
    }

    // CR9 (lossy integers)
    @Test
    void wideIntegersInferredAsDoubleAreNamedOnOneWarningLine() {
        CliRun run = CliRun.pz(project("path: data/orders.csv, format: csv").path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines().stream().filter(line -> line.startsWith("warning:"))).containsExactly(
                "warning: crm.orders: column(s) [id, sku] auto-detected as DOUBLE but hold only whole numbers beyond"
                        + " 2^53 -- digits may have been lost; declare a columns: contract (e.g. bigint, decimal"
                        + " or varchar) to load them losslessly");
    }

    // J11 (lossy_integer_inference_detected)
    @Test
    void theEventCarriesItsFieldsInOrder() {
        CliRun run = CliRun.pz(project("path: data/orders.csv, format: csv").path(), "run", "--all", "--log-format",
                "json");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode lossy = run.outLines().stream().map(Reference::json).filter(event -> event.get("event").asText()
                .equals("lossy_integer_inference_detected")).findFirst().orElseThrow();
        List<String> fields = new ArrayList<>();
        lossy.fieldNames().forEachRemaining(fields::add);
        assertThat(fields).containsExactly("event", "at", "runId", "nodeId", "connection", "entity", "columns");
        assertThat(lossy.get("connection").asText()).isEqualTo("crm");
        assertThat(lossy.get("entity").asText()).isEqualTo("orders");
        assertThat(lossy.get("columns").toString()).isEqualTo("[\"id\",\"sku\"]");
    }

    @Test
    void aColumnsContractTurnsTheCheckOff() {
        CliRun run = CliRun.pz(project("path: data/orders.csv, format: csv, columns: {id: decimal, sku: decimal, "
                + "amount: double, small: double}").path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).doesNotContain("warning:");
    }
}
