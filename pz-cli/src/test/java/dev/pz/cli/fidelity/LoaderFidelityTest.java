package dev.pz.cli.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.cli.CliRun;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What loading project.yml, connections.yml and the sidecars refuses or accepts, through {@code pz
 * compile} / {@code pz ls} / {@code pz validate}, as the reference's ProjectLoaderTests,
 * ConnectionsLoaderTests, ProjectFileStrictnessTests, SyncModeLoaderTests, EnvInterpolatorTests,
 * YamlMapperTests, RetiredEntityQualifierTests, StateConfigTests and PzErrorTests pin it.
 */
class LoaderFidelityTest {
    private static final String PIPELINE = "select * from {{ source('pg', 'orders') }}\n";

    @TempDir
    Path temp;

    private int projects;

    private TestProject project(String projectExtra, String connections) {
        TestProject project = TestProject.in(temp.resolve("p" + projects++))
                .file("project.yml", "name: t\nversion: \"1\"\n" + projectExtra);
        return connections == null ? project : project.file("connections.yml", connections);
    }

    private static CliRun compile(TestProject project) {
        return CliRun.pz(project.path(), "compile");
    }

    /** The errors printed, one entry per error (a hint may span lines). */
    static List<String> errors(CliRun run) {
        return List.of(run.err().split("\n(?=error |warning: )"));
    }

    /** Compiling fails with exit 2 and one error carrying {@code code} and every fragment. */
    private static void refused(TestProject project, String code, String... fragments) {
        CliRun run = compile(project);
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(errors(run)).as(run.toString()).anySatisfy(line -> {
            assertThat(line).startsWith("error " + code + ": ");
            for (String fragment : fragments) {
                assertThat(line).contains(fragment);
            }
        });
    }

    private static String pg(String instanceLines, String entityLines) {
        return "pg:\n  connector: postgres\n  host: h\n" + instanceLines + "  entities:\n    orders:\n      read:\n"
                + entityLines;
    }

    // PE1: the error line shape
    @Test
    void everyErrorLineHasCodeWhatFileLineAndHint() {
        CliRun run = compile(project("engine:\n  threads: 0\n", null));
        assertThat(run.errLines()).singleElement().satisfies(line -> assertThat(line)
                .matches("error PZ0120: .+ \\(project\\.yml(:\\d+)?\\) — hint: threads must be >= 1"));
    }

    // PL8, PF1, PF2
    @Test
    void unreadableEngineValuesArePz0120NamingTheKey() {
        for (String line : new String[] {"threads: 0", "threads: -1", "threads: banana", "threads: 99999999999",
            "batch_bytes: many", "force_universal: yes", "check_samples: sure", "duckdb: fast"}) {
            refused(project("engine:\n  " + line + "\n", null), "PZ0120", line.substring(0, line.indexOf(':')));
        }
        refused(project("engine:\n  threads: 0\n", null), "PZ0120", "project.yml", "0");
        refused(project("engine: banana\n", null), "PZ0120");
    }

    // PL10
    @Test
    void batchBytesOutOfRangeNamesTheRange() {
        for (String value : new String[] {"1023", "1073741825"}) {
            refused(project("engine:\n  batch_bytes: " + value + "\n", null), "PZ0120", value, "1048576", "536870912");
        }
    }

    // PL9, PF7, PF8
    @Test
    void documentedKeysAndBodylessBlocksLoad() {
        for (String extra : new String[] {"engine:\n  force_universal: true\n  check_samples: false\n",
            "pz: \">=0.1 <1.0\"\n", "vars:\nengine:\nconnectors:\n"}) {
            CliRun run = compile(project(extra, null));
            assertThat(run.exitCode()).as(extra + run).isZero();
        }
    }

    // PF3, PF4, PF5, PF6
    @Test
    void malformedProjectBlocksAreRefusedByName() {
        refused(project("vars:\n  - 1\n  - 2\n", null), "PZ0102", "vars");
        refused(project("connectors: banana\n", null), "PZ0101", "connectors");
        refused(project("connectors:\n  - banana\n", null), "PZ0101");
        refused(project("frobnicate: true\n", null), "PZ0101", "frobnicate");
        CliRun outputs = compile(project("outputs:\n  dev:\n    threads: 1\n", null));
        assertThat(outputs.err()).contains("PZ0347");
        assertThat(outputs.errLines()).filteredOn(l -> l.contains("PZ0347")).singleElement()
                .satisfies(line -> assertThat(line.substring(line.indexOf(" — hint: "))).contains("connections.yml"));
    }

    // PL14, YM1, YM2
    @Test
    void malformedYamlIsPz0101NamingTheFile() {
        refused(project("", "files:\n  connector: localfiles\n   bad: [\n"), "PZ0101", "connections.yml");
        refused(TestProject.in(temp.resolve("cyclic")).file("project.yml", "name: t\nversion: \"1\"\nvars:\n  a: &a\n"
                + "    self: *a\n"), "PZ0101", "project.yml");
        assertThat(compile(TestProject.in(temp.resolve("cyclic"))).err()).containsIgnoringCase("alias");
        refused(TestProject.in(temp.resolve("unclosed")).file("project.yml", "name: [unclosed\nversion 0.1.0\n"),
                "PZ0101", "project.yml");
        StringBuilder bomb = new StringBuilder("name: t\nversion: \"1\"\nvars:\n  a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for (int i = 1; i < 8; i++) {
            String alias = "*a" + (i - 1);
            bomb.append("  a").append(i).append(": &a").append(i).append(" [")
                    .append(String.join(", ", java.util.Collections.nCopies(10, alias))).append("]\n");
        }
        CliRun expanded = compile(TestProject.in(temp.resolve("bomb")).file("project.yml", bomb.toString()));
        assertThat(expanded.exitCode()).as(expanded.toString()).isEqualTo(2);
        assertThat(expanded.err()).contains("PZ0101").containsIgnoringCase("alias");
    }

    // YM3, YM4, YM5 through vars: quoted scalars stay strings, plain ones are typed, shared aliases load, a
    // quoted key is its text
    @Test
    void quotedScalarsStayStringsAndPlainOnesAreTyped() {
        TestProject project = project("vars:\n  quoted: \"0123456\"\n  plain: 0123456\n  version: \"1.10\"\n"
                + "  defaults: &d\n    x: 1\n  a: *d\n  b: *d\n  \"200\": ok\n", null)
                .file("pipelines/p.sql", "select '{{ var('quoted') }}' as q, {{ var('plain') }} as p, "
                        + "'{{ var('version') }}' as v, {{ var('a').x }} as a, {{ var('b').x }} as b, "
                        + "'{{ var('200') }}' as k\n");
        CliRun run = compile(project);
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(project.read(".pz/target/compiled/p.sql"))
                .contains("'0123456' as q", "123456 as p", "'1.10' as v", "1 as a", "1 as b", "'ok' as k");
    }

    // PL4, EI1 (the error names the variable, never a value)
    @Test
    void aMissingEnvironmentVariableIsPz0103NamingIt() {
        CliRun run = CliRun.pzWithEnv(Map.of("OUT_DIR", "/tmp/pz-out"), Catalogue.f02(temp).path(), "compile");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).anySatisfy(line -> assertThat(line).startsWith("error PZ0103: ")
                .contains("DATA_DIR", "connections.yml"));
    }

    // PL6, CO2, EI1: whole-value references are typed by what they substitute, quoted and embedded stay text,
    // $${X} is a literal
    @Test
    void environmentReferencesAreTypedByShapeAndEscapable() {
        TestProject project = project("vars:\n  min_amount: ${MIN}\n  label: prefix-${MIN}\n  quoted: \"${MIN}\"\n"
                + "  literal: $${NOT_A_VAR}\n  mixed: $${A}${B}\n", null)
                .file("pipelines/p.sql", "select {{ var('min_amount') + 1 }} as n, '{{ var('label') }}' as l, "
                        + "'{{ var('quoted') }}' as q, '{{ var('literal') }}' as x, '{{ var('mixed') }}' as m\n");
        CliRun run = CliRun.pzWithEnv(Map.of("MIN", "25", "B", "b1"), project.path(), "compile");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(project.read(".pz/target/compiled/p.sql"))
                .contains("26 as n", "'prefix-25' as l", "'25' as q", "'${NOT_A_VAR}' as x", "'${A}b1' as m");
    }

    // PL5
    @Test
    void varsOverridesWinAndTheRestSurvive() {
        TestProject project = Catalogue.f02(temp);
        Map<String, String> env = Catalogue.F02_ENV;
        CliRun run = CliRun.pzWithEnv(env, project.path(), "compile", "--vars", "{\"min_amount\": 25}");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(project.read(".pz/target/compiled/stg_orders.sql")).contains("where amount >= 25");
    }

    // CO3, CW2, SH7 (a warning is "warning: <code> <what> (<file>) — <next step>")
    @Test
    void anEnvironmentReferenceUnderEntitiesStaysLiteralWithAWarning() {
        TestProject project = project("", "lake:\n  connector: localfiles\n  entities:\n    orders:\n      read:\n"
                + "        path: ${API_URL}\n        format: csv\n")
                .file("pipelines/p.sql", "select * from {{ source('lake', 'orders') }}\n");
        CliRun run = CliRun.pzWithEnv(Map.of("API_URL", "x.csv"), project.path(), "compile");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.err()).contains("PZ0133", "lake", "API_URL");
        assertThat(run.errLines()).singleElement().satisfies(line -> assertThat(line)
                .matches("warning: PZ0133 .+ \\(connections\\.yml\\) — .+"));
    }

    // PL7
    @Test
    void aDuplicatePipelineNameIsPz0110() {
        TestProject project = project("", null).file("pipelines/stg_orders.sql", "select 1\n")
                .file("pipelines/sub/stg_orders.sql", "select 2\n");
        refused(project, "PZ0110", "stg_orders");
    }

    // PL15, SM7
    @Test
    void theRetiredIncrementalKeyIsPz0332WithTheExactRewrite() {
        TestProject project = project("", pg("", "        incremental:\n          cursor: id\n"))
                .file("pipelines/p.sql", PIPELINE);
        refused(project, "PZ0332", "incremental", "sync:\n          mode: incremental\n          cursor: id");
    }

    // PL16, CO5, DP1 (durations), SO6
    @Test
    void invalidRetryBlocksArePz0121() {
        for (String retry : new String[] {"retry: nope", "retry:\n    max_attempts: 0", "retry:\n    max_attempts: eight",
            "retry:\n    base_delay: fast", "retry:\n    base_delay: 0s", "retry:\n    max_delay: -3s",
            "retry:\n    base_delay: 5m\n    max_delay: 2s", "retry: { max_attempts: 3, bogus: 1 }",
            "retry:\n    base_delay: 5S", "retry:\n    base_delay: 5m2s", "retry:\n    base_delay: 1.5s"}) {
            refused(project("", pg("  " + retry + "\n", "")).file("pipelines/p.sql", PIPELINE), "PZ0121",
                    "connections.yml");
        }
        refused(project("", pg("", "        retry:\n          max_attempts: 0\n")).file("pipelines/p.sql", PIPELINE),
                "PZ0121", "entity 'orders'");
        refused(project("", pg("  retry: { max_attempts: 3, bogus: 1 }\n", "")).file("pipelines/p.sql", PIPELINE),
                "PZ0121", "bogus");
        for (String ok : new String[] {"500ms", "2s", "90s", "5m", "1h", "1d"}) {
            CliRun run = compile(project("", pg("  retry:\n    base_delay: " + ok + "\n", ""))
                    .file("pipelines/p.sql", PIPELINE));
            assertThat(run.exitCode()).as(ok + run).isZero();
        }
    }

    // PL17, PL18, SM2, SM3, SM5, SM6, SM8, SM9
    @Test
    void syncBlocksAreValidatedWithTheirOwnCode() {
        String[][] cases = {
            {"        sync: {}\n", "missing required field 'mode'", "delete it"},
            {"        sync:\n          mode: auto\n          cursor: id\n", "mode 'auto' accepts no other keys"},
            {"        sync:\n          mode: incremental\n", "'cursor'"},
            {"        sync:\n          mode: bogus\n", "incremental, cdc, auto"},
            {"        sync:\n          mode: incremental\n          cursor: id\n          slot: foo\n",
                "unknown 'sync' key 'slot'"},
            {"        sync:\n          mode: incremental\n          cursor: id\n          max_window: [1d]\n"},
            {"        sync:\n          mode: incremental\n          cursor: id\n          initial: {a: 1}\n"}};
        for (String[] c : cases) {
            String[] fragments = java.util.Arrays.copyOfRange(c, 1, c.length);
            refused(project("", pg("", c[0])).file("pipelines/p.sql", PIPELINE), "PZ0334", fragments);
        }
        CliRun scalar = compile(project("", pg("", "        sync: \"scalar\"\n")).file("pipelines/p.sql", PIPELINE));
        assertThat(scalar.err()).contains("PZ0334", "sync:\n  mode: incremental\n  cursor: <column>");
        CliRun both = compile(project("", "pg:\n  connector: postgres\n  host: h\n  entities:\n    orders:\n      read:\n"
                + "        incremental:\n          cursor: id\n    customers:\n      read:\n        sync:\n"
                + "          mode: bogus\n").file("pipelines/p.sql", PIPELINE));
        assertThat(both.errLines()).anySatisfy(l -> assertThat(l).contains("PZ0332"))
                .anySatisfy(l -> assertThat(l).contains("PZ0334"));
    }

    // PL19, CO7
    @Test
    void invalidInstanceTuningIsRefused() {
        for (String bad : new String[] {"max_concurrency: 0", "max_concurrency: -3", "max_concurrency: two"}) {
            refused(project("", pg("  " + bad + "\n", "")).file("pipelines/p.sql", PIPELINE), "PZ0122");
        }
        refused(project("", pg("  allow_unsigned_extensions: yolo\n", "")).file("pipelines/p.sql", PIPELINE),
                "PZ0101", "pg", "allow_unsigned_extensions");
    }

    // PL22, PL23, PL24, PL26
    @Test
    void invalidChecksArePz0113NamingThePipelineAndTheSidecar() {
        String[][] cases = {{"- bogus: [id]", "unknown check type 'bogus'"}, {"- not_null: []", "declares no columns"},
            {"- unique: []", "declares no columns"}, {"- row_count: { }", "at least one of min/max"},
            {"- row_count: { min: 10, max: 2 }", "exceeds max"}, {"- row_count: { min: abc }", "must be an integer"},
            {"- freshness: { max_age: 24h }", "exactly one 'column'"},
            {"- freshness: { column: u }", "must be a positive duration"},
            {"- freshness: { column: u, max_age: nope }", "must be a positive duration"},
            {"- freshness: { column: u, max_age: 0s }", "must be a positive duration"},
            {"- accepted_values: { values: [a] }", "exactly one 'column'"},
            {"- accepted_values: { column: s }", "must be a non-empty list"},
            {"- accepted_values: { column: s, values: [] }", "must be a non-empty list"},
            {"- custom_sql: { sql: select 1 }", "requires 'name'"},
            {"- custom_sql: { name: Bad-Name, sql: select 1 }", "requires 'name'"},
            {"- custom_sql: { name: ok }", "non-empty 'sql'"},
            {"- not_null: { columns: [id], stray: 1 }", "unknown option 'stray'"},
            {"- freshness: { column: u, max_age: 1h, stray: 1 }", "unknown option 'stray'"},
            {"- freshness: { column: [a, b], max_age: 24h }", "must be a single column name"},
            {"- freshness: { column: \"\", max_age: 24h }", "must be a single column name"},
            {"- custom_sql: { name: ok, sql: select 1, columns: [id] }", "does not take columns"},
            {"- freshness", "must be a mapping"}, {"- {}", "must be a mapping"},
            {"- not_null: [id]\n    unique: [id]", "one check per list item", "not_null", "unique"},
            {"- custom_sql: { name: same, sql: select 1 }\n  - custom_sql: { name: same, sql: select 2 }",
                "duplicate custom_sql name 'same'"},
            {"- not_null: [id]\n  - unique: [id]\n  - not_null: [id]", "duplicate not_null check"},
            {"- not_null: { column: id, columns: [id] }", "both 'column' and 'columns'"}};
        for (String[] c : cases) {
            TestProject project = project("", null).file("pipelines/p.sql", "select 1 as id\n")
                    .file("pipelines/configs/p.yml", "pipeline: p\nchecks:\n  " + c[0] + "\n");
            String[] fragments = new String[c.length];
            System.arraycopy(c, 1, fragments, 0, c.length - 1);
            fragments[c.length - 1] = "pipeline 'p'";
            refused(project, "PZ0113", fragments);
            assertThat(compile(project).err()).as(c[0]).contains("(pipelines/configs/p.yml");
        }
        CliRun three = compile(project("", null).file("pipelines/p.sql", "select 1 as id\n").file(
                "pipelines/configs/p.yml", "pipeline: p\nchecks:\n  - bogus: [id]\n  - freshness: { column: u, max_age: "
                        + "nope }\n  - custom_sql: { sql: select 1 }\n"));
        assertThat(three.errLines()).filteredOn(l -> l.contains("PZ0113")).hasSize(3);
    }

    // PL21, PL25, PL2
    @Test
    void validChecksBecomeNamedNodes() {
        TestProject project = project("", null).file("pipelines/p.sql", "select 1 as id, now() as updated_at, 'a' as "
                + "status\n").file("pipelines/configs/p.yml", "pipeline: p\ntags: [daily, crm]\nchecks:\n"
                + "  - freshness: { column: updated_at, max_age: 24h }\n  - accepted_values: { column: status, values: "
                + "[a, b] }\n  - custom_sql:\n      name: no_negatives\n      sql: select * from staging.p where id < 0\n"
                + "  - row_count: { min: 1 }\n  - row_count: { max: 10 }\n");
        CliRun ls = CliRun.pz(project.path(), "ls");
        assertThat(ls.exitCode()).as(ls.toString()).isZero();
        assertThat(ls.out()).contains("check_p_freshness_updated_at", "check_p_accepted_values_status",
                "check_p_no_negatives", "check_p_row_count", "check_p_row_count_2", "daily,crm");
    }

    // PL27, PL28
    @Test
    void retentionAcceptsOffSpellingsAndRefusesTheRestAlongsideOtherErrors() {
        for (String off : new String[] {"off", "Off", "OFF", "no", "false", "FALSE"}) {
            CliRun run = compile(project("retention: " + off + "\n", null));
            assertThat(run.exitCode()).as(off + run).isZero();
        }
        for (String bad : new String[] {"retention:\n  keep_last: 0\n", "retention:\n  keep_last: -1\n",
            "retention:\n  keep_last: nope\n", "retention:\n  nothing: 3\n", "retention: on\n", "retention: maybe\n"}) {
            refused(project(bad, null), "PZ0123");
        }
        CliRun both = compile(project("engine:\n  threads: 0\n\nretention:\n  keep_last: 0\n", null));
        assertThat(both.errLines()).anySatisfy(l -> assertThat(l).contains("PZ0123"))
                .anySatisfy(l -> assertThat(l).contains("PZ0120"));
    }

    // PL29
    @Test
    void onSourceDriftAcceptsItsValuesAndRefusesOthers() {
        for (String policy : new String[] {"warn", "fail", "ignore"}) {
            assertThat(compile(project("on_source_drift: " + policy + "\n", null)).exitCode()).as(policy).isZero();
        }
        refused(project("on_source_drift: banana\n", null), "PZ0126", "project.yml");
    }

    // CO6, CO11, CO12, CO13, CO14, CO19
    @Test
    void malformedConnectionsAreShapeErrorsNamingWhatIsWrong() {
        refused(project("", "warehouse:\n  connector: postgres\n  host: h\n  entities: nope\n"), "PZ0101", "entities");
        refused(project("", "warehouse:\n  connector: postgres\n  host: h\n  entities:\n    raw.orders: {}\n"), "PZ0101",
                "raw.orders");
        refused(project("", "warehouse:\n  connector: postgres\n  host: h\n  entities:\n    raw.orders:\n"
                + "      reed: { columns: { id: bigint } }\n"), "PZ0101", "reed");
        refused(project("", "warehouse:\n  connector: postgres\n  host: h\n  entities:\n    \"raw.\":\n      read: {}\n"),
                "PZ0344", "empty dotted segment");
        refused(project("", "warehouse:\n  host: h\n"), "PZ0101", "warehouse", "connector");
        for (String columns : new String[] {"columns: [id, amount]", "columns: 42"}) {
            refused(project("", pg("", "        " + columns + "\n")).file("pipelines/p.sql", PIPELINE), "PZ0101",
                    "columns", "mapping");
        }
        refused(project("", pg("", "        columns:\n          id: { nested: true }\n")).file("pipelines/p.sql",
                PIPELINE), "PZ0101", "id");
    }

    // CO20, CO17, SC1
    @Test
    void aBodylessColumnsKeyMeansNoContractAndNoConnectionsFileMeansNoConnections() {
        CliRun bodyless = compile(project("", pg("", "        columns:\n")).file("pipelines/p.sql", PIPELINE));
        assertThat(bodyless.exitCode()).as(bodyless.toString()).isZero();
        CliRun none = compile(project("", null));
        assertThat(none.exitCode()).as(none.toString()).isZero();
    }

    // CO15
    @Test
    void anUnknownSchemaPolicySuggestsTheNearMiss() {
        refused(project("", "mart:\n  connector: postgres\n  host: h\n  entities:\n    mart.orders_current:\n"
                + "      write:\n        schema_policy: aditive\n"), "PZ0334", "fail_on_change, additive, evolve",
                "did you mean 'additive'");
    }

    // CO18
    @Test
    void leftoverSourcesAndSinksDirectoriesArePz0346WithTheBlockToWrite() {
        CliRun sources = compile(project("", "lake:\n  connector: localfiles\n").file("sources/crm.yml",
                "source: crm\nconnector: localfiles\nconnection: {}\nmax_concurrency: 2\ndatasets:\n  customers:\n"
                        + "    path: data/customers.csv\n    format: csv\n    columns:\n      id: bigint\n"));
        assertThat(sources.exitCode()).isEqualTo(2);
        assertThat(sources.err()).contains("PZ0346");
        assertThat(sources.err().substring(sources.err().indexOf(" — hint: "))).contains("crm:", "connector: localfiles",
                "max_concurrency: 2", "entities:", "customers:", "read:", "path: data/customers.csv", "columns:",
                "id: bigint");
        assertThat(sources.err().substring(0, sources.err().indexOf(" — hint: "))).contains("sources/crm.yml");
        CliRun sinks = compile(project("", "lake:\n  connector: localfiles\n").file("sinks/warehouse.yml",
                "sink: warehouse\nconnector: postgres\nconnection:\n  host: h\n"));
        assertThat(sinks.err()).contains("PZ0346", "warehouse:", "host: h");
    }

    // CO21
    @Test
    void aDbtStyleOutputsBlockIsPz0347NotAConnection() {
        CliRun run = compile(project("", "warehouse:\n  connector: postgres\n  host: h\n\noutputs:\n  dev:\n"
                + "    threads: 1\n"));
        assertThat(run.errLines()).filteredOn(l -> l.contains("PZ0347")).singleElement()
                .satisfies(line -> assertThat(line.substring(0, line.indexOf(" — hint: "))).doesNotContain("connector"));
    }

    // RQ1, RQ2
    @Test
    void retiredQualifiersArePz0348WithTheEntityNameToUse() {
        String[][] cases = {{"table: orders_v2", "'orders_v2'"}, {"schema: dbo", "'dbo.orders'"},
            {"schema: dbo\n        table: orders_v2", "'dbo.orders_v2'"}};
        for (String[] c : cases) {
            CliRun run = compile(project("", pg("", "        " + c[0] + "\n")).file("pipelines/p.sql", PIPELINE));
            assertThat(run.errLines()).filteredOn(l -> l.contains("PZ0348")).singleElement()
                    .satisfies(line -> assertThat(line).contains("entity 'orders'", c[1]));
        }
        CliRun dotted = compile(project("", "erp:\n  connector: postgres\n  host: h\n  entities:\n    dbo.orders:\n"
                + "      read:\n        partitions: 4\n").file("pipelines/p.sql", "select * from {{ source('erp', "
                + "'dbo.orders') }}\n"));
        assertThat(dotted.exitCode()).as(dotted.toString()).isZero();
    }

    // SC2 (local state only: the remote backends are not built)
    @Test
    void anUnknownStateBackendOrAKeyLocalDoesNotTakeIsPz0124() {
        refused(project("state:\n  backend: cassandra\n", null), "PZ0124");
        refused(project("state:\n  backend: local\n  schema: pz\n", null), "PZ0124");
    }

    // PA1: a relative root is anchored at the project directory, not the working directory
    @Test
    void aRelativeRootIsAnchoredAtTheProject() throws Exception {
        TestProject project = project("", "files:\n  connector: localfiles\n  root: data\n  entities:\n    orders:\n"
                + "      read:\n        path: orders.csv\n        format: csv\n\nlake:\n  connector: localfiles\n"
                + "  root: out\n").file("data/orders.csv", "id\n1\n2\n").file("pipelines/p.sql",
                "INSERT INTO {{ sink('lake', 'ids', strategy: 'replace', format: 'csv') }}\nselect id from "
                        + "{{ source('files', 'orders') }}\n");
        Reference.ok(project.path(), "run");
        assertThat(project.resolve("out/ids/ids.csv")).hasContent("id\n1\n2\n");
    }
    // SH1, SH2, SH3, SH4, SF1: --vars values keep their JSON types; an integer drives an integer option
    @Test
    void varsOverridesKeepTheirJsonTypes() {
        TestProject project = project("vars:\n  n: 1\n", "lake:\n  connector: localfiles\n")
                .file("pipelines/p.sql", "INSERT INTO {{ sink('lake', 'o', strategy: 'replace', format: 'csv', retry: "
                        + "{ max_attempts: var('n') }) }}\nselect '{{ var('tags')[1] }}' as t, {{ var('nested').inner }} as i\n");
        CliRun plan = CliRun.pz(project.path(), "plan", "--vars", "{\"n\": 3, \"tags\": [\"a\", \"b\"], \"nested\": "
                + "{\"inner\": 1}}");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out()).contains("retry: sink lake.o max_attempts=3");
        CliRun compile = CliRun.pz(project.path(), "compile", "--vars", "{\"tags\": [\"a\", \"b\"], \"nested\": "
                + "{\"inner\": 1}}");
        assertThat(compile.exitCode()).as(compile.toString()).isZero();
        assertThat(project.read(".pz/target/compiled/p.sql")).contains("'b' as t", "1 as i");
        assertThat(CliRun.pz(project.path(), "compile", "--vars", "{}").exitCode()).isEqualTo(2);
        assertThat(CliRun.pz(project.path(), "compile", "--vars", "{}").err()).contains("tags");
    }

    // PL20: max_rows_per_second is no pz key; it reaches the connector, whose options refuse it
    @Test
    void maxRowsPerSecondIsAConnectorOption() {
        TestProject project = project("", pg("", "        max_rows_per_second: 500\n")).file("pipelines/p.sql", PIPELINE);
        CliRun run = CliRun.pz(project.path(), "validate");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0301", "max_rows_per_second");
    }

    // SM4 (cdc is refused later, at planning; its sync block is still parsed)
    @Test
    void cdcSyncBlocksAreParsedWithTheirOwnKeys() {
        refused(project("", pg("", "        sync:\n          mode: cdc\n          cursor: id\n"))
                .file("pipelines/p.sql", PIPELINE), "PZ0334", "unknown 'sync' key 'cursor'");
        refused(project("", pg("", "        sync:\n          mode: cdc\n          slot: [a]\n"))
                .file("pipelines/p.sql", PIPELINE), "PZ0334", "'sync.slot' must be a scalar value");
    }
    // PL11, PL12, PL13: the run-control keys parse strictly (their behaviour at run time is not restated here)
    @Test
    void breakerNodeTimeoutAndFeedsAreCheckedAtLoad() {
        assertThat(compile(project("engine:\n  breaker:\n    failure_threshold: 5\n    cool_down: 2m\n  node_timeout: 45m\n",
                null)).exitCode()).isZero();
        refused(project("engine:\n  breaker:\n    failure_threshold: 0\n    cool_down: 2m\n", null), "PZ0120",
                "failure_threshold");
        refused(project("engine:\n  breaker:\n    failure_threshold: 9999999999\n    cool_down: 2m\n", null), "PZ0120",
                "must be between 1 and 2147483647");
        refused(project("engine:\n  breaker:\n    failure_threshold: 5\n    cool_down: fast\n", null), "PZ0120",
                "cool_down");
        CliRun empty = compile(project("engine:\n  breaker: {}\n", null));
        assertThat(LoaderFidelityTest.errors(empty)).filteredOn(e -> e.contains("PZ0120")).hasSize(2)
                .anySatisfy(e -> assertThat(e).contains("failure_threshold is missing"))
                .anySatisfy(e -> assertThat(e).contains("cool_down is missing"))
                .allSatisfy(e -> assertThat(e).doesNotContain("(got ''"));
        for (String timeout : new String[] {"soon", "0s", "30", "[1m]"}) {
            refused(project("engine:\n  node_timeout: " + timeout + "\n", null), "PZ0120", "engine.node_timeout");
        }
        CliRun feeds = compile(project("feeds:\n  - \"https://api.nuget.org/v3/index.json\"\n", null));
        assertThat(LoaderFidelityTest.errors(feeds)).anySatisfy(e -> assertThat(e).startsWith("error PZ0352: ")
                .contains("removed", "PZ_FEEDS"));
    }
    // CO4, CO7, CO16, PL17: instance tuning is pz's, not the connector's; rate_limit is checked and belongs to the
    // connection; numeric window fields read as their text. CO7 (deliberate difference): a well-formed rate_limit is
    // refused (PZ0317), since no connector of this build paces its requests.
    @Test
    void instanceTuningIsNotConnectorConfigAndIsCheckedWhereItBelongs() {
        TestProject tuned = project("", "pg:\n  connector: postgres\n  host: h\n  database: d\n  max_concurrency: 4\n"
                + "  retry: { max_attempts: 3 }\n"
                + "  allow_unsigned_extensions: true\n  entities:\n    orders:\n      read:\n        columns:\n"
                + "          id: bigint\n        sync:\n          mode: incremental\n          cursor: id\n"
                + "          max_window: 1000\n          initial: 100\n          until: 5000\n")
                .file("pipelines/p.sql", PIPELINE);
        CliRun validate = CliRun.pz(tuned.path(), "validate");
        assertThat(validate.exitCode()).as(validate.toString()).isZero();
        tuned.file("connections.yml", tuned.read("connections.yml").replace("  retry: { max_attempts: 3 }\n",
                "  rate_limit: { requests_per_minute: 600 }\n  retry: { max_attempts: 3 }\n"));
        CliRun paced = CliRun.pz(tuned.path(), "validate");
        assertThat(paced.exitCode()).as(paced.toString()).isEqualTo(2);
        assertThat(paced.err()).contains("error PZ0317: connection 'pg': ", "rate_limit").doesNotContain("PZ0301");
        refused(project("", pg("  rate_limit: { requests_per_minute: 60, bogus: 1 }\n", "")).file("pipelines/p.sql",
                PIPELINE), "PZ0318", "bogus");
        refused(project("", pg("", "        rate_limit: { requests_per_minute: 60 }\n")).file("pipelines/p.sql",
                PIPELINE), "PZ0318", "instance-level");
    }
}
