package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pz plan} via the CLI: strategies and reasons, the memory budget, policy lines, plan.json. */
class PlanCommandTest {
    private static final String STREAMED = "streamed: a view whose node runs the COPY into ";
    static final String THREADS_NOTE = "note: engine.duckdb.threads is not set (it is a different key from engine.threads, "
            + "which sizes the channel term above and does not reach DuckDB); DuckDB therefore uses the machine's core "
            + "count. DuckDB's memory floor scales with a table's column count times its thread count, so a wide schema "
            + "can exhaust duckdb.memory_limit even though this total says otherwise -- set engine.duckdb.threads to make "
            + "that floor deterministic.";
    static final String SELECTION_NOTE = "note: table filtered by selection; plan.json covers the full project";

    @TempDir
    Path temp;

    private CliRun plan(TestProject project, String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "plan";
        System.arraycopy(args, 0, all, 1, args.length);
        return CliRun.pzWithEnv(Catalogue.F02_ENV, project.path(), all);
    }

    @Test
    void f02TableBudgetAndNoteAreExact() {
        CliRun plan = plan(Catalogue.f02(temp));
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out()).isEqualTo(String.format("%-13s %-24s %s%n", "strategy", "node", "reason").replace("\r", "")
                + "native_scan   src_crm__customers       native scan: connector 'localfiles' provides read_csv over customers.csv (read=full)\n"
                + "native_scan   src_crm__orders          native scan: connector 'localfiles' provides read_csv over orders.csv (read=full)\n"
                + "duck_sql      stg_orders               duckdb sql: executes in-engine\n"
                + "duck_sql      order_totals             duckdb sql: executes in-engine; " + STREAMED + "lake.order_totals"
                + " (engine.fusion: false stages a table)\n"
                + "duck_sql      orders_enriched          duckdb sql: executes in-engine\n"
                + "native_copy   lake.order_totals        native copy: connector 'localfiles' provides COPY TO csv\n"
                + "native_copy   lake.orders_curated      native copy: connector 'localfiles' provides COPY TO parquet\n"
                + "memory budget: ~1.63 GB (duckdb 1.00 GB + channels 0.38 GB + overhead 256MB)\n"
                + THREADS_NOTE + "\n");
        assertThat(plan.out()).doesNotContain("check_");
    }

    @Test
    void f02PlanJsonCoversNonCheckNodesWithTheBudget() {
        TestProject project = Catalogue.f02(temp);
        assertThat(plan(project).exitCode()).isZero();
        String json = project.read(".pz/target/plan.json");
        assertThat(json).startsWith("{\n  \"version\": 1,\n  \"nodes\": [\n    {\n      \"id\": \"59489ad607b22cf9\",\n"
                + "      \"kind\": \"SourceLoad\",\n      \"name\": \"src_crm__customers\",\n"
                + "      \"strategy\": \"native_scan\",\n      \"partitions\": 1,\n"
                + "      \"reason\": \"native scan: connector \\u0027localfiles\\u0027 provides read_csv over customers.csv (read=full)\"\n    },\n");
        assertThat(json).endsWith("""
                  "memoryBudget": {
                    "duckdbBytes": 1073741824,
                    "duckdbDisclaimer": null,
                    "channelBytes": 402653184,
                    "fixedOverheadBytes": 268435456,
                    "totalBytes": 1744830464,
                    "duckdbThreadsDisclaimer": "engine.duckdb.threads is not set (it is a different key from engine.threads, which sizes the channel term above and does not reach DuckDB); DuckDB therefore uses the machine\\u0027s core count. DuckDB\\u0027s memory floor scales with a table\\u0027s column count times its thread count, so a wide schema can exhaust duckdb.memory_limit even though this total says otherwise -- set engine.duckdb.threads to make that floor deterministic."
                  }
                }
                """);
        assertThat(json).doesNotContain("\"kind\": \"Check\"", "/tmp/pz-data", "/tmp/pz-out", "'");
        assertThat(json.split("\"kind\": ", -1)).hasSize(8); // 7 planned nodes
    }

    @Test
    void f01StrategiesAndReasons() {
        TestProject project = Catalogue.f01(temp);
        CliRun plan = plan(project);
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        String json = project.read(".pz/target/plan.json");
        assertThat(json).contains(
                "\"name\": \"src_files__orders\",\n      \"strategy\": \"native_scan\",\n      \"partitions\": 1,\n"
                        + "      \"reason\": \"native scan: connector \\u0027localfiles\\u0027 provides read_csv over data/orders.csv (read=full);"
                        + " fused: a view over the file, whose node runs the COPY into lake.customer_totals (staging.duckdb"
                        + " keeps views; engine.fusion: false stages tables)\"",
                "\"name\": \"customer_totals\",\n      \"strategy\": \"duck_sql\"",
                "\"name\": \"lake.customer_totals\",\n      \"strategy\": \"native_copy\",\n      \"partitions\": 1,\n"
                        + "      \"reason\": \"native copy: connector \\u0027localfiles\\u0027 provides COPY TO parquet;"
                        + " fused: one COPY streams customer_totals from its source files (native fusion)\"");
        assertThat(json).doesNotContain(temp.toString());
    }

    @Test
    void forceUniversalMakesSourcesAndSinksArrowStreams() {
        TestProject project = Catalogue.f01(temp).projectYml("csv_to_parquet", "engine:", "  threads: 2",
                "  force_universal: true").file("pipelines/customer_totals.sql", Catalogue.F01_PIPELINE
                        .replace("format: 'parquet'", "format: 'csv'"));
        CliRun plan = plan(project);
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        // The chain streams by default (see UniversalChainStreamingTest), which each reason notes.
        assertThat(plan.out()).contains(
                "arrow_stream  src_files__orders        arrow stream: engine.force_universal = true (read=full); ",
                "arrow_stream  lake.customer_totals     arrow stream: engine.force_universal = true; ",
                "duck_sql      customer_totals          duckdb sql: executes in-engine; ");
    }

    @Test
    void budgetVariants() {
        TestProject project = Catalogue.f01(temp).projectYml("b", "engine:", "  threads: 3", "  batch_bytes: 10000000",
                "  duckdb:", "    memory_limit: 2GiB", "    threads: 4");
        CliRun plan = plan(project);
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out()).doesNotContain("note:");
        assertThat(project.read(".pz/target/plan.json")).contains("""
                  "memoryBudget": {
                    "duckdbBytes": 2147483648,
                    "duckdbDisclaimer": null,
                    "channelBytes": 180000000,
                    "fixedOverheadBytes": 268435456,
                    "totalBytes": 2595919104,
                    "duckdbThreadsDisclaimer": null
                  }
                """);
    }

    @Test
    void unsetMemoryLimitAndDefaultThreads() {
        TestProject project = Catalogue.f01(temp).projectYml("b");
        CliRun plan = plan(project);
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(project.read(".pz/target/plan.json")).contains("""
                    "duckdbBytes": null,
                    "duckdbDisclaimer": "duckdb.memory_limit is not set; DuckDB itself defaults to 80% of the machine\\u0027s RAM at run time, which cannot be computed deterministically here, so it is treated as 0 in the total below.",
                    "channelBytes": 805306368,
                """);
        assertThat(plan.out()).contains("memory budget: ~1.00 GB (duckdb unset (duckdb.memory_limit is not set;");
    }

    @Test
    void selectionFiltersTheTableOnly() {
        TestProject project = Catalogue.f02(temp);
        CliRun full = plan(project);
        String fullJson = project.read(".pz/target/plan.json");
        assertThat(full.out()).doesNotContain(SELECTION_NOTE);
        CliRun selected = plan(project, "--select", "stg_orders");
        assertThat(selected.exitCode()).as(selected.toString()).isZero();
        assertThat(selected.outLines()).filteredOn(line -> line.startsWith("duck_sql") || line.startsWith("native"))
                .containsExactly("duck_sql      stg_orders               duckdb sql: executes in-engine");
        assertThat(selected.out()).contains(SELECTION_NOTE + "\n");
        assertThat(project.read(".pz/target/plan.json")).isEqualTo(fullJson);
    }

    @Test
    void flowNamesFilterToTheirFlowAndBarePlanIsNotGated() {
        TestProject project = Catalogue.f04(temp);
        CliRun bare = plan(project);
        assertThat(bare.exitCode()).as(bare.toString()).isZero();
        assertThat(bare.out()).contains("orders_clean", "product_catalog").doesNotContain("PZ0215", SELECTION_NOTE);
        CliRun named = plan(project, "orders_clean");
        assertThat(named.exitCode()).as(named.toString()).isZero();
        assertThat(named.out()).contains("orders_clean", "src_raw__orders", "lake.orders_out", SELECTION_NOTE)
                .doesNotContain("product_catalog", "products");
        assertThat(project.read(".pz/target/plan.json")).contains("product_catalog");
    }

    @Test
    void selectionConflictsAndUnknownNamesAreExit2() {
        TestProject project = Catalogue.f04(temp);
        CliRun conflict = plan(project, "orders_clean", "--all");
        assertThat(conflict.exitCode()).isEqualTo(2);
        assertThat(conflict.err()).startsWith("error PZ0216: flow names, --select, and --all are mutually exclusive "
                + "ways to choose what runs.");
        CliRun unknown = plan(project, "nope");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).startsWith("error PZ0210: no node named 'nope'; this project's flows: ");
    }

    @Test
    void emptyDirectoryIsExit2WithAnErrorLine() {
        CliRun plan = CliRun.pz(temp, "plan");
        assertThat(plan.exitCode()).isEqualTo(2);
        assertThat(plan.err()).startsWith("error PZ0101").contains("project.yml");
        assertThat(temp.resolve(".pz")).doesNotExist();
    }

    /** F01's orders with an inline contract, for tests that swap the lake connection. */
    private static final String FILES = """
            files:
              connector: localfiles
              entities:
                orders:
                  read:
                    path: data/orders.csv
                    format: csv
                    columns: {id: bigint, customer: varchar, amount: double, created: timestamp}
            """;

    @Test
    void secretsNeverReachThePlan() {
        TestProject project = Catalogue.f01(temp).file("connections.yml", FILES + """
                lake:
                  connector: postgres
                  host: localhost
                  database: mart
                  user: loader
                  password: ${PG_SECRET}
                """).file("pipelines/customer_totals.sql", """
                INSERT INTO {{ sink('lake', 'public.customer_totals', strategy: 'replace') }}
                select customer, count(*) as orders, sum(amount) as total
                from {{ source('files', 'orders') }}
                group by customer
                """);
        CliRun plan = CliRun.pzWithEnv(Map.of("PG_SECRET", "sup3rs3cr3tvalue"), project.path(), "plan");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out() + plan.err()).doesNotContain("sup3rs3cr3tvalue");
        String json = project.read(".pz/target/plan.json");
        assertThat(json).doesNotContain("sup3rs3cr3tvalue", "select ", "sum(");
        assertThat(plan.out()).doesNotContain("select ");
    }

    @Test
    void aSecretOfAConnectionWhoseConnectorIsNotInstalledStaysOutOfTheRefusal() {
        TestProject project = Catalogue.f01(temp).file("connections.yml", FILES + """
                lake:
                  connector: snowflake
                  account: b
                  password: ${SF_SECRET}
                """);
        CliRun plan = CliRun.pzWithEnv(Map.of("SF_SECRET", "sup3rs3cr3tvalue"), project.path(), "plan");
        assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(2);
        assertThat(plan.err()).startsWith("error PZ0305: connection 'lake' uses connector 'snowflake'");
        assertThat(plan.out() + plan.err()).doesNotContain("sup3rs3cr3tvalue");
        assertThat(project.path().resolve(".pz/target/plan.json")).doesNotExist();
    }
}
