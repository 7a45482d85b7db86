package dev.pz.connectors.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * What each text column's collation allows a pushed filter to do: compare for equality (a
 * deterministic collation, where equal means byte-equal) and order (the {@code C} or {@code POSIX}
 * collation of the libc provider, where order is byte order, as in DuckDB). A column on the
 * database's default collation takes the database's. Anything unknown allows nothing.
 */
final class PostgresCollations {

    private PostgresCollations() {
    }

    /** What a column's collation allows. */
    record Allowed(boolean equality, boolean ordering) {
        static final Allowed NOTHING = new Allowed(false, false);
    }

    /** By column name, for the collatable columns of {@code table}; empty when the table is not found. */
    static Map<String, Allowed> of(Connection connection, PostgresTableName table) throws SQLException {
        int major = connection.getMetaData().getDatabaseMajorVersion();
        String deterministic = major >= 12 ? "c.collisdeterministic" : "true";
        String databaseProvider = major >= 15 ? "(select datlocprovider = 'c' from pg_catalog.pg_database"
                + " where datname = current_database())" : "true";
        String sql = "select a.attname, c.collname, coalesce(c.collprovider = 'c', false), " + deterministic
                + ", (select datcollate from pg_catalog.pg_database where datname = current_database()), "
                + databaseProvider
                + " from pg_catalog.pg_attribute a join pg_catalog.pg_collation c on c.oid = a.attcollation"
                + " where a.attrelid = to_regclass(?) and a.attnum > 0 and not a.attisdropped";
        Map<String, Allowed> allowed = new HashMap<>();
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, table.qualified());
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    String collation = rows.getString(2);
                    boolean libc = rows.getBoolean(3);
                    boolean isDeterministic = rows.getBoolean(4);
                    boolean bytewise = "default".equals(collation)
                            ? isByteOrder(rows.getString(5)) && rows.getBoolean(6)
                            : libc && isByteOrder(collation);
                    allowed.put(rows.getString(1), new Allowed(isDeterministic, isDeterministic && bytewise));
                }
            }
        }
        return allowed;
    }

    private static boolean isByteOrder(String collation) {
        return "C".equals(collation) || "POSIX".equals(collation);
    }
}
