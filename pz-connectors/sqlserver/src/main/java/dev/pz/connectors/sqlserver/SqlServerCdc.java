package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.ChangeRows;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What a SQL Server change capture of one dataset needs before it reads: its capture instance, its
 * prerequisites (each unmet one with the statement that fixes it), the columns that identify a row,
 * and the change rows' schema, described by the server from the snapshot select.
 */
final class SqlServerCdc {

    /**
     * One dataset's capture. {@code columns} are the table's columns the change rows carry after the
     * envelope; {@code sources} say where each field of {@code schema} comes from in a result.
     */
    record Capture(String dataset, String instance, List<String> columns, Schema schema,
            List<SqlServerArrowReader.Source> sources, List<String> keys, String snapshotSelect) {
        Capture {
            columns = List.copyOf(columns);
            sources = List.copyOf(sources);
            keys = List.copyOf(keys);
        }
    }

    /** Read options a change capture cannot honour: it reads the whole table's changes in one stream. */
    private static final List<String> FORBIDDEN = List.of(SqlServerOptions.QUERY.name(),
            SqlServerOptions.PARTITION_COLUMN.name(), SqlServerOptions.PARTITIONS.name());

    private SqlServerCdc() {
    }

    /** The capture instance of {@code spec}: {@code capture_instance}, else {@code <schema>_<table>}. */
    static String instance(DatasetSpec spec) {
        return SqlServerCdcSql.captureInstance(SqlServerTableName.parse(spec.entity()),
                spec.get(SqlServerOptions.CAPTURE_INSTANCE));
    }

    /**
     * Refuses (PZ0301) the read options a change capture cannot honour, and {@code capture_instance}
     * on a dataset that captures no changes.
     */
    static void checkOptions(DatasetSpec spec) {
        if (spec.changeCapture() == null) {
            if (spec.options().containsKey(SqlServerOptions.CAPTURE_INSTANCE.name())) {
                throw new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, "dataset '" + spec.entity()
                        + "': capture_instance applies only to sync: {mode: cdc}",
                        "remove capture_instance, or set sync: {mode: cdc}");
            }
            return;
        }
        List<String> forbidden = FORBIDDEN.stream().filter(spec.options()::containsKey).toList();
        if (!forbidden.isEmpty()) {
            throw new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, "dataset '" + spec.entity() + "': "
                    + String.join(", ", forbidden) + " cannot be used with sync: {mode: cdc}, which reads the whole"
                    + " table's changes in one stream", "remove " + String.join(" and ", forbidden) + " from the read");
        }
    }

    /** The unmet prerequisites, each {@code <problem>: <statement that fixes it>}; empty when all are met. */
    static List<String> unmetPrerequisites(SqlServerConnectionSettings settings, Connection connection,
            SqlServerTableName table, String instance) throws SQLException {
        List<String> unmet = new ArrayList<>();
        try (Statement statement = settings.statement(connection);
                ResultSet rows = statement.executeQuery(SqlServerCdcSql.prerequisites(table, instance))) {
            while (rows.next()) {
                unmet.add(rows.getString(1) + ": " + rows.getString(2));
            }
        }
        return unmet;
    }

    /**
     * Checks the prerequisites (all unmet ones reported together), then describes the capture.
     *
     * @throws PzConnectorException when a prerequisite is unmet
     */
    static Capture prepare(SqlServerConnectionSettings settings, Connection connection, DatasetSpec spec,
            Describer describer) throws SQLException {
        checkOptions(spec);
        SqlServerTableName table = SqlServerTableName.parse(spec.entity());
        String instance = instance(spec);
        List<String> unmet = unmetPrerequisites(settings, connection, table, instance);
        if (!unmet.isEmpty()) {
            throw new PzConnectorException("dataset '" + spec.entity() + "': change capture prerequisites are not"
                    + " met: " + String.join("; ", unmet), false);
        }
        List<String> keys = new ArrayList<>();
        try (Statement statement = settings.statement(connection);
                ResultSet rows = statement.executeQuery(SqlServerCdcSql.keyColumns(instance))) {
            while (rows.next()) {
                keys.add(rows.getString(1));
            }
        }
        return describe(spec, instance, keys, describer.describe(connection, snapshotSelect(spec)));
    }

    /** The snapshot select of {@code spec}: the contract's columns, else every column. */
    static String snapshotSelect(DatasetSpec spec) {
        List<String> contract = spec.columns() == null ? List.of() : List.copyOf(spec.columns().keySet());
        return SqlServerCdcSql.snapshot(SqlServerTableName.parse(spec.entity()), contract);
    }

    /**
     * The capture as the change rows look: {@code described} is the snapshot select's result (the
     * envelope, then the table's columns), which the changes select repeats column for column.
     */
    static Capture describe(DatasetSpec spec, String instance, List<String> keys, List<SqlServerColumn> described) {
        List<String> names = described.stream().map(SqlServerColumn::name).toList();
        if (names.size() <= ChangeRows.ENVELOPE.size()
                || !names.subList(0, ChangeRows.ENVELOPE.size()).equals(ChangeRows.ENVELOPE)) {
            throw new PzConnectorException("dataset '" + spec.entity() + "': the snapshot select describes columns "
                    + names + ", not the change envelope and the table's columns", false);
        }
        List<Field> fields = new ArrayList<>();
        List<SqlServerArrowReader.Source> sources = new ArrayList<>();
        for (int i = 0; i < described.size(); i++) {
            SqlServerColumn column = described.get(i);
            fields.add(column.readType().field(column.name()));
            sources.add(new SqlServerArrowReader.Source(i + 1, column.readType()));
        }
        List<String> columns = names.subList(ChangeRows.ENVELOPE.size(), names.size());
        List<String> missingKeys = keys.stream().filter(key -> columns.stream().noneMatch(key::equalsIgnoreCase))
                .toList();
        if (!missingKeys.isEmpty()) {
            throw new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, "dataset '" + spec.entity() + "': the"
                    + " capture's key column(s) " + missingKeys + " are not read (read: " + columns + ")",
                    "add them to the dataset's columns: contract");
        }
        List<String> keyNames = keys.stream().map(key -> columns.stream().filter(key::equalsIgnoreCase).findFirst()
                .orElseThrow()).toList();
        return new Capture(spec.entity(), instance, columns, new Schema(fields), sources, keyNames,
                snapshotSelect(spec));
    }

    /** Describes a select's result without running it. */
    @FunctionalInterface
    interface Describer {
        List<SqlServerColumn> describe(Connection connection, String select) throws SQLException;
    }
}
