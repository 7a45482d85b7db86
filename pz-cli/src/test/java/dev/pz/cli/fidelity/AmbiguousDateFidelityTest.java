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
 * A contract-less csv that DuckDB reads itself, with dates written year-last: when every value's day
 * is at most 12 the sniffer's day/month order is a guess, and the run names those columns and the
 * format it assumed on one warning line per family (dates, timestamps) and as an
 * {@code ambiguous_date_inference_detected} event. A day above 12, ISO dates or a {@code columns:}
 * contract keep it quiet.
 */
class AmbiguousDateFidelityTest {
    private static final String AMBIGUOUS = "when,amount,shipped\n01/02/2024,10,02/03/2024\n03/04/2024,20,04/05/2024\n";

    @TempDir
    Path temp;
    private int projects;

    /** A fresh project per call, so no run's schema baseline meets the next one's file. */
    private TestProject project(String csv, String read) {
        return TestProject.in(temp.resolve("p" + projects++)).projectYml("dates").file("data/orders.csv", csv)
                .file("connections.yml", "crm:\n  connector: localfiles\n  entities:\n    orders:\n      read: {"
                        + "path: data/orders.csv, format: csv" + read + "}\nlake:\n  connector: localfiles\n")
                .file("pipelines/orders_out.sql", "INSERT INTO {{ sink('lake', 'orders_out', strategy: 'replace', "
                        + "format: 'csv', path: 'out/') }}\nselect * from {{ source('crm', 'orders') }}\n");
    }

    private List<String> warnings(String csv, String read) {
        CliRun run = CliRun.pz(project(csv, read).path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        return run.outLines().stream().filter(line -> line.startsWith("warning:")).toList();
    }

    private static String line(String columns, String format) {
        return "warning: crm.orders: date column(s) [" + columns + "] parsed with assumed format " + format
                + " -- every value is day/month-ambiguous, so a month-first source is misread on every row;"
                + " normalize the source to ISO 8601, or declare the column varchar in a columns: contract and"
                + " parse it explicitly in SQL";
    }

    // CR15
    @Test
    void dayMonthAmbiguousDatesAreNamedOnOneWarningLine() {
        assertThat(warnings(AMBIGUOUS, "")).containsExactly(line("when, shipped", "%d/%m/%Y"));
    }

    // CR15 (timestamps are their own family, with the timestamp format)
    @Test
    void ambiguousTimestampsWarnWithTheTimestampFormat() {
        assertThat(warnings("when,amount\n01/02/2024 10:30:00,10\n03/04/2024 11:00:00,20\n", ""))
                .containsExactly(line("when", "%d/%m/%Y %H:%M:%S"));
    }

    // J14
    @Test
    void theEventCarriesItsFieldsInOrder() {
        CliRun run = CliRun.pz(project(AMBIGUOUS, "").path(), "run", "--all", "--log-format", "json");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<JsonNode> events = run.outLines().stream().map(Reference::json).toList();
        JsonNode ambiguous = events.stream().filter(event -> event.get("event").asText()
                .equals("ambiguous_date_inference_detected")).findFirst().orElseThrow();
        List<String> fields = new ArrayList<>();
        ambiguous.fieldNames().forEachRemaining(fields::add);
        assertThat(fields).containsExactly("event", "at", "runId", "nodeId", "connection", "entity", "columns",
                "format");
        assertThat(ambiguous.get("connection").asText()).isEqualTo("crm");
        assertThat(ambiguous.get("entity").asText()).isEqualTo("orders");
        assertThat(ambiguous.get("columns").toString()).isEqualTo("[\"when\",\"shipped\"]");
        assertThat(ambiguous.get("format").asText()).isEqualTo("%d/%m/%Y");
        JsonNode completed = events.stream().filter(event -> event.get("event").asText().equals("node_completed")
                && event.get("nodeId").asText().equals(ambiguous.get("nodeId").asText())).findFirst().orElseThrow();
        assertThat(events.indexOf(ambiguous)).isLessThan(events.indexOf(completed));
    }

    @Test
    void aDayAboveTwelveIsoDatesOrAContractKeepItQuiet() {
        assertThat(warnings("when,amount\n13/02/2024,10\n03/04/2024,20\n", "")).isEmpty();
        assertThat(warnings("when,amount\n2024-01-02,10\n2024-03-04,20\n", "")).isEmpty();
        assertThat(warnings(AMBIGUOUS, ", columns: {when: varchar, amount: bigint, shipped: varchar}")).isEmpty();
    }
}
