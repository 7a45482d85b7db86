package dev.pz.connectors.sqlserver;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The collation of each text column a select produces, as the server describes the select without
 * running it ({@code sp_describe_first_result_set}); the driver's result metadata does not carry
 * collations. Columns without one (numbers, dates, …) are absent.
 */
final class SqlServerCollations {

    private SqlServerCollations() {
    }

    static Map<String, String> of(SqlServerConnectionSettings settings, Connection connection, String select)
            throws SQLException {
        Map<String, String> collations = new LinkedHashMap<>();
        try (PreparedStatement statement = settings.prepare(connection, "exec sys.sp_describe_first_result_set ?")) {
            statement.setNString(1, select);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    String name = rows.getString("name");
                    String collation = rows.getString("collation_name");
                    if (name != null && collation != null) {
                        collations.putIfAbsent(name, collation);
                    }
                }
            }
        }
        return collations;
    }
}
