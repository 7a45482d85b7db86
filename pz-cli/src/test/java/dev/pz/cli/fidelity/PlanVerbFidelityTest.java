package dev.pz.cli.fidelity;

import static dev.pz.cli.fidelity.Reference.json;
import static dev.pz.cli.fidelity.Reference.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.cli.CliRun;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz plan} as the reference's PlanCommandTests, RetryPlanLineTests and NamedFlowRunTests pin it:
 * strategies and reasons, the memory budget line, plan.json, the selection note, retry and
 * max_concurrency lines.
 */
class PlanVerbFidelityTest {
    @TempDir
    Path temp;

    private CliRun planF02(String... extra) {
        String[] args = new String[extra.length + 1];
        args[0] = "plan";
        System.arraycopy(extra, 0, args, 1, extra.length);
        CliRun run = CliRun.pzWithEnv(Catalogue.F02_ENV, Catalogue.f02(temp).path(), args);
        assertThat(run.exitCode()).as(run.toString()).isZero();
        return run;
    }

    // P1
    @Test
    void printsEachStrategyWithItsReason() {
        CliRun plan = planF02();
        assertThat(plan.out()).contains("native scan: connector 'localfiles' provides read_csv over customers.csv",
                "native scan: connector 'localfiles' provides read_csv over orders.csv", "duckdb sql: executes in-engine",
                "duck_sql", "native_scan");
    }

    // P2
    @Test
    void theSelectionNoteAppearsOnlyWhenSelecting() {
        assertThat(planF02().out()).doesNotContain("note: table filtered by selection");
        assertThat(planF02("--select", "stg_orders").out())
                .contains("note: table filtered by selection; plan.json covers the full project");
    }

    // NF8 (and the report: the note comes before the table)
    @Test
    void aNamedPlanFiltersTheTableAndSaysSoBeforeIt() {
        CliRun plan = ok(Catalogue.f04(temp).path(), "plan", "orders_clean");
        assertThat(plan.out()).contains("orders_clean").doesNotContain("product_catalog");
        String note = "note: table filtered by selection; plan.json covers the full project";
        assertThat(plan.out()).contains(note);
        assertThat(plan.out().indexOf(note)).isLessThan(plan.out().indexOf("strategy"));
    }

    // NF7, RS3
    @Test
    void aBarePlanOnTwoFlowsIsNotGated() {
        CliRun plan = ok(Catalogue.f04(temp).path(), "plan");
        assertThat(plan.out()).contains("orders_clean", "product_catalog");
    }

    // P3
    @Test
    void planningCreatesNoOutputDirectory() {
        planF02();
        assertThat(temp.resolve("curated")).doesNotExist();
    }

    // P4
    @Test
    void printsTheMemoryBudgetLine() {
        assertThat(planF02().out()).contains("memory budget: ~", "duckdb", "channels", "overhead 256MB");
    }

    // P5
    @Test
    void writesPlanJsonWithVersionOneAndItsNodes() {
        planF02();
        String text = Catalogue.f02(temp).read(".pz/target/plan.json");
        assertThat(text).contains("\"version\": 1");
        assertThat(json(text).get("nodes").size()).isPositive();
    }

    // P6
    @Test
    void anEmptyDirectoryIsAConfigError() {
        assertThat(CliRun.pz(temp, "plan").exitCode()).isEqualTo(2);
    }

    // RP1-RP5
    @Test
    void retryLinesCascadeFromConnectionToEntityAndComeFromSinkCalls() {
        CliRun plan = ok(Catalogue.f08(temp).path(), "plan");
        String instance = "retry: source files max_attempts=8 base_delay=2s max_delay=5m";
        String dataset = "retry: source files.orders max_attempts=10 base_delay=500ms max_delay=5m";
        String output = "retry: sink lake.totals max_attempts=4 base_delay=1s max_delay=90s";
        assertThat(plan.out()).contains(instance, dataset, output)
                .doesNotContain("retry: source files.customers", "retry: sink lake max_attempts", "retry: sink lake.raw");
        assertThat(plan.out().indexOf(instance)).isLessThan(plan.out().indexOf(dataset));
        assertThat(plan.out().indexOf(dataset)).isLessThan(plan.out().indexOf(output));
    }

    // RP6
    @Test
    void maxConcurrencyLinesNameSourcesBeforeSinks() {
        CliRun plan = ok(Catalogue.f08(temp).path(), "plan");
        String source = "max_concurrency: source files = 2";
        String sink = "max_concurrency: sink lake = 3";
        assertThat(plan.out()).contains(source, sink);
        assertThat(plan.out().indexOf(source)).isLessThan(plan.out().indexOf(sink));
    }

    // RP7, RP8
    @Test
    void retryLinesFillDefaultsAndPrintTheLargestExactUnit() {
        TestProject project = Catalogue.f05(temp);
        project.file("connections.yml", project.read("connections.yml")
                .replace("files:\n  connector: localfiles\n", "files:\n  connector: localfiles\n  retry:\n"
                        + "    max_attempts: 5\n    base_delay: 2s\n")
                .replace("          amount: double\n", "          amount: double\n        retry:\n"
                        + "          max_attempts: 10\n")
                .replace("lake:\n  connector: localfiles\n", "lake:\n  connector: localfiles\n  retry:\n"
                        + "    max_attempts: 8\n    base_delay: 1500ms\n    max_delay: 1d\n"));
        CliRun plan = ok(project.path(), "plan");
        assertThat(plan.out()).contains("retry: source files max_attempts=5 base_delay=2s max_delay=30s",
                "retry: source files.orders max_attempts=10 base_delay=2s max_delay=30s",
                "retry: sink lake max_attempts=8 base_delay=1500ms max_delay=1d");
        project.file("connections.yml", project.read("connections.yml").replace("base_delay: 1500ms", "base_delay: 500ms")
                .replace("max_delay: 1d", "max_delay: 1h"));
        assertThat(ok(project.path(), "plan").out()).contains("retry: sink lake max_attempts=8 base_delay=500ms max_delay=1h");
    }
}
