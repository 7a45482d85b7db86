package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.mysql.MariaDbTestServer;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MySQL through {@code pz} against the MariaDB server {@link MariaDbTestServer} starts: a table read in
 * partitions into CSV, CSV merged back into a table, and the bad inputs a user meets (a wrong
 * password, an unreachable server, an unknown table, an unsupported TLS mode), none of which shows
 * the password. Each test works on its own randomly named tables.
 */
class MysqlEndToEndTest {

    @TempDir
    Path temp;

    private MariaDbTestServer.Endpoint server;
    private String orders;
    private String totals;

    @BeforeEach
    void seed() throws Exception {
        server = MariaDbTestServer.endpoint();
        String suffix = Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
        orders = "e2e_orders_" + suffix;
        totals = "e2e_totals_" + suffix;
        MariaDbTestServer.execute("create table " + orders + " (id int primary key, customer varchar(20),"
                + " amount decimal(10,2), created datetime)",
                "insert into " + orders + " values (1, 'alice', 10.25, '2026-01-01 08:00:00'),"
                        + " (2, 'bob', 20.50, '2026-01-01 09:00:00'), (3, 'alice', 30.75, '2026-01-02 08:00:00'),"
                        + " (4, 'carol', 5.00, '2026-01-02 09:00:00')",
                "create table " + totals + " (customer varchar(20), total decimal(38,9))",
                "insert into " + totals + " values ('alice', 1), ('zed', 99)");
    }

    private Map<String, String> environment(String password) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("MY_PASSWORD", password);
        return env;
    }

    private TestProject project(String dir, String extraConnectionKeys) {
        String connections = "shop:\n  connector: mysql\n  host: " + server.host() + "\n  port: " + server.port()
                + "\n  database: " + server.database() + "\n  user: " + server.user() + "\n  password: ${MY_PASSWORD}\n"
                + extraConnectionKeys
                + "  entities:\n    " + orders + ":\n      read: {partition_column: id, partitions: 2}\n"
                + "lake:\n  connector: localfiles\n"
                + "files:\n  connector: localfiles\n  entities:\n    more:\n      read: {path: data/more.csv, format: csv,"
                + " columns: {customer: varchar, amount: double}}\n";
        return TestProject.in(temp.resolve(dir)).projectYml("mysql_" + dir).file("connections.yml", connections)
                .file("pipelines/export_orders.sql", "INSERT INTO {{ sink('lake', 'orders_csv', strategy: 'replace',"
                        + " format: 'csv', path: 'out/') }}\nselect id, customer, amount from {{ source('shop', '"
                        + orders + "') }} order by id\n")
                .file("pipelines/customer_totals.sql", "INSERT INTO {{ sink('shop', '" + totals + "', strategy:"
                        + " 'merge', keys: ['customer']) }}\nselect customer, sum(amount)::decimal(38,9) as total\n"
                        + "from {{ source('files', 'more') }}\n"
                        + "group by customer\n")
                .file("data/more.csv", "customer,amount\nalice,5\nbob,7.5\n");
    }

    @Test
    void readsInPartitionsAndMergesBack() throws Exception {
        TestProject project = project("run", "");
        CliRun run = CliRun.pzWithEnv(environment(server.password()), project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(project.read("out/orders_csv.csv")).isEqualTo("id,customer,amount\n1,alice,10.25\n2,bob,20.50\n"
                + "3,alice,30.75\n4,carol,5.00\n");
        assertThat(MariaDbTestServer.rows("select customer, total from " + totals + " order by customer"))
                .containsExactly("alice|5.000000000", "bob|7.500000000", "zed|99.000000000");
        CliRun plan = CliRun.pzWithEnv(environment(server.password()), project.path(), "plan", "--all");
        assertThat(plan.out()).contains("arrow stream: connector 'mysql' has no native path (2 partitions)");
    }

    @Test
    void aWrongPasswordIsReportedWithoutTheSecret() throws Exception {
        TestProject project = project("auth", "");
        String wrong = "Wrong-Secret-" + ThreadLocalRandom.current().nextInt(1_000_000);
        CliRun check = CliRun.pzWithEnv(environment(wrong), project.path(), "validate", "--connect");
        assertThat(check.exitCode()).as(check.toString()).isEqualTo(2);
        assertThat(check.err()).contains("error PZ0330: ", "connection 'shop'", "Access denied");
        CliRun run = CliRun.pzWithEnv(environment(wrong), project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.out()).contains("PZ0501", "Access denied");
        assertThat(check.toString() + run).doesNotContain(wrong);
        assertThat(MariaDbTestServer.rows("select count(*) from " + totals)).containsExactly("2");
    }

    @Test
    void anUnreachableServerFailsTheCheckAndTheRun() throws Exception {
        TestProject project = project("down", "").file("connections.yml", project("down2", "").read("connections.yml")
                .replace("port: " + server.port(), "port: 1\n  connect_timeout_seconds: 2\n  retry: {max_attempts: 1}"));
        CliRun check = CliRun.pzWithEnv(environment(server.password()), project.path(), "validate", "--connect");
        assertThat(check.exitCode()).as(check.toString()).isEqualTo(2);
        assertThat(check.err()).contains("error PZ0330: ", "connection 'shop'");
        CliRun run = CliRun.pzWithEnv(environment(server.password()), project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.out()).contains("PZ0501");
        assertThat(project.resolve("out/orders_csv.csv")).doesNotExist();
    }

    @Test
    void anUnknownTableFailsItsNode() throws Exception {
        TestProject project = project("unknown", "");
        project.file("pipelines/export_orders.sql", project.read("pipelines/export_orders.sql").replace(orders,
                orders + "_nope"));
        project.file("connections.yml", project.read("connections.yml").replace("    " + orders + ":\n",
                "    " + orders + "_nope:\n"));
        CliRun run = CliRun.pzWithEnv(environment(server.password()), project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.out()).contains("PZ0501", orders + "_nope' doesn't exist");
    }

    @Test
    void anUnsupportedTlsModeIsRefusedBeforeAnythingRuns() throws Exception {
        TestProject project = project("tls", "  ssl_mode: preferred\n");
        for (String verb : new String[] {"validate", "plan", "run"}) {
            CliRun refused = verb.equals("validate") ? CliRun.pzWithEnv(environment(server.password()), project.path(), verb)
                    : CliRun.pzWithEnv(environment(server.password()), project.path(), verb, "--all");
            assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
            assertThat(refused.err()).contains("error PZ0301: connection 'shop': 'ssl_mode' must be one of disabled,"
                    + " required, verify_ca, verify_identity (got 'preferred')");
        }
        assertThat(project.resolve(".pz/runs")).doesNotExist();
    }
}
