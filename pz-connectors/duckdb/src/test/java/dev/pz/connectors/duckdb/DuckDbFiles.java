package dev.pz.connectors.duckdb;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Opens a DuckDB file in its own database for the length of one call, as a user's tool would. */
final class DuckDbFiles {

    private DuckDbFiles() {
    }

    static void execute(Path file, String... statements) {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:" + file)) {
            for (String sql : statements) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute(sql);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every row of a query, each as its values' text joined by {@code |}. */
    static List<String> rows(Path file, String sql) {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:" + file);
                Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(sql)) {
            List<String> rows = new ArrayList<>();
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                List<String> values = new ArrayList<>();
                for (int i = 1; i <= columns; i++) {
                    values.add(String.valueOf(result.getObject(i)));
                }
                rows.add(String.join("|", values));
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    static boolean tableExists(Path file, String table) {
        if (!file.toFile().exists()) {
            return false;
        }
        return !rows(file, "select 1 from information_schema.tables where table_name = '" + table + "'").isEmpty();
    }
}
