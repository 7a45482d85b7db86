package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.OnDelete;
import dev.pz.connectors.api.error.PzConnectorException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The target table of a write, prepared inside the session's transaction: created with the
 * resolved types when missing, or checked against them (schema policy {@code fail_on_change}).
 * The check is exact for every declared and every non-text column; an undeclared text column
 * accepts any {@code nvarchar} or {@code varchar} width, since its sized type depends on the data.
 * An existing table is never altered. A merge target must have a unique index or primary key on
 * exactly the merge keys.
 */
final class SqlServerTarget {

    private SqlServerTarget() {
    }

    /** The existing table's columns (name → canonical type), or null when the session just created it. */
    static Map<String, String> ensure(SqlServerConnectionSettings settings, Connection connection, String output,
            SqlServerTableName target, List<String> columns, SqlServerColumnTypes.Resolved resolved, boolean merge,
            List<String> keys, boolean softDelete) throws SQLException {
        if (!exists(settings, connection, target)) {
            try (Statement statement = connection.createStatement()) {
                statement.execute(SqlServerDdl.createTable(target, columns, resolved.types(), merge, keys, softDelete));
            }
            return null;
        }
        Map<String, String> existing = existingColumns(settings, connection, target);
        List<String> mismatches = new ArrayList<>(mismatches(target, columns, resolved, existing));
        if (softDelete) {
            softDeleteColumnProblem(target, existing).ifPresent(mismatches::add);
        }
        if (!mismatches.isEmpty()) {
            throw new PzConnectorException("output '" + output + "': " + String.join("; ", mismatches) + " -- hint: "
                    + "schema_policy is 'fail_on_change' (the default); align the target table by hand, or drop it "
                    + "and let the sink create it", false);
        }
        if (merge && !hasUniqueIndexOn(settings, connection, target, keys)) {
            String keyList = String.join(", ", keys);
            throw new PzConnectorException("output '" + output + "': merge requires a unique index or primary key on "
                    + "exactly [" + keyList + "] on " + target + " -- hint: create one (e.g. 'create unique index ux_"
                    + target.table() + "_keys on " + target.qualified() + " (" + SqlServerSql.quoteAll(keys)
                    + ")') or drop the table and let the sink create it", false);
        }
        return existing;
    }

    /** Every difference between the write's columns and an existing table's, one message each. */
    static List<String> mismatches(SqlServerTableName target, List<String> columns, SqlServerColumnTypes.Resolved resolved,
            Map<String, String> existing) {
        List<String> mismatches = new ArrayList<>();
        for (String column : columns) {
            String expected = resolved.types().get(column);
            String actual = existing.get(column);
            if (actual == null) {
                mismatches.add("target column '" + column + "' is missing from " + target + " (expected '" + expected
                        + "')");
                continue;
            }
            boolean undeclaredText = !resolved.declared().contains(column) && expected.startsWith("nvarchar(");
            boolean ok = undeclaredText ? actual.startsWith("nvarchar(") || actual.startsWith("varchar(")
                    : actual.equalsIgnoreCase(expected);
            if (!ok) {
                mismatches.add("target column '" + column + "' in " + target + " has type '" + actual + "', expected '"
                        + expected + "'");
            }
        }
        return mismatches;
    }

    /**
     * Why an existing table cannot take soft deletes: it lacks {@code _pz_deleted_at}, or has it with
     * a type other than {@code datetime2}. The sink never alters an existing table, so the fix is
     * the user's statement.
     */
    static java.util.Optional<String> softDeleteColumnProblem(SqlServerTableName target, Map<String, String> existing) {
        String actual = existing.get(OnDelete.DELETED_AT);
        if (actual == null) {
            return java.util.Optional.of("target column '" + OnDelete.DELETED_AT + "' that on_delete: soft stamps is"
                    + " missing from " + target + " (add it: alter table " + target.qualified() + " add "
                    + SqlServerSql.quote(OnDelete.DELETED_AT) + " " + SqlServerDdl.DELETED_AT_TYPE + " null)");
        }
        if (!actual.startsWith("datetime2(")) {
            return java.util.Optional.of("target column '" + OnDelete.DELETED_AT + "' in " + target + " has type '"
                    + actual + "', expected 'datetime2(n)'");
        }
        return java.util.Optional.empty();
    }

    /**
     * The types a staging table gets: an existing target's own text types (so staging never pays the
     * {@code nvarchar(max)} path against a sized target, and a too-long value fails at load), the
     * resolved types otherwise.
     */
    static Map<String, String> stagingTypes(List<String> columns, SqlServerColumnTypes.Resolved resolved,
            Map<String, String> existing) {
        Map<String, String> types = new LinkedHashMap<>();
        for (String column : columns) {
            String actual = existing == null ? null : existing.get(column);
            boolean text = actual != null && (actual.startsWith("nvarchar(") || actual.startsWith("varchar(")
                    || actual.startsWith("nchar(") || actual.startsWith("char("));
            types.put(column, text ? actual : resolved.types().get(column));
        }
        return types;
    }

    private static boolean exists(SqlServerConnectionSettings settings, Connection connection, SqlServerTableName target)
            throws SQLException {
        try (PreparedStatement query = settings.prepare(connection, SqlServerDdl.TABLE_EXISTS)) {
            query.setString(1, target.schema());
            query.setString(2, target.table());
            try (ResultSet result = query.executeQuery()) {
                return result.next();
            }
        }
    }

    private static Map<String, String> existingColumns(SqlServerConnectionSettings settings, Connection connection,
            SqlServerTableName target) throws SQLException {
        Map<String, String> columns = new HashMap<>();
        try (PreparedStatement query = settings.prepare(connection, SqlServerDdl.EXISTING_COLUMNS)) {
            query.setString(1, target.schema());
            query.setString(2, target.table());
            try (ResultSet result = query.executeQuery()) {
                while (result.next()) {
                    columns.put(result.getString(1), SqlServerDdl.canonicalType(result.getString(2), result.getInt(3),
                            result.getInt(4), result.getInt(5)));
                }
            }
        }
        return columns;
    }

    private static boolean hasUniqueIndexOn(SqlServerConnectionSettings settings, Connection connection,
            SqlServerTableName target, List<String> keys) throws SQLException {
        Map<Integer, Set<String>> indexes = new HashMap<>();
        try (PreparedStatement query = settings.prepare(connection, SqlServerDdl.UNIQUE_INDEX_COLUMNS)) {
            query.setString(1, target.schema());
            query.setString(2, target.table());
            try (ResultSet result = query.executeQuery()) {
                while (result.next()) {
                    indexes.computeIfAbsent(result.getInt(1), id -> new LinkedHashSet<>()).add(result.getString(2));
                }
            }
        }
        return indexes.containsValue(new LinkedHashSet<>(keys));
    }
}
