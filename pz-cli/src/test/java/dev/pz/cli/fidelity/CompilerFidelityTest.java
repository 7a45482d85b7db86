package dev.pz.cli.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.cli.CliRun;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What compiling pipelines into the DAG refuses, warns about and produces, through {@code pz compile}
 * and {@code pz ls}, as the reference's DagCompilerTests, SelectorTests, CompileWarningsTests,
 * InlineSinkBindingTests, SinkFanOutTests, ManifestWriterFanOutTests, ReadSurfaceTests,
 * WriteSurfaceTests, PairingMatrixTests, StagingNameTests, TemplateRendererTests, SinkFunctionTests,
 * SourceFunctionTests, DagCompilerWatermarkTests, WatermarkInferenceTests, UnsupportedOptionValueTests,
 * EntityNameTests and FlowComponentsTests pin it.
 */
class CompilerFidelityTest {
    /** crm: orders, customers and shipments, no contract; lake: the sink. */
    private static final String CRM = "crm:\n  connector: localfiles\n  entities:\n"
            + "    orders:\n      read:\n        path: orders.csv\n        format: csv\n"
            + "    customers:\n      read:\n        path: customers.csv\n        format: csv\n"
            + "    shipments:\n      read:\n        path: shipments.csv\n        format: csv\n"
            + "\nlake:\n  connector: localfiles\n";

    @TempDir
    Path temp;

    private int projects;

    /** A project with {@code connections} and the pipelines given as name/sql pairs. */
    private TestProject project(String connections, String... pipelines) {
        TestProject project = TestProject.in(temp.resolve("p" + projects++)).projectYml("t")
                .file("connections.yml", connections);
        for (int i = 0; i < pipelines.length; i += 2) {
            project.file("pipelines/" + pipelines[i] + ".sql", pipelines[i + 1]);
        }
        return project;
    }

    private static String into(String output, String strategy) {
        return "INSERT INTO {{ sink('lake', '" + output + "', strategy: '" + strategy + "', format: 'parquet') }}\n";
    }

    private static CliRun compile(TestProject project) {
        return CliRun.pz(project.path(), "compile");
    }

    private static CliRun compiled(TestProject project) {
        CliRun run = compile(project);
        assertThat(run.exitCode()).as(run.toString()).isZero();
        return run;
    }

    /** Errors of a failed compile carrying {@code code}. */
    private static List<String> errors(TestProject project, String code) {
        CliRun run = compile(project);
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        return LoaderFidelityTest.errors(run).stream().filter(e -> e.startsWith("error " + code + ": ")).toList();
    }

    private static String error(TestProject project, String code) {
        List<String> errors = errors(project, code);
        assertThat(errors).as(code).hasSize(1);
        return errors.get(0);
    }

    /** node name to manifest entry. */
    private static Map<String, JsonNode> manifest(TestProject project) {
        Map<String, JsonNode> nodes = new TreeMap<>();
        Reference.json(project.resolve(".pz/target/manifest.json")).get("nodes")
                .forEach(node -> nodes.put(node.get("name").asText(), node));
        return nodes;
    }

    private static List<String> lsNames(TestProject project, String select) {
        CliRun run = CliRun.pz(project.path(), "ls", "--select", select);
        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<String> names = new ArrayList<>();
        run.outLines().stream().skip(1).forEach(line -> names.add(line.split("\\s+")[1]));
        return names;
    }

    // DC1, DC2, DC3, DC4
    @Test
    void aSourceHasOneReaderPipelineAndUnreadDatasetsHaveNoNode() {
        String message = error(project(CRM, "stg_orders", "select * from {{ source('crm', 'orders') }}\n",
                "order_audit", "select * from {{ source('crm', 'orders') }}\n"), "PZ0349");
        assertThat(message).contains("crm.orders");
        assertThat(message.indexOf("order_audit")).isLessThan(message.indexOf("stg_orders"));

        TestProject ok = project(CRM, "self_join", "select a.* from {{ source('crm', 'orders') }} a join "
                + "{{ source('crm', 'orders') }} b on true\n", "stg_customers", "select * from {{ source('crm', "
                + "'customers') }}\n");
        compiled(ok);
        assertThat(manifest(ok)).containsKeys("src_crm__orders", "src_crm__customers")
                .doesNotContainKey("src_crm__shipments");
    }

    // DC5, DC6, RDS4, IB4
    @Test
    void unresolvedReferencesAndCyclesAreRefused() {
        assertThat(error(project(CRM, "a", "select * from {{ ref('b') }}\n", "b", "select * from {{ ref('a') }}\n"),
                "PZ0202")).isNotEmpty();
        assertThat(error(project(CRM, "a", "select * from {{ ref('nope') }}\n"), "PZ0201")).contains("nope");
        assertThat(error(project(CRM, "a", "select 1 from {{ source('nope', 'orders') }}\n"), "PZ0201"))
                .contains("no connection named 'nope'");
        assertThat(error(project(CRM, "a", "INSERT INTO {{ sink('nope', 'totals', strategy: 'replace') }}\n"
                + "select 1 as x\n"), "PZ0201")).contains("nope");
    }

    // DC7, DC8, TR1
    @Test
    void ephemeralPipelinesAreInlinedAndTakeNoChecks() {
        TestProject project = project(CRM, "eph", "select 1 as x\n", "consumer", "select * from {{ ref('eph') }}\n")
                .file("pipelines/configs/eph.yml", "pipeline: eph\nmaterialization: ephemeral\n");
        compiled(project);
        assertThat(manifest(project)).doesNotContainKey("eph");
        assertThat(project.read(".pz/target/compiled/consumer.sql")).contains("with __pz_cte__eph as (",
                "select * from __pz_cte__eph").doesNotContain("staging.eph");

        TestProject checked = project(CRM, "eph1", "select 1 as id\n", "eph2", "select 1 as id\n",
                "c1", "select * from {{ ref('eph1') }}\n", "c2", "select * from {{ ref('eph2') }}\n")
                .file("pipelines/configs/eph1.yml", "pipeline: eph1\nmaterialization: ephemeral\nchecks:\n"
                        + "  - not_null: [id]\n")
                .file("pipelines/configs/eph2.yml", "pipeline: eph2\nmaterialization: ephemeral\nchecks:\n"
                        + "  - not_null: [id]\n");
        List<String> errors = errors(checked, "PZ0205");
        assertThat(errors).hasSize(2);
        assertThat(errors.get(0)).contains("eph1", "(pipelines/eph1.sql");
        assertThat(errors.get(0).substring(0, errors.get(0).indexOf(" ("))).doesNotContain("pipelines/eph1.sql");
    }

    // DC9, DC25, DC10
    @Test
    void checksAreNodesNamedByConventionDependingOnTheirPipeline() {
        TestProject project = project(CRM, "a", "select 1 as id, 1 as a_b, 1 as b, now() as updated_at\n")
                .file("pipelines/configs/a.yml", "pipeline: a\nchecks:\n  - not_null: [id]\n"
                        + "  - custom_sql: { name: no_negatives, sql: select 1 where false }\n"
                        + "  - freshness: { column: updated_at, max_age: 24h }\n  - row_count: { min: 1 }\n"
                        + "  - row_count: { max: 10 }\n  - not_null: [a_b]\n  - not_null: [a, b]\n");
        compiled(project);
        Map<String, JsonNode> nodes = manifest(project);
        assertThat(nodes).containsKeys("check_a_not_null_id", "check_a_no_negatives", "check_a_freshness_updated_at",
                "check_a_row_count", "check_a_row_count_2", "check_a_not_null_a_b", "check_a_not_null_a_b_2");
        assertThat(nodes.get("check_a_not_null_id").get("dependsOn").get(0).asText())
                .isEqualTo(nodes.get("a").get("id").asText());
        nodes.values().forEach(node -> assertThat(node.get("id").asText()).matches("[0-9a-f]{16}"));
        String id = nodes.get("a").get("id").asText();
        project.file("pipelines/a.sql", "select  1 as id, 1 as a_b, 1 as b, now() as updated_at\n");
        compiled(project);
        assertThat(manifest(project).get("a").get("id").asText()).isNotEqualTo(id);
    }

    // DC11
    @Test
    void lsListsNodesInDependencyOrder() {
        TestProject project = project(CRM, "stg", "select * from {{ source('crm', 'orders') }}\n",
                "mart", into("out", "replace") + "select * from {{ ref('stg') }}\n");
        CliRun ls = CliRun.pz(project.path(), "ls");
        List<String> order = ls.outLines().stream().skip(1).map(l -> l.split("\\s+")[1]).toList();
        assertThat(order.indexOf("src_crm__orders")).isLessThan(order.indexOf("stg"));
        assertThat(order.indexOf("stg")).isLessThan(order.indexOf("mart"));
        assertThat(order.indexOf("mart")).isLessThan(order.indexOf("lake.out"));
    }

    // DC12, DC13, DC18. PZ0209 points at the sink() call that chose the strategy, where the reference names
    // connections.yml: a deliberate difference, see docs/port-differences.md.
    @Test
    void mergeNeedsKeysAndKeysNeedMerge() {
        assertThat(error(project(CRM, "a", "INSERT INTO {{ sink('lake', 'out', strategy: 'merge') }}\nselect 1 as x\n"),
                "PZ0209")).contains("lake.out", "(pipelines/a.sql:1)");
        assertThat(error(project(CRM, "a", "INSERT INTO {{ sink('lake', 'out', strategy: 'replace', keys: ['id']) }}\n"
                + "select 1 as x\n"), "PZ0211")).contains("lake.out", "id");
    }

    private static String crmIncremental(String cursor, String columns) {
        return "crm:\n  connector: localfiles\n  entities:\n    orders:\n      read:\n        path: orders.csv\n"
                + "        format: csv\n" + (columns == null ? "" : "        columns:\n" + columns)
                + "        sync:\n          mode: incremental\n          cursor: " + cursor + "\n"
                + "    shipments:\n      read:\n        path: shipments.csv\n        format: csv\n"
                + (columns == null ? "" : "        columns:\n" + columns)
                + "        sync:\n          mode: incremental\n          cursor: " + cursor + "\n"
                + "\nlake:\n  connector: localfiles\n";
    }

    // DC14, DC15, DC16, DC18
    @Test
    void cursorsMustBeDeclaredWithAnOrderedType() {
        assertThat(error(project(crmIncremental("updated_at", "          id: bigint\n"), "stg",
                "select * from {{ source('crm', 'orders') }}\n"), "PZ0212")).contains("updated_at", "crm.orders");
        for (String bad : new String[] {"double", "varchar", "boolean"}) {
            assertThat(error(project(crmIncremental("updated_at", "          updated_at: " + bad + "\n"), "stg",
                    "select * from {{ source('crm', 'orders') }}\n"), "PZ0212"))
                    .contains("updated_at", "int", "bigint", "decimal", "date", "timestamp");
        }
        for (String good : new String[] {"int", "bigint", "decimal", "date", "timestamp"}) {
            compiled(project(crmIncremental("updated_at", "          updated_at: " + good + "\n"), "stg",
                    "select * from {{ source('crm', 'orders') }}\n"));
        }
        CliRun notice = compiled(project(crmIncremental("updated_at", null), "stg",
                "select * from {{ source('crm', 'orders') }}\n"));
        assertThat(notice.out()).contains("crm.orders", "updated_at", "unverified until --connect / first run");
        List<String> both = LoaderFidelityTest.errors(compile(project(crmIncremental("updated_at",
                "          updated_at: varchar\n"), "stg", "INSERT INTO {{ sink('lake', 'out', strategy: 'merge') }}\n"
                + "select * from {{ source('crm', 'orders') }}\n")));
        assertThat(both).hasSize(2).anySatisfy(e -> assertThat(e).contains("PZ0209"))
                .anySatisfy(e -> assertThat(e).contains("PZ0212"));
    }

    // DC24, PM1, PM2, PM3, DC17
    @Test
    void anIncrementalReadPairsWithMergeOrConsentedAppendOnly() {
        String contract = "          id: bigint\n";
        String append = error(project(crmIncremental("id", contract), "stg", "INSERT INTO {{ sink('lake', 'out1', "
                + "strategy: 'append') }}\nselect * from {{ source('crm', 'orders') }}\n"), "PZ0214");
        assertThat(append).contains("crm.orders", "lake.out1", "write:\n  strategy: append\n  duplicates: accept");
        String replace = error(project(crmIncremental("id", contract), "stg", "INSERT INTO {{ sink('lake', 'out1', "
                + "strategy: 'replace') }}\nselect * from {{ source('crm', 'orders') }}\n"), "PZ0335");
        assertThat(replace).contains("crm.orders", "lake.out1");
        assertThat(replace.substring(replace.indexOf(" — hint: "))).contains("write.strategy", "merge");
        CliRun consent = compiled(project(crmIncremental("id", contract), "stg", "INSERT INTO {{ sink('lake', 'out1', "
                + "strategy: 'append', duplicates: 'accept') }}\nselect * from {{ source('crm', 'orders') }}\n"));
        assertThat(consent.out() + consent.err()).doesNotContain("effectively-once");
        compiled(project(crmIncremental("id", contract), "stg", "INSERT INTO {{ sink('lake', 'out1', strategy: "
                + "'merge', keys: ['id']) }}\nselect * from {{ source('crm', 'orders') }}\n"));
        for (String strategy : new String[] {"'replace'", "'append'", "'merge', keys: ['id']"}) {
            compiled(project(CRM, "stg", "INSERT INTO {{ sink('lake', 'out1', strategy: " + strategy + ") }}\n"
                    + "select * from {{ source('crm', 'orders') }}\n"));
        }
        List<String> two = LoaderFidelityTest.errors(compile(project(crmIncremental("id", contract),
                "stg1", "INSERT INTO {{ sink('lake', 'out1', strategy: 'replace') }}\nselect * from {{ source('crm', "
                        + "'orders') }}\n", "stg2", "INSERT INTO {{ sink('lake', 'out2', strategy: 'append') }}\n"
                        + "select * from {{ source('crm', 'shipments') }}\n")));
        assertThat(two).hasSize(2).anySatisfy(e -> assertThat(e).contains("PZ0335", "lake.out1"))
                .anySatisfy(e -> assertThat(e).contains("PZ0214", "lake.out2"));
    }

    private static String windowed(String window, String initial, String until, String type, boolean query) {
        return "pg:\n  connector: postgres\n  host: h\n  entities:\n    orders:\n      read:\n"
                + (query ? "        query: select * from orders\n" : "")
                + (type == null ? "" : "        columns:\n          updated_at: " + type + "\n")
                + "        sync:\n          mode: incremental\n          cursor: updated_at\n"
                + (window == null ? "" : "          max_window: " + window + "\n")
                + (initial == null ? "" : "          initial: \"" + initial + "\"\n")
                + (until == null ? "" : "          until: \"" + until + "\"\n");
    }

    // DC19, DC20, DC21, DC22, WM3
    @Test
    void windowsAreValidatedAndCanonicalized() {
        String pipeline = "select * from {{ source('pg', 'orders') }}\n";
        compiled(project(windowed("1d", "2020-01-01", "2026-07-01", "timestamp", false), "stg", pipeline));
        String[][] cases = {{"1d", null, null, "initial"}, {null, "2020-01-01", null, "max_window"},
            {null, null, "2026-07-01", "max_window"}, {"1000", "2020-01-01", null, "duration"},
            {"1d", "someday", null, "canonical"}, {"1d", "2026-07-01", "2020-01-01", "greater"},
            {"1d", "2020-01-01", "someday", "canonical"}};
        for (String[] c : cases) {
            assertThat(error(project(windowed(c[0], c[1], c[2], "timestamp", false), "stg", pipeline), "PZ0213"))
                    .as(String.join(",", java.util.Arrays.asList(c))).contains(c[3]);
        }
        assertThat(error(project(windowed("1d", null, null, "timestamp", false), "stg", pipeline), "PZ0213"))
                .contains("sync:\n  mode: incremental\n  cursor: <column>\n  max_window:").doesNotContain("incremental:\n");
        assertThat(error(project(windowed("1d", "2020-01-01", null, null, false), "stg", pipeline), "PZ0213"))
                .isNotEmpty();
        assertThat(error(project(windowed("1d", "2020-01-01", null, "timestamp", true), "stg", pipeline), "PZ0213"))
                .contains("query");
        TestProject varchar = project(windowed("1d", "2020-01-01", null, "varchar", false), "stg", pipeline);
        assertThat(errors(varchar, "PZ0213")).hasSize(1);
        assertThat(errors(varchar, "PZ0212")).isEmpty();
        String[][] windows = {{"int", "1000", ""}, {"decimal", "100", ""}, {"date", "7d", ""}, {"timestamp", "90s", ""},
            {"int", "1d", "x"}, {"int", "0", "x"}, {"decimal", "1.5", "x"}, {"date", "6h", "x"}, {"date", "36h", "x"},
            {"date", "1000", "x"}, {"timestamp", "0s", "x"}};
        for (String[] w : windows) {
            String initial = switch (w[0]) {
                case "date", "timestamp" -> "2020-01-01";
                default -> "0";
            };
            CliRun run = compile(project(windowed(w[1], initial, null, w[0], false), "stg", pipeline));
            assertThat(run.exitCode()).as(w[0] + " " + w[1] + run).isEqualTo(w[2].isEmpty() ? 0 : 2);
        }
    }

    // SE1, SE2, SE4
    @Test
    void theSelectorGrammarSelectsNamesNeighboursTagsSourcesUnionsIntersectionsAndWildcards() {
        TestProject project = project(CRM, "stg", "select * from {{ source('crm', 'orders') }}\n",
                "mart", into("out", "replace") + "select * from {{ ref('stg') }}\n")
                .file("pipelines/configs/mart.yml", "pipeline: mart\ntags: [daily]\n");
        assertThat(lsNames(project, "stg")).containsExactly("stg");
        assertThat(lsNames(project, "stg+")).containsExactlyInAnyOrder("stg", "mart", "lake.out");
        assertThat(lsNames(project, "+mart")).containsExactlyInAnyOrder("src_crm__orders", "stg", "mart");
        assertThat(lsNames(project, "tag:daily")).containsExactly("mart");
        assertThat(lsNames(project, "source:crm.*")).containsExactly("src_crm__orders");
        assertThat(lsNames(project, "stg mart")).containsExactlyInAnyOrder("stg", "mart");
        assertThat(lsNames(project, "tag:daily,+mart")).containsExactly("mart");
        assertThat(lsNames(project, "src_crm__*")).containsExactly("src_crm__orders");
        CliRun nothing = CliRun.pz(project.path(), "ls", "--select", "nonexistent");
        assertThat(nothing.exitCode()).isEqualTo(2);
        assertThat(nothing.errLines()).singleElement().satisfies(l -> assertThat(l).contains("PZ0210", "nonexistent"));
        assertThat(CliRun.pz(project.path(), "ls", "--select", "st g!").exitCode()).isEqualTo(2);
    }

    // SE3, SN1, SN2
    @Test
    void entitiesKeepTheirOwnSpellingAndFoldIntoOneStagingIdentifier() {
        TestProject project = project("erp:\n  connector: localfiles\n  entities:\n    dbo.orders:\n      read:\n"
                + "        path: o.csv\n        format: csv\n    /v2/events:\n      read:\n        path: e.csv\n"
                + "        format: csv\n    orders-current:\n      read:\n        path: c.csv\n        format: csv\n"
                + "\nlake:\n  connector: localfiles\n",
                "a", into("orders-current", "replace") + "select 1 as x from {{ source('erp', 'dbo.orders') }}\n"
                        + "union all select 2 from {{ source('erp', '/v2/events') }}\n"
                        + "union all select 3 from {{ source('erp', 'orders-current') }}\n");
        compiled(project);
        assertThat(manifest(project)).containsKeys("src_erp__dbo_orders", "src_erp___v2_events",
                "src_erp__orders_current", "lake.orders-current");
        assertThat(project.read(".pz/target/compiled/a.sql")).contains("staging.src_erp__dbo_orders");
        assertThat(lsNames(project, "lake.orders-current")).containsExactly("lake.orders-current");
    }

    // SN3
    @Test
    void twoDatasetsThatFoldTogetherArePz0110() {
        assertThat(error(project("erp:\n  connector: localfiles\n  entities:\n    dbo.orders:\n      read:\n"
                + "        path: a.csv\n        format: csv\n    dbo_orders:\n      read:\n        path: b.csv\n"
                + "        format: csv\n", "a", "select 1 from {{ source('erp', 'dbo.orders') }} union all select 2 "
                + "from {{ source('erp', 'dbo_orders') }}\n"), "PZ0110")).contains("dbo.orders", "dbo_orders");
    }

    // CW1, CW3, CW4, CW5, CW6
    @Test
    void compileWarningsNameNearMissKwargsAndDeadLeaves() {
        TestProject clean = project(CRM, "totals", into("totals", "replace") + "select 1 as x\n");
        assertThat(compiled(clean).err()).isEmpty();
        assertThat(manifest(clean)).containsKey("lake.totals");
        // compile and ls print no warnings; plan, validate, run and test do
        for (String typo : new String[] {"strategyy", "stratgy", "Strategy", "keyz"}) {
            CliRun run = CliRun.pz(project(CRM, "a", "INSERT INTO {{ sink('lake', 'out', " + typo + ": 'merge') }}\n"
                    + "select 1 as x\n").path(), "plan");
            assertThat(run.err()).as(typo).startsWith("warning: PZ0208 ").contains(typo);
        }
        for (String option : new String[] {"format", "path", "compression"}) {
            assertThat(CliRun.pz(project(CRM, "a", "INSERT INTO {{ sink('lake', 'out', " + option + ": 'v') }}\n"
                    + "select 1 as x\n").path(), "plan").err()).as(option).doesNotContain("PZ0208");
        }
        CliRun dead = CliRun.pz(project(CRM, "used", into("out", "replace") + "select 1 as x from {{ ref('lonely') }}\n",
                "lonely", "select 1 as x\n", "dangling", "select 1 as x\n").path(), "plan");
        assertThat(dead.err()).contains("PZ0223", "dangling").doesNotContain("'lonely'");
    }

    // FO1, FO2, FO3, IB1, IB2, IB5, IB6
    @Test
    void sinkCallsLeadTheStatementAndMayFanOut() {
        TestProject fan = project("ok:\n  connector: localfiles\nflaky:\n  connector: localfiles\n", "combo",
                "INSERT INTO [{{ sink('ok', 'out', strategy: 'replace', format: 'parquet') }}, {{ sink('flaky', 'out', "
                        + "strategy: 'replace', format: 'parquet') }}] select 1 as x\n");
        compiled(fan);
        Map<String, JsonNode> nodes = manifest(fan);
        assertThat(nodes.get("ok.out").get("dependsOn").get(0).asText()).isEqualTo(nodes.get("combo").get("id").asText());
        assertThat(nodes.get("flaky.out").get("dependsOn").get(0).asText()).isEqualTo(nodes.get("combo").get("id").asText());
        assertThat(fan.read(".pz/target/compiled/combo.sql")).isEqualTo("-- output: flaky.out (parquet, replace)\n"
                + "-- output: ok.out (parquet, replace)\nselect 1 as x\n");

        assertThat(errors(project("ok:\n  connector: localfiles\n", "stg", "INSERT INTO [{{ sink('ok', 'stg', strategy: "
                + "'replace') }}, {{ sink('ok', 'stg', strategy: 'replace') }}] select 1 as x\n"), "PZ0208")).hasSize(1);
        assertThat(errors(project("ok:\n  connector: localfiles\n", "stg", "select 1 as x -- INSERT INTO "
                + "[{{ sink('ok', 'stg', strategy: 'replace') }}]\n"), "PZ0208")).hasSize(1);
        assertThat(error(project(CRM, "a", into("totals", "replace") + "select {{ sink('lake', 'totals2') }} as x\n"),
                "PZ0208")).contains("a");
        TestProject ephemeral = project(CRM, "a", into("totals", "replace") + "select 1 as x\n")
                .file("pipelines/configs/a.yml", "pipeline: a\nmaterialization: ephemeral\n");
        assertThat(errors(ephemeral, "PZ0208")).hasSize(1);

        TestProject lead = project(CRM, "totals", "-- comment\n  " + into("totals", "replace")
                + "with x as (select 1) select * from x\n", "consumer", "select * from {{ ref('totals') }}\n");
        compiled(lead);
        assertThat(lead.read(".pz/target/compiled/totals.sql")).endsWith("with x as (select 1) select * from x\n")
                .doesNotContainIgnoringCase("insert").doesNotContain("__pz_sink__");
        assertThat(lead.read(".pz/target/compiled/consumer.sql")).contains("staging.totals");
    }

    // IB3, WS6
    @Test
    void twoPipelinesClaimingOneOutputArePz0206NamingBoth() {
        String conflict = error(project(CRM, "a", into("totals", "replace") + "select 1 as x\n", "b",
                "INSERT INTO {{ sink('lake', 'totals', strategy: 'merge', keys: ['x']) }}\nselect 2 as x\n"), "PZ0206");
        assertThat(conflict).contains("a", "b", "(pipelines/a.sql");
    }

    // WS1, WS2, WS3, WS5, RDS1, RDS2, RDS3, RDS5, RDS6
    @Test
    void readAndWriteOptionsLiveInOneSurfaceOnly() {
        String merge = "\nmart:\n  connector: localfiles\n  entities:\n    out:\n      write:\n        strategy: merge\n"
                + "        keys: [id]\n        format: parquet\n";
        TestProject yaml = project(CRM + merge, "a", "INSERT INTO {{ sink('mart', 'out') }}\nselect 1 as id\n");
        compiled(yaml);
        assertThat(yaml.read(".pz/target/compiled/a.sql")).startsWith("-- output: mart.out (parquet, merge)\n");
        String split = error(project(CRM + merge, "a", "INSERT INTO {{ sink('mart', 'out', strategy: 'append') }}\n"
                + "select 1 as id\n"), "PZ0341");
        assertThat(split).contains("mart.out", "(pipelines/a.sql");
        compiled(project(CRM + merge, "a", "INSERT INTO {{ sink('mart', 'other', strategy: 'replace') }}\n"
                + "select 1 as id\n"));
        TestProject bare = project(CRM, "a", "INSERT INTO {{ sink('lake', 'out') }}\nselect 1 as id\n");
        compiled(bare);
        assertThat(bare.read(".pz/target/compiled/a.sql")).startsWith("-- output: lake.out (");
        assertThat(bare.read(".pz/target/compiled/a.sql").lines().findFirst().orElseThrow()).endsWith("append)");

        String readSplit = error(project(CRM, "a", "select 1 as id from {{ source('crm', 'orders', format: 'csv') }}\n"),
                "PZ0341");
        assertThat(readSplit).contains("crm.orders", "(pipelines/a.sql");
        List<String> both = errors(project(CRM + merge, "a", "INSERT INTO {{ sink('mart', 'out', strategy: 'replace') }}"
                + "\nselect 1 as id from {{ source('crm', 'orders', format: 'csv') }}\n"), "PZ0341");
        assertThat(both).hasSize(2);

        TestProject callSite = project("crm:\n  connector: localfiles\n", "a", "select id from {{ source('crm', "
                + "'orders', format: 'parquet', path: 'o.parquet', columns: { id: 'bigint' }) }}\n");
        TestProject inYaml = project("crm:\n  connector: localfiles\n  entities:\n    orders:\n      read:\n"
                + "        format: parquet\n        path: o.parquet\n        columns:\n          id: bigint\n", "a",
                "select id from {{ source('crm', 'orders') }}\n");
        compiled(callSite);
        compiled(inYaml);
        assertThat(manifest(callSite).get("src_crm__orders").get("id"))
                .isEqualTo(manifest(inYaml).get("src_crm__orders").get("id"));
    }

    // DC23 (PZ0229 is the http connector's own option check, so pz validate, plan and run refuse it, not pz
    // compile; the notice for max_pages without cursor_order is a deliberate difference: see the catalogue)
    @Test
    void rawHttpWindowsNeedATypedCursorAndATruncatableCrawlMustAscend() {
        compiled(http("cursor: committed_at\ncursor_type: timestamp\n", "max_window: 7d, initial: '2026-07-01', "
                + "until: '2026-07-21'"));
        assertThat(errors(http("", "max_window: 7d, initial: '2026-07-01'"), "PZ0213")).hasSize(1);
        assertThat(errors(http("cursor: committed_at\ncursor_type: varchar\n", "max_window: 7d, initial: "
                + "'2026-07-01'"), "PZ0213")).hasSize(1);
        String descending = "cursor: committed_at\ncursor_type: timestamp\ncursor_order: desc\n";
        for (String window : List.of("max_window: 7d, initial: '2026-07-01'", "")) {
            CliRun refused = CliRun.pz(http(descending + "max_pages: 5\n", window).path(), "validate");
            assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
            assertThat(LoaderFidelityTest.errors(refused)).filteredOn(e -> e.startsWith("error PZ0229: "))
                    .singleElement().satisfies(e -> assertThat(e).contains("descending", "commits"));
        }
        TestProject unbounded = http(descending, "max_window: 7d, initial: '2026-07-01'");
        compiled(unbounded);
        CliRun validated = CliRun.pz(unbounded.path(), "validate");
        assertThat(validated.exitCode()).as(validated.toString()).isZero();
    }

    /** gh.commits read raw (no contract) from an http API, incremental on committed_at with {@code window}. */
    private TestProject http(String cursorOptions, String window) {
        return project("gh:\n  connector: http\n  base_url: https://api.example.com\n  entities:\n    commits:\n"
                + "      read:\n        path: /repos/x/y/commits\n        query: {since: '{{ watermark }}'}\n"
                + cursorOptions.indent(8) + "        sync: {mode: incremental, cursor: committed_at"
                + (window.isEmpty() ? "" : ", " + window) + "}\n", "stg",
                "select * from {{ source('gh', 'commits') }}\n");
    }

    // WS4
    @Test
    void aColumnsMapPassedToSinkReachesTheConnectorsWriteOptions() {
        // Nothing listens on port 1: the write resolves its declared column types before it connects.
        String mart = "mart:\n  connector: sqlserver\n  host: 127.0.0.1\n  port: 1\n  database: mart\n"
                + "  user: loader\n  connect_timeout_seconds: 1\n  retry: {max_attempts: 1}\n";
        String pipeline = "select 1 as id, 'open' as status\n";
        CliRun declared = CliRun.pz(project(mart, "a", "INSERT INTO {{ sink('mart', 'dbo.out', strategy: 'replace', "
                + "columns: { status: 'nvarchar(20)' }) }}\n" + pipeline).path(), "run", "--all");
        assertThat(declared.exitCode()).as(declared.toString()).isEqualTo(1);
        assertThat(declared.out()).contains("sqlserver sink open failed").doesNotContain("column 'status'");
        CliRun malformed = CliRun.pz(project(mart, "a", "INSERT INTO {{ sink('mart', 'dbo.out', strategy: 'replace', "
                + "columns: { status: 'nvarchar(99999)' }) }}\n" + pipeline).path(), "run", "--all");
        assertThat(malformed.exitCode()).as(malformed.toString()).isEqualTo(1);
        assertThat(malformed.out()).contains("column 'status': 'nvarchar(99999)' is not a type the sink declares")
                .doesNotContain("sink open failed");
    }

    // SF2, SF3, SF4, SF5, SF6
    @Test
    void sinkKeywordArgumentsBindByName() {
        TestProject project = project(CRM, "a", "INSERT INTO {{ sink('lake', 'o', duplicates: 'accept', format: 'csv', "
                + "path: 'out/o/') }}\nselect 1 as x\n", "b", "INSERT INTO {{ sink('lake', 'c', strategy: 'merge', "
                + "keys: ['order_id'], schema_policy: 'additive', format: 'parquet') }}\n"
                + "select 1 as order_id\n");
        compiled(project);
        assertThat(project.read(".pz/target/compiled/a.sql")).startsWith("-- output: lake.o (csv, append)\n");
        assertThat(project.read(".pz/target/compiled/b.sql")).startsWith("-- output: lake.c (parquet, merge)\n");
        for (String policy : new String[] {"fail_on_change", "additive", "evolve"}) {
            compiled(project(CRM, "a", "INSERT INTO {{ sink('lake', 'o', strategy: 'append', schema_policy: '" + policy
                    + "') }}\nselect 1 as x\n"));
        }
    }

    // SF7, SF8, SF9, SF10, SF11, SF12
    @Test
    void malformedSinkCallsAreRefusedWithTheirReason() {
        String[][] cases = {{"'lake', 'a', 'b'", "extra positional"},
            {"'lake', 'a', strategy: 'upsert'", "replace, append, merge"},
            {"'lake', 'a', keys: 'order_id'", "list of strings"}, {"'lake', 'a', duplicates: 'ignore'", "literal 'accept'"},
            {"'lake', 'a', on_delete: 'purge'", "delete, soft, ignore"},
            {"'lake', 'a', strategy: 'append', on_delete: 'delete'", "requires strategy: 'merge'"},
            {"'lake', 'a', mode: 'merge'", "'mode' is not a sink() keyword argument"},
            {"'lake', 'a', accept_duplicates: true", "'accept_duplicates' is not a sink()"},
            {"'lake', 'a', write: { strategy: 'merge' }", "'write' is not a sink()"},
            {"'lake', 'a', rate_limit: { requests_per_minute: 60 }", "instance-level"},
            {"'lake', 'a', max_concurrency: 4", "instance-level"}, {"'lake', 'a', input: 'p'", "'input' is not a sink()"},
            {"'lake', 'a', schema_policy: 'aditive'", "fail_on_change, additive, evolve"},
            {"'lake', 'a', schema_policy: 'aditive'", "did you mean 'additive'"},
            {"'lake', 'a', retry: 3", "'retry' must be a mapping"},
            {"'lake', 'a', retry: { max_attempts: 0 }", "max_attempts must be an integer >= 1"},
            {"'lake', 'a', retry: { base_delay: 'soon' }", "positive duration"},
            {"'lake', 'a', retry: { bogus: 1 }", "unknown retry key 'bogus'"},
            {"'lake', 'a', strategy: 'merge', strategy: 'append'", "more than once"},
            {"'mart', 'mart..orders'", "empty dotted segment"}, {"'mart', '.orders'", "empty dotted segment"},
            {"'mart', 'mart.'", "empty dotted segment"}};
        for (String[] c : cases) {
            CliRun run = compile(project(CRM + "\nmart:\n  connector: localfiles\n", "p",
                    "INSERT INTO {{ sink(" + c[0] + ") }} select 1\n"));
            assertThat(run.exitCode()).as(c[0]).isEqualTo(2);
            assertThat(run.err()).as(c[0]).contains(c[1]);
        }
        CliRun two = compile(project(CRM, "p", "INSERT INTO {{ sink('lake', 'a', strategy: 'upsert', duplicates: "
                + "'ignore') }} select 1\n"));
        assertThat(LoaderFidelityTest.errors(two)).hasSize(2);
        for (String kwarg : new String[] {"table", "schema"}) {
            String error = error(project(CRM + "\nmart:\n  connector: localfiles\n", "p", "INSERT INTO {{ sink('mart', "
                    + "'orders', " + kwarg + ": 'dbo') }} select 1\n"), "PZ0348");
            assertThat(error).contains("'" + kwarg + "'").contains("'schema.table'");
        }
        assertThat(errors(project(CRM, "p", "INSERT INTO {{ sink('lake', 'a', max_concurrency: 4) }} select 1\n"),
                "PZ0122")).hasSize(1);
        assertThat(error(project(CRM, "p", "-- leading comment\nINSERT INTO {{ sink('lake', 'a', strategy: 'upsert') }}"
                + "\nselect 1\n"), "PZ0334")).contains("(pipelines/p.sql:2)");
    }

    // SO1, SO2, SO3, SO4, SO5, SO6, SO7
    @Test
    void sourceKeywordArgumentsBindByNameAndMisplacedOnesAreRefused() {
        TestProject project = project("crm:\n  connector: localfiles\n", "a", "select 1 from {{ source('crm', "
                + "'dbo.orders', format: 'csv', path: 'o.csv', retry: { max_attempts: 3 }) }}\n");
        compiled(project);
        assertThat(project.read(".pz/target/compiled/a.sql")).contains("staging.src_crm__dbo_orders");
        String[][] cases = {{"rate_limit: { requests_per_minute: 60 }", "PZ0318"}, {"max_concurrency: 4", "PZ0318"},
            {"table: 'orders'", "PZ0348"}, {"schema: 'dbo'", "PZ0348"}, {"incremental: { cursor: 'id' }", "PZ0332"},
            {"columns: ['id']", "PZ0101"}, {"retry: { max_attempts: 0 }", "PZ0121"}};
        for (String[] c : cases) {
            assertThat(errors(project("crm:\n  connector: localfiles\n", "a", "select 1 from {{ source('crm', 'orders', "
                    + c[0] + ") }}\n"), c[1])).as(c[0]).hasSize(1);
        }
        assertThat(errors(project("crm:\n  connector: localfiles\n", "a", "select 1 from {{ source('crm', "
                + "'raw..orders') }}\n"), "PZ0344")).hasSize(1);
        assertThat(error(project("crm:\n  connector: localfiles\n", "a", "-- lead\nselect 1 from {{ source('crm', "
                + "'orders', sync: { mode: 'bogus' }) }}\n"), "PZ0334")).contains("(pipelines/a.sql:2)");
        assertThat(LoaderFidelityTest.errors(compile(project("crm:\n  connector: localfiles\n", "a", "select 1 from "
                + "{{ source('crm', 'a', sync: { mode: 'bogus' }) }} join {{ source('crm', 'b', table: 'x') }} on true\n"))))
                .hasSize(2);
        List<String> onePass = LoaderFidelityTest.errors(compile(project(CRM, "a", "INSERT INTO {{ sink('lake', 'out', "
                + "strategy: 'upsert') }}\nselect 1 from {{ source('crm', 'orders', table: 'x') }}\n")));
        assertThat(onePass).anySatisfy(e -> assertThat(e).contains("PZ0334"))
                .anySatisfy(e -> assertThat(e).contains("PZ0348"));
    }

    // TR2, TR3, TR4, TR5
    @Test
    void theTemplateLanguageResolvesVarsEnvLoopsAndRunConstantsAndRefusesUnknownNames() {
        TestProject project = project(CRM, "x", "select '{{ env('REGION') }}' as region, {{ var('min_amount') }} as m"
                + "{{ for s in var('statuses') }} union select '{{ s }}', 0{{ end }}\n", "y",
                "select * from {{ this }}\n")
                .projectYml("t", "vars:\n  min_amount: 10\n  statuses: [shipped, returned]");
        CliRun run = CliRun.pzWithEnv(Map.of("REGION", "eu-west-1"), project.path(), "compile");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        String sql = project.read(".pz/target/compiled/x.sql");
        assertThat(sql).contains("'eu-west-1' as region", "10 as m", "'shipped'", "'returned'");
        assertThat(project.read(".pz/target/compiled/y.sql")).contains("staging.y");
        assertThat(CliRun.pzWithEnv(Map.of("REGION", "eu-west-1"), project.path(), "compile").exitCode()).isZero();
        assertThat(project.read(".pz/target/compiled/x.sql")).isEqualTo(sql);
        assertThat(error(project(CRM, "x", "select {{ date.now }}\n"), "PZ0104")).contains("(pipelines/x.sql");
        assertThat(errors(project(CRM, "x", "select {{ sink }}\n"), "PZ0104")).hasSize(1);
    }

    // DW1, DW2, DW4, DW5, DW6, DW7, WI1, WI3, WI5, WI6, TR6 (the sentinel compiled SQL shows)
    @Test
    void sqlDeclaredWatermarksAreInferredOrRefused() {
        String contract = "crm:\n  connector: localfiles\n  entities:\n    orders:\n      read:\n        path: o.csv\n"
                + "        format: csv\n        columns:\n          updated_at: timestamp\n          id: bigint\n"
                + "\nlake:\n  connector: localfiles\n";
        String merge = "INSERT INTO {{ sink('lake', 'orders', strategy: 'merge', keys: ['id'], format: 'parquet') }}\n";
        TestProject ok = project(contract, "orders_curated", merge + "select * from {{ source('crm', 'orders') }} "
                + "where updated_at > {{ watermark('crm', 'orders') }}\n");
        compiled(ok);
        String compiledSql = ok.read(".pz/target/compiled/orders_curated.sql");
        assertThat(compiledSql).contains("-- incremental: crm.orders (cursor updated_at, declared in SQL)",
                "updated_at > '__pz_watermark__crm__orders__'");
        compiled(ok);
        assertThat(ok.read(".pz/target/compiled/orders_curated.sql")).isEqualTo(compiledSql);

        compiled(project(contract.replace("        columns:\n          updated_at: timestamp\n          id: bigint\n", ""),
                "orders_curated", merge + "select * from {{ source('crm', 'orders') }} where updated_at > "
                        + "{{ watermark('crm', 'orders') }}\n"));
        assertThat(errors(project(contract.replace("          updated_at: timestamp\n", ""), "orders_curated", merge
                + "select * from {{ source('crm', 'orders') }} where updated_at > {{ watermark('crm', 'orders') }}\n"),
                "PZ0227")).singleElement().satisfies(e -> assertThat(e).contains("updated_at"));
        assertThat(error(project(contract, "orders_curated", merge + "select * from {{ source('crm', 'orders') }} "
                + "where updated_at + interval 1 day > {{ watermark('crm', 'orders') }}\n"), "PZ0224"))
                .contains("orders_curated", "(pipelines/orders_curated.sql");
        assertThat(errors(project(contract, "orders_curated", "INSERT INTO {{ sink('lake', 'orders', strategy: 'append', "
                + "format: 'parquet') }}\nselect * from {{ source('crm', 'orders') }} where updated_at > "
                + "{{ watermark('crm', 'orders') }}\n"), "PZ0214")).hasSize(1);
        assertThat(error(project(contract.replace("    orders:\n", "    customers:\n      read:\n        path: c.csv\n"
                + "        format: csv\n        columns:\n          updated_at: timestamp\n          id: bigint\n"
                + "    orders:\n"), "p", merge + "select c.id from {{ source('crm', 'customers') }} c where c.updated_at > "
                + "{{ watermark('crm', 'orders') }}\n"), "PZ0224")).contains("does not read");
        assertThat(errors(project(contract.replace("          id: bigint\n", "          id: bigint\n        sync:\n"
                + "          mode: incremental\n          cursor: updated_at\n"), "orders_curated", merge + "select * "
                + "from {{ source('crm', 'orders') }} where updated_at > {{ watermark('crm', 'orders') }}\n"), "PZ0225"))
                .hasSize(1);

        TestProject inEphemeral = project(contract, "orders_filtered", "select * from {{ source('crm', 'orders') }} "
                + "where updated_at > {{ watermark('crm', 'orders') }}\n", "orders_curated", merge
                + "select * from {{ ref('orders_filtered') }}\n")
                .file("pipelines/configs/orders_filtered.yml", "pipeline: orders_filtered\nmaterialization: ephemeral\n");
        compiled(inEphemeral);
        assertThat(manifest(inEphemeral)).doesNotContainKey("orders_filtered");
        assertThat(inEphemeral.read(".pz/target/compiled/orders_curated.sql"))
                .contains("-- incremental: crm.orders (cursor updated_at, declared in SQL)");
    }

    // UO1, UO2: deliberate differences (see docs/port-differences.md): the port's template integers are 64-bit and
    // its division by zero is an error, so both are refused with PZ0104 where the call is written; a decimal written
    // as such compiles with a stable id.
    @Test
    void kwargValuesTheTemplateLanguageCannotHoldAreRefusedWhereTheyAreWritten() {
        CliRun huge = compile(project("crm:\n  connector: localfiles\n", "stg", "select * from {{ source('crm', "
                + "'orders', max_id: 99999999999999999999999999999999999999) }}\n"));
        assertThat(huge.exitCode()).isEqualTo(2);
        assertThat(huge.err()).contains("PZ0104", "too large", "(pipelines/stg.sql:1)", " — hint: ");
        CliRun infinite = compile(project("crm:\n  connector: localfiles\n", "stg", "select * from {{ source('crm', "
                + "'orders', ratio: 1.0 / 0.0) }}\n"));
        assertThat(infinite.exitCode()).isEqualTo(2);
        assertThat(infinite.err()).contains("PZ0104", "division by zero", "(pipelines/stg.sql:1)");
        TestProject decimal = project("crm:\n  connector: localfiles\n", "stg", "select * from {{ source('crm', "
                + "'orders', max_id: 99999999999999999999999999999999999999.0) }}\n");
        compiled(decimal);
        String id = manifest(decimal).get("src_crm__orders").get("id").asText();
        compiled(decimal);
        assertThat(manifest(decimal).get("src_crm__orders").get("id").asText()).isEqualTo(id);
    }

    // EN1, EN2, ID2
    @Test
    void entityAndPipelineNamesAreCheckedForShape() {
        for (String good : new String[] {"orders", "dbo.orders", "raw.orders_2024", "/v2/events", "repos/acme/pz/issues",
            "orders-current"}) {
            compiled(project("crm:\n  connector: localfiles\n  entities:\n    \"" + good + "\":\n      read:\n"
                    + "        path: o.csv\n        format: csv\n", "a", "select 1 from {{ source('crm', '" + good
                    + "') }}\n"));
        }
        String[][] bad = {{".orders", "has an empty dotted segment"}, {"dbo.", "has an empty dotted segment"},
            {"dbo..orders", "has an empty dotted segment"}, {"dbo orders", "contains whitespace"}};
        for (String[] b : bad) {
            assertThat(error(project("crm:\n  connector: localfiles\n  entities:\n    \"" + b[0] + "\":\n      read:\n"
                    + "        path: o.csv\n", "a", "select 1\n"), "PZ0344")).as(b[0]).contains(b[1]);
        }
        String[][] names = {{"01_load", "load_01"}, {"daily-orders", "daily_orders"}, {"2024_report", "report_2024"},
            {"my.pipeline", "my_pipeline"}};
        for (String[] n : names) {
            String error = error(project(CRM, n[0], "select 1\n"), "PZ0136");
            assertThat(error).as(n[0]).contains("not a valid identifier", n[1]);
        }
    }
    // PM4, WI2, WI4: a watermark() needs an ordered cursor of a dataset the pipeline reads, compared on that table
    @Test
    void aSqlWatermarkMustTraceToAnOrderedCursorOfItsOwnSource() {
        String two = "crm:\n  connector: localfiles\n  entities:\n    orders:\n      read:\n        path: o.csv\n"
                + "        format: csv\n        columns:\n          updated_at: timestamp\n          id: bigint\n"
                + "    customers:\n      read:\n        path: c.csv\n        format: csv\n        columns:\n"
                + "          updated_at: timestamp\n          id: bigint\n\nlake:\n  connector: localfiles\n";
        String merge = "INSERT INTO {{ sink('lake', 'out', strategy: 'merge', keys: ['id'], format: 'parquet') }}\n";
        assertThat(error(project(two, "p", merge + "select o.id from {{ source('crm', 'orders') }} o join {{ source('crm',"
                + " 'customers') }} c on o.id = c.id where c.updated_at > {{ watermark('crm', 'orders') }}\n"), "PZ0224"))
                .contains("does not trace to");
        List<String> both = errors(project(two, "a", merge.replace("'out'", "'a'") + "select * from {{ source('crm', "
                + "'orders') }} where updated_at + interval 1 day > {{ watermark('crm', 'orders') }}\n", "b",
                merge.replace("'out'", "'b'") + "select * from {{ source('crm', 'customers') }} where updated_at + "
                        + "interval 1 day > {{ watermark('crm', 'customers') }}\n"), "PZ0224");
        assertThat(both).hasSize(2);
        assertThat(both.get(0)).contains("(pipelines/a.sql");
        assertThat(both.get(1)).contains("(pipelines/b.sql");
        assertThat(errors(project(two.replace("          id: bigint\n    customers", "          id: bigint\n"
                + "        sync:\n          mode: auto\n    customers"), "p", merge + "select * from {{ source('crm', "
                + "'orders') }} where updated_at > {{ watermark('crm', 'orders') }}\n"), "PZ0315")).hasSize(1);
    }

    // ID1 and TR5: reserved words are fine as pipeline names; run_started_at renders in round-trip form
    @Test
    void reservedWordsAreValidNamesAndRunStartedAtIsRoundTripFormatted() {
        TestProject project = project(CRM, "order", "select '{{ run_started_at }}' as s, '{{ run_id }}' as r\n",
                "_private", "select * from {{ ref('order') }}\n", "A", "select 1 as x\n");
        compiled(project);
        assertThat(project.read(".pz/target/compiled/order.sql"))
                .containsPattern("'\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{7}\\+00:00' as s");
        assertThat(error(project(CRM, "café", "select 1\n"), "PZ0136")).contains("not a valid identifier", "caf");
    }
}
