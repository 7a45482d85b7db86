package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz init --template sqlserver} and what pz makes of the project offline: it validates and
 * plans with its variables set (no server needed), names an unset variable, refuses bad
 * connection options, and {@code validate --connect} says which servers it cannot reach without
 * printing a password.
 */
class SqlServerTemplateTest {

    private static final String PASSWORD = "Placeholder-Pw-1";

    @TempDir
    Path temp;

    private static Map<String, String> environment() {
        Map<String, String> environment = new HashMap<>(System.getenv());
        for (String prefix : List.of("ERP", "MART")) {
            environment.put(prefix + "_DB_HOST", prefix.toLowerCase() + ".example.invalid");
            environment.put(prefix + "_DB_NAME", prefix.toLowerCase());
            environment.put(prefix + "_DB_USER", "loader");
            environment.put(prefix + "_DB_PASSWORD", PASSWORD);
        }
        return environment;
    }

    private Path scaffold(String name) {
        Path target = temp.resolve(name);
        CliRun init = CliRun.pz("init", target.toString(), "--template", "sqlserver");
        assertThat(init.exitCode()).as(init.toString()).isZero();
        return target;
    }

    @Test
    void initWritesTheProjectAndItsNextSteps() throws IOException {
        Path target = temp.resolve("ss");
        CliRun init = CliRun.pz("init", target.toString(), "--template", "sqlserver");
        assertThat(init.exitCode()).as(init.toString()).isZero();
        assertThat(init.out()).isEqualTo("scaffolded a new pz project 'ss' at " + target + "\nnext steps:\n"
                + "  cd ss, export the ERP_DB_* and MART_DB_* variables connections.yml names,\n"
                + "  then `pz validate --connect` before `pz run --all`\n");
        assertThat(files(target)).containsExactly(".gitignore", "README.md", "connections.yml",
                "pipelines/configs/orders_current.yml", "pipelines/orders_current.sql", "project.yml");
        for (String file : files(target)) {
            assertThat(Files.readString(target.resolve(file), StandardCharsets.UTF_8)).as(file)
                    .doesNotContain("\r", "\\", "pz_new_project");
        }
        assertThat(Files.readString(target.resolve("project.yml"))).startsWith("name: ss\nversion: 0.1.0\n")
                .contains("retention:\n  keep_last: 10", "#   backend: sqlserver");
        assertThat(Files.readString(target.resolve(".gitignore"))).contains(".pz/", "out/");
        assertThat(Files.readString(target.resolve("pipelines/orders_current.sql")))
                .contains("{{ sink('mart', 'mart.orders_current', strategy: 'merge', keys: ['order_id']) }}",
                        "from {{ source('erp', 'dbo.orders') }}", "where updated_at > {{ watermark('erp', 'dbo.orders') }}");
    }

    @Test
    void theTemplateIsListed() {
        CliRun list = CliRun.pz("init", "--list-templates");
        assertThat(list.exitCode()).isZero();
        assertThat(list.out()).contains("  sqlserver\n      SQL Server to SQL Server: incremental merge, five kinds of "
                + "check, optional remote state [needs a database]\n");
    }

    @Test
    void pzConnectorsListsSqlserverWithItsCapabilities() {
        Path project = scaffold("ss");
        CliRun connectors = CliRun.pzWithEnv(environment(), project, "connectors");
        assertThat(connectors.exitCode()).as(connectors.toString()).isZero();
        assertThat(connectors.out()).containsPattern("(?m)^sqlserver +pz \\(builtin\\) +\\S+ +src:universal "
                + "snk:universal +ColumnPruning,PredicatePushdown,PartitionedRead,Merge,BoundedWindow,"
                + "InclusiveWatermarkBound,ReplaceWrites,ChangeCapture,ApplyDeletes,TextLengthStats$");
    }

    @Test
    void itValidatesAndPlansOfflineOnceItsVariablesAreSet() {
        Path project = scaffold("ss");
        CliRun validate = CliRun.pzWithEnv(environment(), project, "validate");
        assertThat(validate.exitCode()).as(validate.toString()).isZero();
        CliRun plan = CliRun.pzWithEnv(environment(), project, "plan");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out()).contains("sqlserver").doesNotContain(PASSWORD);
        assertThat(project.resolve(".pz/runs")).doesNotExist();
    }

    @Test
    void anUnsetVariableIsNamed() {
        Path project = scaffold("ss");
        Map<String, String> environment = environment();
        environment.remove("MART_DB_PASSWORD");
        CliRun plan = CliRun.pzWithEnv(environment, project, "plan");
        assertThat(plan.exitCode()).isEqualTo(2);
        assertThat(plan.err()).contains("PZ0103", "MART_DB_PASSWORD");
        assertThat(project.resolve(".pz/runs")).doesNotExist();
    }

    @Test
    void connectReportsEachUnreachableServerWithoutItsPassword() {
        Path project = scaffold("ss");
        CliRun validate = CliRun.pzWithEnv(environment(), project, "validate", "--connect");
        assertThat(validate.exitCode()).as(validate.toString()).isEqualTo(2);
        assertThat(validate.err()).contains("error PZ0330: connection 'erp' (connector 'sqlserver') failed its "
                + "connectivity check: ", "error PZ0330: connection 'mart' (connector 'sqlserver')", "erp.example.invalid")
                .doesNotContain(PASSWORD);
        assertThat(project.resolve(".pz/runs")).doesNotExist();
    }

    @Test
    void badConnectionAndSinkOptionsAreRefusedBeforeAnythingRuns() throws IOException {
        Path project = scaffold("ss");
        Path connections = project.resolve("connections.yml");
        String original = Files.readString(connections);
        Files.writeString(connections, original
                .replace("  host: ${ERP_DB_HOST}\n", "  host: ${ERP_DB_HOST}\n  authentication: Bogus Mode\n")
                .replace("  host: ${MART_DB_HOST}\n", "  hots: ${MART_DB_HOST}\n  port: fourteen\n"
                        + "  connection_string: Server=x;Password=" + PASSWORD + "\n")
                .replace("        columns:\n          order_id: bigint\n", "        partitions: many\n"
                        + "        columns:\n          order_id: bigint\n"));
        Files.writeString(project.resolve("pipelines/orders_current.sql"), Files.readString(project.resolve(
                "pipelines/orders_current.sql")).replace("keys: ['order_id'])", "keys: ['order_id'], tablock: 'sideways')"));
        for (String verb : List.of("validate", "plan", "run")) {
            CliRun run = CliRun.pzWithEnv(environment(), project, verb);
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.err()).as(verb)
                    .contains("PZ0301: connection 'mart': unknown option 'hots'")
                    .contains("'port' must be an integer")
                    .contains("'partitions' must be an integer")
                    .contains("'tablock' must be true or false")
                    .contains("PZ0301: connection 'erp': sqlserver connection 'authentication' value 'Bogus Mode' is "
                            + "not recognized")
                    .doesNotContain(PASSWORD);
        }
        // Rules across a connection's keys are checked once its keys themselves are valid.
        Files.writeString(connections, Files.readString(connections).replace("  hots: ${MART_DB_HOST}\n  port: fourteen\n",
                ""));
        for (String verb : List.of("validate", "plan", "run")) {
            CliRun run = CliRun.pzWithEnv(environment(), project, verb);
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.err()).as(verb)
                    .contains("PZ0301: connection 'mart': 'password' cannot be combined with 'connection_string'")
                    .doesNotContain(PASSWORD);
        }
        assertThat(project.resolve(".pz/runs")).doesNotExist();
    }

    private static List<String> files(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).map(path -> root.relativize(path).toString().replace('\\', '/'))
                    .sorted().toList();
        }
    }
}
