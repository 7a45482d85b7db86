package dev.pz.benchmarks;

import com.microsoft.sqlserver.jdbc.SQLServerBulkCopy;
import com.microsoft.sqlserver.jdbc.SQLServerBulkCopyOptions;
import com.microsoft.sqlserver.jdbc.SQLServerDriver;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * The yardstick of {@code scripts/macro-bench-mssql.sh}, and its SQL client: what a hand-written
 * loader does with nothing but the Microsoft JDBC driver — a forward-only result from one session
 * fed to {@link SQLServerBulkCopy} on another. Usage ({@code URL} is a {@code jdbc:sqlserver://}
 * URL):
 *
 * <pre>
 * probe  URL                        exit 0 and print the server version when it answers
 * exec   URL SQL...                 run statements in order
 * scalar URL SQL                    print the first column of the first row
 * append URL SOURCE TARGET          bulk-copy {@code select * from SOURCE} into TARGET (table lock); print seconds
 * merge  URL SOURCE TARGET KEY      in one transaction: bulk-copy SOURCE into a #temp table, index it on KEY,
 *                                   MERGE it into TARGET on KEY; print seconds
 * </pre>
 */
public final class MssqlBulkCopyYardstick {

    private MssqlBulkCopyYardstick() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: probe|exec|scalar|append|merge URL ...");
            System.exit(2);
        }
        String url = args[1];
        switch (args[0]) {
            case "probe" -> probe(url);
            case "exec" -> {
                try (Connection connection = open(url); Statement statement = connection.createStatement()) {
                    for (int i = 2; i < args.length; i++) {
                        statement.execute(args[i]);
                    }
                }
            }
            case "scalar" -> {
                try (Connection connection = open(url); Statement statement = connection.createStatement();
                        ResultSet result = statement.executeQuery(args[2])) {
                    result.next();
                    System.out.println(result.getString(1));
                }
            }
            case "append" -> System.out.printf("%.3f%n", append(url, args[2], args[3]));
            case "merge" -> System.out.printf("%.3f%n", merge(url, args[2], args[3], args[4]));
            default -> {
                System.err.println("unknown mode " + args[0]);
                System.exit(2);
            }
        }
    }

    private static void probe(String url) {
        try (Connection connection = open(url); Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("select cast(serverproperty('ProductVersion') as nvarchar(128))")) {
            result.next();
            System.out.println(result.getString(1));
        } catch (SQLException e) {
            String message = String.valueOf(e.getMessage());
            int advice = message.indexOf(" Verify the connection properties.");
            System.out.println(advice < 0 ? message : message.substring(0, advice));
            System.exit(1);
        }
    }

    private static double append(String url, String source, String target) throws SQLException {
        long start = System.nanoTime();
        try (Connection reader = open(url); Connection writer = open(url);
                Statement statement = reader.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
                ResultSet rows = statement.executeQuery("select * from " + source)) {
            copy(writer, rows, target);
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private static double merge(String url, String source, String target, String key) throws SQLException {
        long start = System.nanoTime();
        try (Connection reader = open(url); Connection writer = open(url);
                Statement statement = reader.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
                ResultSet rows = statement.executeQuery("select * from " + source)) {
            writer.setAutoCommit(false);
            try (Statement ddl = writer.createStatement()) {
                ddl.execute("select top (0) * into #stage from " + source);
                copy(writer, rows, "#stage");
                ddl.execute("create clustered index cx on #stage (" + key + ")");
                StringBuilder updates = new StringBuilder();
                StringBuilder columns = new StringBuilder();
                StringBuilder values = new StringBuilder();
                try (ResultSet described = ddl.executeQuery("select top (0) * from " + source)) {
                    for (int i = 1; i <= described.getMetaData().getColumnCount(); i++) {
                        String column = described.getMetaData().getColumnName(i);
                        columns.append(i == 1 ? "" : ", ").append(column);
                        values.append(i == 1 ? "" : ", ").append("s.").append(column);
                        if (!column.equalsIgnoreCase(key)) {
                            updates.append(updates.length() == 0 ? "" : ", ").append("t.").append(column).append(" = s.")
                                    .append(column);
                        }
                    }
                }
                ddl.execute("merge " + target + " with (holdlock) as t using #stage as s on t." + key + " = s." + key
                        + " when matched then update set " + updates + " when not matched then insert (" + columns
                        + ") values (" + values + ");");
            }
            writer.commit();
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private static void copy(Connection writer, ResultSet rows, String target) throws SQLException {
        try (SQLServerBulkCopy bulkCopy = new SQLServerBulkCopy(writer)) {
            SQLServerBulkCopyOptions options = new SQLServerBulkCopyOptions();
            options.setTableLock(true);
            options.setBulkCopyTimeout(0);
            bulkCopy.setBulkCopyOptions(options);
            bulkCopy.setDestinationTableName(target);
            bulkCopy.writeToServer(rows);
        }
    }

    private static Connection open(String url) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("loginTimeout", "10");
        Connection connection = new SQLServerDriver().connect(url, properties);
        if (connection == null) {
            throw new SQLException("not a jdbc:sqlserver:// URL");
        }
        return connection;
    }
}
