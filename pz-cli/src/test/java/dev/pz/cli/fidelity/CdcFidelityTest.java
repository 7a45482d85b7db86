package dev.pz.cli.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.cli.CliRun;
import dev.pz.testing.TestProject;
import dev.pz.testing.state.HttpStateServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz cdc status|drop} on projects without change capture, and where a cdc dataset may flow,
 * as the reference's CdcCommandTests and CdcCompileTests pin them. Nothing here reaches a server: the
 * verbs refuse before any connector opens and {@code pz compile} runs no connector.
 */
class CdcFidelityTest {
    /** crm (postgres): cdc datasets orders and shipments, a plain one; erp (localfiles): a full read; lake: the sink. */
    private static final String CONNECTIONS = database("crm", "postgres") + """
              entities:
                orders:
                  read:
                    sync: {mode: cdc}
                shipments:
                  read:
                    sync: {mode: cdc}
                plain:
                  read:
                    columns: {id: integer}
            erp:
              connector: localfiles
              root: data
              entities:
                orders:
                  read:
                    path: orders.csv
                    format: csv
            """ + database("lake", "postgres");
    private static final String JOIN = "select a.* from {{ source('crm', 'orders') }} a join {{ source('erp', 'orders') }} b"
            + " on a.id = b.id\n";

    @TempDir
    Path temp;

    /** A database connection no test reaches: nothing listens on port 1. */
    private static String database(String name, String connector) {
        return name + ":\n  connector: " + connector + "\n  host: localhost\n  port: 1\n  database: shop\n"
                + "  user: loader\n  password: never-connected\n";
    }

    private int projects;

    /** The localfiles project the reference's cdc verb tests run in: source files, dataset orders, no sync: block. */
    private TestProject files() {
        return TestProject.in(temp.resolve("files")).projectYml("retry_basic")
                .file("connections.yml", "files:\n  connector: localfiles\n  root: data\n  entities:\n    orders:\n"
                        + "      read:\n        path: orders.csv\n        format: csv\nlake:\n  connector: localfiles\n"
                        + "  root: out\n")
                .file("data/orders.csv", "id,amount\n1,2.50\n")
                .file("pipelines/totals.sql", "INSERT INTO {{ sink('lake', 'totals', format: 'csv') }}\n"
                        + "select id, amount from {{ source('files', 'orders') }}\n");
    }

    private TestProject cdc(String... pipelines) {
        TestProject project = TestProject.in(temp.resolve("cdc" + projects++)).projectYml("cdc_compile")
                .file("connections.yml", CONNECTIONS);
        for (int i = 0; i < pipelines.length; i += 2) {
            project.file("pipelines/" + pipelines[i] + ".sql", pipelines[i + 1]);
        }
        return project;
    }

    private static String into(String output, String options) {
        return "INSERT INTO {{ sink('lake', '" + output + "', " + options + ") }}\n";
    }

    private static List<String> refused(TestProject project) {
        CliRun compile = CliRun.pz(project.path(), "compile");
        assertThat(compile.exitCode()).as(compile.toString()).isEqualTo(2);
        return LoaderFidelityTest.errors(compile);
    }

    /** The one error of a refused compile, which must carry {@code code}. */
    private static String error(TestProject project, String code) {
        List<String> errors = refused(project);
        assertThat(errors).as(errors.toString()).hasSize(1);
        assertThat(errors.get(0)).startsWith("error " + code + ": ");
        return errors.get(0);
    }

    private static String hint(String error) {
        return error.substring(error.indexOf(" — hint: "));
    }

    private static void compiles(TestProject project) {
        CliRun compile = CliRun.pz(project.path(), "compile");
        assertThat(compile.exitCode()).as(compile.toString()).isZero();
    }

    // CDC1
    @Test
    void statusWithoutCdcDatasetsSaysSoAndSucceeds() {
        CliRun status = CliRun.pz(files().path(), "cdc", "status");
        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.out()).contains("no cdc datasets in this project");
    }

    // CDC2
    @Test
    void statusOutsideAProjectNamesProjectYml() throws IOException {
        CliRun status = CliRun.pz(Files.createDirectories(temp.resolve("empty")), "cdc", "status");
        assertThat(status.exitCode()).as(status.toString()).isEqualTo(2);
        assertThat(status.err()).contains("project.yml");
    }

    // CDC3, CDC4, CDC5
    @Test
    void dropTakesExactlyOneSourceDotDatasetTarget() {
        Path project = files().path();
        CliRun none = CliRun.pz(project, "cdc", "drop");
        assertThat(none.exitCode()).as(none.toString()).isEqualTo(2);
        assertThat(none.err()).contains("PZ0507", "pz cdc drop <source>.<dataset>");
        CliRun two = CliRun.pz(project, "cdc", "drop", "files.orders", "files.other");
        assertThat(two.exitCode()).as(two.toString()).isEqualTo(2);
        assertThat(two.err()).contains("PZ0507");
        CliRun malformed = CliRun.pz(project, "cdc", "drop", "no-dot-here");
        assertThat(malformed.exitCode()).as(malformed.toString()).isEqualTo(2);
        assertThat(malformed.err()).contains("PZ0507", "no-dot-here");
    }

    // CDC6, CDC7
    @Test
    void dropRefusesADatasetWithoutChangeCaptureAndAnUnknownSource() {
        Path project = files().path();
        CliRun plain = CliRun.pz(project, "cdc", "drop", "files.orders");
        assertThat(plain.exitCode()).as(plain.toString()).isEqualTo(2);
        assertThat(plain.err()).contains("PZ0508", "not a cdc dataset");
        CliRun unknown = CliRun.pz(project, "cdc", "drop", "nosuch.dataset");
        assertThat(unknown.exitCode()).as(unknown.toString()).isEqualTo(2);
        assertThat(unknown.err()).contains("PZ0508");
    }

    // CDC8 (deliberate difference: the unknown sub-verb is named, with the usage exit code)
    @Test
    void anUnknownSubVerbIsAUsageErrorNamingIt() {
        CliRun bogus = CliRun.pz("cdc", "bogus");
        assertThat(bogus.exitCode()).as(bogus.toString()).isEqualTo(2);
        assertThat(bogus.err()).contains("'bogus'", "pz cdc --help");
    }

    // CDP1
    @Test
    void aCdcDatasetIntoAReplaceOutputIsRefused() {
        String error = error(cdc("stg", into("out1", "strategy: 'replace'") + "select * from {{ source('crm', 'orders') }}\n"),
                "PZ0335");
        assertThat(error).contains("crm.orders", "lake.out1", "cdc", "replace");
        assertThat(hint(error)).contains("use write.strategy: merge with on_delete");
    }

    // CDP2
    @Test
    void aCdcDatasetIntoAnAppendOutputIsRefusedWithOrWithoutDuplicatesConsent() {
        for (String options : List.of("strategy: 'append'", "strategy: 'append', duplicates: 'accept'")) {
            String error = error(cdc("stg", into("out1", options) + "select * from {{ source('crm', 'orders') }}\n"),
                    "PZ0335");
            assertThat(error).as(options).contains("crm.orders", "lake.out1", "cdc", "append", "change events");
            assertThat(hint(error)).as(options).contains("use write.strategy: merge with on_delete");
        }
    }

    // CDP3, CDP4
    @Test
    void aCdcMergeMustSayWhatDeletesDo() {
        String error = error(cdc("stg", into("out1", "strategy: 'merge', keys: ['id']")
                + "select * from {{ source('crm', 'orders') }}\n"), "PZ0336");
        assertThat(error).contains("crm.orders", "lake.out1");
        assertThat(hint(error)).contains("declare write.on_delete: delete, soft, or ignore");
        compiles(cdc("stg", into("out1", "strategy: 'merge', keys: ['id'], on_delete: 'ignore'")
                + "select * from {{ source('crm', 'orders') }}\n"));
    }

    // CDP5
    @Test
    void onDeleteWithoutACdcInputIsRefused() {
        String error = error(cdc("stg", into("out1", "strategy: 'merge', keys: ['id'], on_delete: 'delete'")
                + "select * from {{ source('crm', 'plain') }}\n"), "PZ0337");
        assertThat(error).contains("lake.out1", "on_delete requires a cdc-fed input");
    }

    // CDP6, CDP7
    @Test
    void deletesCannotBeRoutedThroughAMultiSourcePipelineButIgnoringThemCompiles() {
        String error = error(cdc("stg", into("out1", "strategy: 'merge', keys: ['id'], on_delete: 'delete'") + JOIN),
                "PZ0337");
        assertThat(error).contains("lake.out1", "delete keys cannot be routed through a multi-source pipeline");
        compiles(cdc("stg", into("out1", "strategy: 'merge', keys: ['id'], on_delete: 'ignore'") + JOIN));
    }

    // CDP8
    @Test
    void aMultiSourceCdcMergeWithoutOnDeleteIsStillRefusedForConsent() {
        String error = error(cdc("stg", into("out1", "strategy: 'merge', keys: ['id']") + JOIN), "PZ0336");
        assertThat(error).contains("lake.out1");
    }

    // CDP10
    @Test
    void aReplaceAndAMissingConsentOnTwoOutputsAreReportedTogether() {
        List<String> errors = refused(cdc(
                "stg1", into("out1", "strategy: 'replace'") + "select * from {{ source('crm', 'orders') }}\n",
                "stg2", into("out2", "strategy: 'merge', keys: ['id']") + "select * from {{ source('crm', 'shipments') }}\n"));
        assertThat(errors).hasSize(2)
                .anySatisfy(e -> assertThat(e).startsWith("error PZ0335: ").contains("lake.out1"))
                .anySatisfy(e -> assertThat(e).startsWith("error PZ0336: ").contains("lake.out2"));
    }
    /** ms (sqlserver): cdc dataset dbo.orders merged into pg (postgres) with deletes applied; nothing is ever reached. */
    private TestProject sqlServerCdc(String stateYaml) {
        return TestProject.in(temp.resolve("ms" + projects++)).projectYml("cdc_json", stateYaml)
                .file("connections.yml", database("ms", "sqlserver") + """
                          entities:
                            dbo.orders:
                              read:
                                sync: {mode: cdc}
                                capture_instance: dbo_orders_v2
                        """ + database("pg", "postgres"))
                .file("pipelines/p.sql", "INSERT INTO {{ sink('pg', 'out', strategy: 'merge', keys: ['id'], on_delete:"
                        + " 'delete') }}\nselect id from {{ source('ms', 'dbo.orders') }}\n");
    }

    private static final String STORED = "{\n  \"version\": 1,\n  \"syncState\": {\n    \"ms.dbo.orders\": {\n"
            + "      \"token\": \"SECRET-LSN-VALUE\",\n      \"runId\": \"r1\"\n    }\n  }\n}\n";

    // CDO1, CDO3
    @Test
    void jsonStatusHasItsFieldsInOrderAndNeverTheStoredToken() {
        TestProject project = sqlServerCdc("").file(".pz/state/sync-state.json", STORED);
        CliRun status = CliRun.pz(project.path(), "cdc", "status", "--log-format", "json");
        assertThat(status.exitCode()).as(status.toString()).isEqualTo(1);
        assertThat(status.outLines()).hasSize(1);
        JsonNode row = Reference.json(status.outLines().get(0));
        assertThat(row.fieldNames()).toIterable().containsExactly("event", "at", "dataset", "connector", "adminSupported",
                "healthy", "positionName", "hasStoredToken", "retainedBytes", "detail");
        assertThat(row.get("event").asText()).isEqualTo("cdc_status");
        assertThat(row.get("at").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
        assertThat(row.get("dataset").asText()).isEqualTo("ms.dbo.orders");
        assertThat(row.get("connector").asText()).isEqualTo("sqlserver");
        assertThat(row.get("adminSupported").asBoolean()).isTrue();
        assertThat(row.get("healthy").asBoolean(true)).isFalse();
        assertThat(row.get("hasStoredToken").asBoolean()).isTrue();
        assertThat(row.get("detail").isArray()).isTrue();
        assertThat(status.out() + status.err()).doesNotContain("SECRET-LSN-VALUE");
    }

    // CDO4, CDO5
    @Test
    void jsonDropCarriesTheRemediationAndWhereTheTokenWasClearedAndNotesGoToStderr() {
        try (HttpStateServer server = HttpStateServer.start(null)) {
            TestProject project = sqlServerCdc("state:\n  backend: http\n  url: " + server.url());
            CliRun drop = CliRun.pz(project.path(), "cdc", "drop", "ms.dbo.orders", "--log-format", "json");
            assertThat(drop.exitCode()).as(drop.toString()).isZero();
            assertThat(drop.outLines()).hasSize(1);
            JsonNode dropped = Reference.json(drop.outLines().get(0));
            assertThat(dropped.fieldNames()).toIterable().containsExactly("event", "at", "dataset", "connector",
                    "positionName", "serverSideDropped", "remediation", "stateCleared");
            assertThat(drop.outLines().get(0)).contains("\"event\":\"cdc_dropped\"", "\"dataset\":\"ms.dbo.orders\"",
                    "\"connector\":\"sqlserver\"", "\"positionName\":\"dbo_orders_v2\"", "\"serverSideDropped\":false",
                    "\"remediation\":[\"EXEC sys.sp_cdc_disable_table @source_schema = N\\u0027dbo\\u0027, @source_name ="
                            + " N\\u0027orders\\u0027, @capture_instance = N\\u0027dbo_orders_v2\\u0027;\"]",
                    "\"stateCleared\":\"remote\"");
            assertThat(drop.err()).contains("note: state backend: http (from project.yml)");

            CliRun text = CliRun.pz(project.path(), "cdc", "drop", "ms.dbo.orders");
            assertThat(text.outLines().get(0)).isEqualTo("note: state backend: http (from project.yml)");
        }
        CliRun local = CliRun.pz(sqlServerCdc("").path(), "cdc", "drop", "ms.dbo.orders", "--log-format", "json");
        assertThat(Reference.json(local.out()).get("stateCleared").asText()).isEqualTo("local");
    }
}
