package dev.pz.cli;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** A throwaway in-memory DuckDB for seeding input files and reading outputs back in tests. */
public final class Duck {

    private Duck() {
    }

    public static void execute(String sql) {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    /** Every row of the query, each as its cells joined by '|' ({@code null} for NULL). */
    public static List<String> rows(String sql) {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
                Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            ResultSetMetaData meta = rs.getMetaData();
            List<String> rows = new ArrayList<>();
            while (rs.next()) {
                List<String> cells = new ArrayList<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    cells.add(String.valueOf(rs.getObject(i)));
                }
                rows.add(String.join("|", cells));
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    /** {@code column_name:column_type} of every column the query returns. */
    public static List<String> schema(String relation) {
        return rows("select column_name || ':' || column_type from (describe select * from " + relation + ")");
    }
}
