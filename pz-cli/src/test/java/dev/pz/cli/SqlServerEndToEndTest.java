package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.sqlserver.SqlServerTestServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sqlserver template end to end against a live SQL Server (skipped where none runs, see
 * {@link SqlServerTestServer}): an incremental read of dbo.orders merged into mart.orders_current,
 * with the template's checks, run again with nothing new, then with one changed order.
 */
class SqlServerEndToEndTest {

    @TempDir
    Path temp;

    @Test
    void theTemplateMergesIncrementallyAndConverges() throws Exception {
        SqlServerTestServer.Endpoint server = SqlServerTestServer.endpoint();
        String suffix = SqlServerTestServer.uniqueTable("e2e");
        SqlServerTestServer.execute("if schema_id('mart') is null exec('create schema mart')",
                "drop table if exists dbo.orders", "drop table if exists mart.orders_current",
                "create table dbo.orders (order_id bigint not null primary key, customer_id int, amount decimal(18,2), "
                        + "status nvarchar(20), updated_at datetime2)",
                "insert into dbo.orders select top (120) row_number() over (order by (select null)), 7, 12.50, "
                        + "N'shipped', dateadd(second, -row_number() over (order by (select null)), sysutcdatetime()) "
                        + "from sys.all_objects");
        Path project = temp.resolve(suffix);
        assertThat(CliRun.pz("init", project.toString(), "--template", "sqlserver").exitCode()).isZero();
        Map<String, String> environment = new HashMap<>(System.getenv());
        for (String prefix : List.of("ERP", "MART")) {
            environment.put(prefix + "_DB_HOST", server.host() + "");
            environment.put(prefix + "_DB_NAME", server.database());
            environment.put(prefix + "_DB_USER", server.user());
            environment.put(prefix + "_DB_PASSWORD", server.password());
        }
        java.nio.file.Files.writeString(project.resolve("connections.yml"), java.nio.file.Files.readString(
                project.resolve("connections.yml")).replace("  database: ${ERP_DB_NAME}\n", "  database: ${ERP_DB_NAME}\n"
                        + "  port: " + server.port() + "\n").replace("  database: ${MART_DB_NAME}\n",
                                "  database: ${MART_DB_NAME}\n  port: " + server.port() + "\n"));

        CliRun connect = CliRun.pzWithEnv(environment, project, "validate", "--connect");
        assertThat(connect.exitCode()).as(connect.toString()).isZero();
        CliRun first = CliRun.pzWithEnv(environment, project, "run", "--all");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(first.out()).doesNotContain(server.password());
        assertThat(scalar("select count(*) from mart.orders_current")).isEqualTo(120);

        CliRun second = CliRun.pzWithEnv(environment, project, "run", "--all");
        assertThat(second.exitCode()).as(second.toString()).isEqualTo(1);
        assertThat(second.out()).contains("check_orders_current_row_count");

        SqlServerTestServer.execute("update dbo.orders set status = N'delivered', updated_at = sysutcdatetime() "
                + "where order_id = 5");
        CliRun third = CliRun.pzWithEnv(environment, project, "run", "--all");
        assertThat(third.exitCode()).as(third.toString()).isZero();
        assertThat(scalar("select count(*) from mart.orders_current")).isEqualTo(120);
        assertThat(scalar("select count(*) from mart.orders_current where order_id = 5 and status = N'delivered'"))
                .isEqualTo(1);
    }

    private static int scalar(String sql) throws Exception {
        try (Connection connection = SqlServerTestServer.jdbc(); Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(sql)) {
            result.next();
            return result.getInt(1);
        }
    }
}
