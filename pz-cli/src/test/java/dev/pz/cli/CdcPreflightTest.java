package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a change-capture project can get wrong, refused alike by {@code pz validate}, {@code pz plan}
 * and {@code pz run} (exit 2, nothing under {@code .pz/runs}) without reaching any server: where
 * changes may flow (PZ0335–PZ0337), which connectors capture changes and apply deletes (PZ0338,
 * PZ0339), and the read options a change capture cannot honour (PZ0301).
 */
class CdcPreflightTest {
    private static final Pattern FIRST_CODE = Pattern.compile("^error (PZ\\d{4}): ", Pattern.MULTILINE);
    private static final String PG = """
            pg:
              connector: postgres
              host: localhost
              port: 1
              database: shop
              user: loader
              password: not-used
              entities:
                orders:
                  read:
                    sync: {mode: cdc}
                plain:
                  read:
                    columns: {id: integer}
                queried:
                  read:
                    sync: {mode: cdc}
                    query: select 1 as id
            files:
              connector: localfiles
              root: data
              entities:
                items:
                  read:
                    path: items.csv
                    format: csv
                    columns: {id: integer}
                    %s
            local:
              connector: duckdb
              path: local.duckdb
            ms:
              connector: sqlserver
              host: localhost
              port: 1
              database: shop
              user: loader
              password: not-used
              entities:
                dbo.orders:
                  read:
                    sync: {mode: cdc}
                    capture_instance: dbo_orders_v2
                dbo.partitioned:
                  read:
                    sync: {mode: cdc}
                    partition_column: id
                    partitions: 2
                dbo.plain:
                  read:
                    capture_instance: dbo_plain
            """;

    @TempDir
    Path temp;

    record Case(String name, String code, String message, String cdcRead, String pipeline) {
        @Override
        public String toString() {
            return code + " " + name;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("cdc into a replace output", "PZ0335", "is fed by cdc dataset 'pg.orders'", "",
                        "INSERT INTO {{ sink('pg', 'out', strategy: 'replace') }}\nselect id from {{ source('pg', 'orders') }}\n"),
                new Case("cdc into a merge without on_delete", "PZ0336", "does not say what to do with deleted rows", "",
                        "INSERT INTO {{ sink('pg', 'out', strategy: 'merge', keys: ['id']) }}\n"
                                + "select id from {{ source('pg', 'orders') }}\n"),
                new Case("on_delete without a cdc source", "PZ0337", "declares on_delete but no cdc dataset feeds it", "",
                        "INSERT INTO {{ sink('pg', 'out', strategy: 'merge', keys: ['id'], on_delete: 'delete') }}\n"
                                + "select id from {{ source('pg', 'plain') }}\n"),
                new Case("deletes through a two-source pipeline", "PZ0337", "delete keys cannot be routed through a"
                        + " multi-source pipeline", "", "INSERT INTO {{ sink('pg', 'out', strategy: 'merge', keys: ['id'], on_delete:"
                                + " 'soft') }}\nselect o.id from {{ source('pg', 'orders') }} o join {{ source('pg', 'plain') }}"
                                + " p on o.id = p.id\n"),
                new Case("cdc on a connector without change capture", "PZ0338", "sync mode 'cdc' needs change capture",
                        "sync: {mode: cdc}", "INSERT INTO {{ sink('pg', 'out', strategy: 'merge', keys: ['id'], on_delete:"
                                + " 'ignore') }}\nselect id from {{ source('files', 'items') }}\n"),
                new Case("deletes into a sink that cannot apply them", "PZ0339", "use on_delete: ignore, or an"
                        + " ApplyDeletes-capable sink (postgres, sqlserver)", "", "INSERT INTO {{ sink('local', 'out',"
                                + " strategy: 'merge', keys: ['id'], on_delete: 'delete') }}\n"
                                + "select id from {{ source('pg', 'orders') }}\n"),
                new Case("sqlserver cdc with a partition column", "PZ0301", "partition_column, partitions cannot be"
                        + " used with sync: {mode: cdc}", "", "INSERT INTO {{ sink('pg', 'out', strategy: 'merge', keys:"
                                + " ['id'], on_delete: 'delete') }}\nselect id from {{ source('ms', 'dbo.partitioned') }}\n"),
                new Case("capture_instance without cdc", "PZ0301", "capture_instance applies only to sync: {mode: cdc}",
                        "", "INSERT INTO {{ sink('pg', 'out', strategy: 'append') }}\nselect id from"
                                + " {{ source('ms', 'dbo.plain') }}\n"),
                new Case("cdc with a query", "PZ0301", "query cannot be used with sync: {mode: cdc}", "",
                        "INSERT INTO {{ sink('pg', 'out', strategy: 'merge', keys: ['id'], on_delete: 'delete') }}\n"
                                + "select id from {{ source('pg', 'queried') }}\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void validatePlanAndRunRefuseAlike(Case bad) {
        for (String[] verb : List.of(new String[] {"validate"}, new String[] {"plan"}, new String[] {"run", "--all"})) {
            Path directory = temp.resolve(verb[0]);
            TestProject.in(directory).projectYml("cdc_refusals").file("data/items.csv", "id\n1\n")
                    .file("connections.yml", String.format(PG, bad.cdcRead())).file("pipelines/p.sql", bad.pipeline());
            CliRun result = CliRun.pz(directory, verb);
            assertThat(result.exitCode()).as(verb[0] + "\n" + result).isEqualTo(2);
            assertThat(firstCode(result.err())).as(verb[0] + "\n" + result).isEqualTo(bad.code());
            assertThat(result.err()).as(verb[0] + "\n" + result).contains(bad.message());
            assertThat(directory.resolve(".pz/runs")).as(verb[0] + " leaves no run directory").doesNotExist();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sink('pg', 'out', strategy: 'merge', keys: ['id'], on_delete: 'delete')",
        "sink('ms', 'dbo.out', strategy: 'merge', keys: ['id'], on_delete: 'soft')"})
    void aSqlServerCdcDatasetIntoAMergeThatAppliesDeletesValidates(String sink) {
        TestProject project = TestProject.in(temp.resolve("ok")).projectYml("cdc_sqlserver").file("data/items.csv",
                "id\n1\n").file("connections.yml", String.format(PG, "")).file("pipelines/p.sql",
                "INSERT INTO {{ " + sink + " }}\nselect id from {{ source('ms', 'dbo.orders') }}\n");
        CliRun validate = CliRun.pz(project.path(), "validate");
        assertThat(validate.exitCode()).as(validate.toString()).isZero();
        assertThat(validate.err()).doesNotContain("PZ0338", "PZ0339");
    }

    @Test
    void cdcDropOfASqlServerDatasetRemovesTheTokenAndPrintsTheDisableStatementWithoutConnecting() {
        TestProject project = TestProject.in(temp.resolve("drop")).projectYml("cdc_sqlserver").file("data/items.csv",
                "id\n1\n").file("connections.yml", String.format(PG, "")).file("pipelines/p.sql",
                "INSERT INTO {{ sink('pg', 'out', strategy: 'merge', keys: ['id'], on_delete: 'delete') }}\n"
                        + "select id from {{ source('ms', 'dbo.orders') }}\n")
                .file(".pz/state/sync-state.json", "{\n  \"version\": 1,\n  \"syncState\": {\n    \"ms.dbo.orders\": {\n"
                        + "      \"token\": \"0000002A000001F80003-00000000000000000000\",\n      \"runId\": \"r1\"\n"
                        + "    }\n  }\n}\n");

        CliRun drop = CliRun.pz(project.path(), "cdc", "drop", "ms.dbo.orders");

        assertThat(drop.exitCode()).as(drop.toString()).isZero();
        assertThat(drop.outLines()).containsExactly("ms.dbo.orders: pz does not remove dbo_orders_v2 on the server; run:",
                "    EXEC sys.sp_cdc_disable_table @source_schema = N'dbo', @source_name = N'orders', @capture_instance"
                        + " = N'dbo_orders_v2';",
                "removed the stored token; the next run snapshots the table again");
        assertThat(project.read(".pz/state/sync-state.json")).doesNotContain("ms.dbo.orders");
    }

    private static String firstCode(String err) {
        Matcher matcher = FIRST_CODE.matcher(err);
        return matcher.find() ? matcher.group(1) : "(no error line)";
    }
}
