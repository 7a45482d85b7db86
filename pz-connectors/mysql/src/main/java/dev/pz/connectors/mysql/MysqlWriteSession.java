package dev.pz.connectors.mysql;

import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.sql.ColumnKind;
import dev.pz.connectors.sql.SqlDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One write: the batches are bulk-loaded into a staging table {@code pz_tmp_<8 hex>}, then commit
 * makes them the output. Append inserts them into the table (created like the staging table when
 * missing); replace swaps the staging table in with one atomic {@code RENAME TABLE}; merge deletes
 * the rows whose keys arrive and inserts one staged row per key, in one transaction. Abort drops the
 * staging table, leaving the table as it was; a killed run can leave a {@code pz_tmp_} table behind.
 */
final class MysqlWriteSession implements WriteSession {

    private static final SqlDialect SQL = MysqlReadQuery.SQL;

    private final MysqlSettings settings;
    private final OutputSpec spec;
    private final List<String> columns = new ArrayList<>();
    private final String suffix;
    private final String staging;
    private final String target;
    private final Connection connection;
    private final MysqlBulkLoad load;
    private long rows;
    private long batches;
    private String state;

    MysqlWriteSession(MysqlSettings settings, OutputSpec spec, Schema schema) {
        this.settings = settings;
        this.spec = spec;
        List<ColumnKind> kinds = new ArrayList<>();
        List<String> definitions = new ArrayList<>();
        for (Field field : schema.getFields()) {
            ColumnKind kind = ColumnKind.of(field.getType()).orElseThrow(() -> new PzConnectorException(spec.context()
                    + ": column '" + field.getName() + "' has a type mysql cannot store (" + field.getType() + ")", false));
            columns.add(field.getName());
            kinds.add(kind);
            definitions.add(SQL.quote(field.getName()) + " " + MysqlTypes.declare(kind, field.getType()));
        }
        this.suffix = HexFormat.of().formatHex(new byte[] {(byte) ThreadLocalRandom.current().nextInt(),
                (byte) ThreadLocalRandom.current().nextInt(), (byte) ThreadLocalRandom.current().nextInt(),
                (byte) ThreadLocalRandom.current().nextInt()});
        this.staging = SQL.quote("pz_tmp_" + suffix);
        this.target = SQL.quote(spec.entity());
        Connection opened = null;
        try {
            opened = settings.open();
            execute(opened, "CREATE TABLE " + staging + " (" + String.join(", ", definitions) + ")");
            this.load = MysqlBulkLoad.choose(opened, staging, columns, kinds);
            this.connection = opened;
        } catch (SQLException | RuntimeException e) {
            if (opened != null) {
                dropStagingAndClose(opened);
            }
            throw MysqlErrors.wrap(spec.context() + ": mysql write failed", e, settings);
        }
    }

    /** How batches reach the server, for tests and diagnostics. */
    String mechanism() {
        return load.mechanism();
    }

    @Override
    public void write(VectorSchemaRoot batch) {
        ensureOpen("write");
        try {
            load.load(connection, batch);
        } catch (SQLException | RuntimeException e) {
            throw MysqlErrors.wrap(spec.context() + ": mysql bulk load failed", e, settings);
        }
        rows += batch.getRowCount();
        batches++;
    }

    @Override
    public WriteResult commit() {
        ensureOpen("commit");
        state = "committed";
        try {
            String list = SQL.quoteAll(columns);
            switch (spec.strategy()) {
                case APPEND -> {
                    execute(connection, "CREATE TABLE IF NOT EXISTS " + target + " LIKE " + staging);
                    execute(connection, "INSERT INTO " + target + " (" + list + ") SELECT " + list + " FROM " + staging);
                }
                case REPLACE -> replace();
                case MERGE -> merge(list);
            }
            return new WriteResult(rows, batches);
        } catch (SQLException e) {
            throw MysqlErrors.wrap(spec.context() + ": mysql commit failed", e, settings);
        } finally {
            dropStagingAndClose(connection);
        }
    }

    /** One RENAME TABLE swaps the staged table in: readers see the old table or the new one, never neither. */
    private void replace() throws SQLException {
        if (!exists(spec.entity())) {
            execute(connection, "RENAME TABLE " + staging + " TO " + target);
            return;
        }
        String old = SQL.quote("pz_old_" + suffix);
        execute(connection, "RENAME TABLE " + target + " TO " + old + ", " + staging + " TO " + target);
        execute(connection, "DROP TABLE " + old);
    }

    private void merge(String list) throws SQLException {
        execute(connection, "CREATE TABLE IF NOT EXISTS " + target + " LIKE " + staging);
        String match = spec.keys().stream().map(key -> "t." + SQL.quote(key) + " = s." + SQL.quote(key))
                .collect(Collectors.joining(" AND "));
        String partition = spec.keys().stream().map(SQL::quote).collect(Collectors.joining(", "));
        connection.setAutoCommit(false);
        try {
            execute(connection, "DELETE t FROM " + target + " t JOIN " + staging + " s ON " + match);
            execute(connection, "INSERT INTO " + target + " (" + list + ") SELECT " + list + " FROM (SELECT s.*,"
                    + " ROW_NUMBER() OVER (PARTITION BY " + partition + ") AS pz_rn FROM " + staging + " s) x"
                    + " WHERE pz_rn = 1");
            connection.commit();
        } catch (SQLException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(true);
        }
    }

    private boolean exists(String table) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT COUNT(*) FROM information_schema.tables"
                + " WHERE table_schema = DATABASE() AND table_name = ?")) {
            statement.setString(1, table);
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return result.getLong(1) > 0;
            }
        }
    }

    @Override
    public void abort() {
        ensureOpen("abort");
        state = "aborted";
        dropStagingAndClose(connection);
    }

    @Override
    public void close() {
        if (state == null) {
            state = "aborted";
            dropStagingAndClose(connection);
        }
    }

    private void ensureOpen(String action) {
        if (state != null) {
            throw new IllegalStateException("cannot " + action + " a session already " + state);
        }
    }

    private void dropStagingAndClose(Connection opened) {
        try {
            if (!opened.isClosed()) {
                execute(opened, "DROP TABLE IF EXISTS " + staging);
            }
        } catch (SQLException e) {
            // The session is ending; a staging table that cannot be dropped is named pz_tmp_ for cleanup.
        } finally {
            try {
                opened.close();
            } catch (SQLException e) {
                // Nothing is left to release.
            }
        }
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    @Override
    public String toString() {
        return "MysqlWriteSession[" + settings.connection() + " " + spec.entity() + "]";
    }
}
