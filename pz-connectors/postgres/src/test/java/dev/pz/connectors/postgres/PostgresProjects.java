package dev.pz.connectors.postgres;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What CLI tests against the shared PostgreSQL server need: its address as variables, a connection
 * entry, and the rows of a query as text (an oracle independent of pz).
 */
public final class PostgresProjects {

    private PostgresProjects() {
    }

    /** The process environment plus {@code PG_HOST}, {@code PG_PORT}, {@code PG_DB}, {@code PG_USER}, {@code PG_PASSWORD}. */
    public static Map<String, String> environment(PostgresTestServer.Endpoint server) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PG_HOST", server.host());
        env.put("PG_PORT", String.valueOf(server.port()));
        env.put("PG_DB", server.database());
        env.put("PG_USER", server.user());
        env.put("PG_PASSWORD", server.password());
        return env;
    }

    /** A postgres connection named {@code name} reading those variables, with extra keys and entities. */
    public static String connection(String name, String extra, String entities) {
        return name + ":\n  connector: postgres\n  host: ${PG_HOST}\n  port: ${PG_PORT}\n  database: ${PG_DB}\n"
                + "  user: ${PG_USER}\n  password: ${PG_PASSWORD}\n" + extra
                + (entities.isEmpty() ? "" : "  entities:\n" + entities);
    }

    /** Runs each statement, in order, on a fresh autocommit session of the shared server. */
    public static void execute(String... statements) throws SQLException {
        try (Connection connection = PostgresTestServer.jdbc(); Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    /** {@link #rows(Statement, String)} on a fresh session of the shared server. */
    public static List<String> rows(String query) throws SQLException {
        try (Connection connection = PostgresTestServer.jdbc(); Statement statement = connection.createStatement()) {
            return rows(statement, query);
        }
    }

    /** Every row of {@code query}, columns as text joined by {@code |}, in the order the server returns them. */
    public static List<String> rows(Statement statement, String query) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (ResultSet result = statement.executeQuery(query)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= columns; i++) {
                    row.append(i > 1 ? "|" : "").append(result.getString(i));
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }
}
