package dev.pz.cli;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Arranges and inspects a database file through its JDBC URL, one connection per call, as a user's tool would. */
final class JdbcRows {

    private JdbcRows() {
    }

    static void execute(String url, String... statements) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url)) {
            for (String sql : statements) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute(sql);
                }
            }
        }
    }

    /** Every row of a query, each as its values' text joined by {@code |}. */
    static List<String> rows(String url, String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url);
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
        }
    }
}
