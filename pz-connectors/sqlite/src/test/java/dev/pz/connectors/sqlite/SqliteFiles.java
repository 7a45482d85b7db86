package dev.pz.connectors.sqlite;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Opens an SQLite file for the length of one call, as a user's tool would. */
final class SqliteFiles {

    private SqliteFiles() {
    }

    static void execute(Path file, String... statements) {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file)) {
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
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            List<String> rows = new ArrayList<>();
            while (result.next()) {
                List<String> values = new ArrayList<>();
                for (int i = 1; i <= result.getMetaData().getColumnCount(); i++) {
                    values.add(String.valueOf(result.getObject(i)));
                }
                rows.add(String.join("|", values));
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
