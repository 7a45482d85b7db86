package dev.pz.connectors.sqlserver;

import com.microsoft.sqlserver.jdbc.SQLServerBulkCopy;
import com.microsoft.sqlserver.jdbc.SQLServerBulkCopyOptions;
import dev.pz.connectors.api.DeleteApplyingSession;
import dev.pz.connectors.api.OnDelete;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One universal write: one session, one transaction, one bulk copy fed straight from the Arrow
 * batches ({@link ArrowBulkData}). Append loads the target; replace and merge load a
 * session-private {@code #temp} table and touch the target only at commit (replace: clear it and
 * insert the staged rows; merge: one {@code MERGE} over the staged rows, deduplicated per key), so
 * other sessions read the old rows until the commit. A merge fed by a change capture also takes
 * deleted keys: bulk-loaded into a second {@code #temp} table and applied after the merge, in the
 * same transaction, by a join ({@code on_delete: delete} removes the rows, {@code soft} stamps
 * their {@code _pz_deleted_at}). Abort, or close without commit, rolls everything back, a table the
 * session created included.
 */
final class SqlServerWriteSession implements DeleteApplyingSession {

    private enum State {
        OPEN("open"), COMMITTING("committed"), COMMITTED("committed"), ABORTED("aborted");

        private final String word;

        State(String word) {
            this.word = word;
        }
    }

    private final SqlServerConnectionSettings settings;
    private final OutputSpec spec;
    private final SqlServerTableName target;
    private final List<String> columns;
    private final List<ArrowBulkData.Column> bulkColumns;
    private final int[] keyIndexes;
    private final SqlServerWriteOptions options;
    private final Connection connection;
    private final SQLServerBulkCopy bulkCopy;
    private final String staging;
    private final Map<String, String> keyTypes;
    private DeletedKeys deletedKeys;
    private State state = State.OPEN;
    private long rowsWritten;
    private long batchesWritten;

    private SqlServerWriteSession(SqlServerConnectionSettings settings, OutputSpec spec, SqlServerTableName target,
            List<String> columns, List<ArrowBulkData.Column> bulkColumns, int[] keyIndexes,
            SqlServerWriteOptions options, Connection connection, SQLServerBulkCopy bulkCopy, String staging,
            Map<String, String> keyTypes) {
        this.settings = settings;
        this.spec = spec;
        this.target = target;
        this.columns = columns;
        this.bulkColumns = bulkColumns;
        this.keyIndexes = keyIndexes;
        this.options = options;
        this.connection = connection;
        this.bulkCopy = bulkCopy;
        this.staging = staging;
        this.keyTypes = keyTypes;
    }

    /** The session's table of deleted keys and the bulk copy that loads it, made by the first batch of keys. */
    private record DeletedKeys(String table, SQLServerBulkCopy bulkCopy, List<ArrowBulkData.Column> columns) {
    }

    /** Checks the request offline, then connects, prepares the target and the staging table. */
    static SqlServerWriteSession begin(SqlServerConnectionSettings settings, OutputSpec spec, Schema schema) {
        String output = spec.entity();
        SqlServerTableName target = SqlServerTableName.parse(output);
        if (spec.schemaPolicy() == SchemaPolicy.EVOLVE) {
            throw new PzConnectorException("output '" + output + "': schema_policy 'evolve' is not supported by the "
                    + "sqlserver sink -- hint: use 'fail_on_change' (the default) and align the target schema by hand",
                    false);
        }
        List<Field> fields = schema.getFields();
        List<String> columns = fields.stream().map(Field::getName).toList();
        List<SqlServerWriteType> writeTypes = fields.stream().map(field -> SqlServerWriteType.of(output, field)).toList();
        boolean merge = spec.strategy() == WriteStrategy.MERGE;
        int[] keyIndexes = keyIndexes(spec, columns);
        if (merge && columns.contains(SqlServerDdl.SEQUENCE)) {
            throw new PzConnectorException("output '" + output + "': column name '" + SqlServerDdl.SEQUENCE + "' is "
                    + "reserved by the sqlserver sink's merge staging -- hint: rename the column in the pipeline SQL",
                    false);
        }
        SqlServerWriteOptions options = SqlServerWriteOptions.of(spec);
        SqlServerColumnTypes.Resolved resolved = SqlServerColumnTypes.resolve(spec, fields, writeTypes);
        Connection connection;
        try {
            connection = settings.open();
        } catch (SQLException e) {
            throw SqlServerErrors.wrap("output '" + output + "': sqlserver sink open failed", e, settings);
        }
        try {
            connection.setAutoCommit(false);
            Map<String, String> existing = SqlServerTarget.ensure(settings, connection, output, target, columns,
                    resolved, merge, spec.keys(), merge && spec.onDelete() == OnDelete.SOFT);
            String staging = null;
            Map<String, String> loadTypes = existing == null ? resolved.types() : existingTypes(columns, existing);
            if (spec.strategy() != WriteStrategy.APPEND) {
                staging = "#pz_tmp_" + String.format("%08x", ThreadLocalRandom.current().nextInt());
                loadTypes = SqlServerTarget.stagingTypes(columns, resolved, existing);
                try (Statement statement = connection.createStatement()) {
                    statement.execute(SqlServerDdl.createStaging(staging, columns, loadTypes, merge));
                }
            }
            List<ArrowBulkData.Column> bulkColumns = bulkColumns(output, fields, writeTypes, loadTypes);
            SQLServerBulkCopy bulkCopy = bulkCopy(connection, staging == null ? target.qualified()
                    : SqlServerSql.quote(staging), columns, staging != null || options.tablock(), options.batchSize());
            Map<String, String> keyTypes = new java.util.LinkedHashMap<>();
            for (String key : merge ? spec.keys() : List.<String>of()) {
                keyTypes.put(key, existing == null ? resolved.types().get(key) : existing.get(key));
            }
            return new SqlServerWriteSession(settings, spec, target, columns, bulkColumns, keyIndexes, options,
                    connection, bulkCopy, staging, keyTypes);
        } catch (SQLException | RuntimeException e) {
            discard(connection);
            throw SqlServerErrors.wrap("output '" + output + "': sqlserver sink open failed", e, settings);
        }
    }

    /** Borrows {@code batch} for the call: its rows are sent to the server before this returns. */
    @Override
    public void write(VectorSchemaRoot batch) {
        requireOpen("write");
        for (int keyIndex : keyIndexes) {
            FieldVector key = batch.getVector(keyIndex);
            int nulls = key.getNullCount();
            if (nulls > 0) {
                throw new PzConnectorException(PzCode.MERGE_KEY_NULL, "output '" + spec.entity() + "': merge key column '"
                        + columns.get(keyIndex) + "' is null in " + nulls + " row(s) -- every merge key must be non-null");
            }
        }
        if (batch.getRowCount() == 0) {
            return;
        }
        try {
            bulkCopy.writeToServer(new ArrowBulkData(bulkColumns, batch));
        } catch (SQLException | RuntimeException e) {
            throw SqlServerErrors.wrap("output '" + spec.entity() + "': sqlserver bulk write failed", e, settings);
        }
        rowsWritten += batch.getRowCount();
        batchesWritten++;
    }

    /**
     * Loads a batch of deleted keys (exactly the merge keys, in order) into the session's table of
     * deleted keys, which the first batch creates; applied at commit, after the merge.
     */
    @Override
    public void deleteKeys(VectorSchemaRoot keys) {
        requireOpen("delete keys in");
        if (spec.strategy() != WriteStrategy.MERGE || spec.onDelete() == null || spec.onDelete() == OnDelete.IGNORE) {
            throw new IllegalStateException("output '" + spec.entity() + "' applies no deletes (on_delete: "
                    + (spec.onDelete() == null ? "unset" : spec.onDelete().word()) + ")");
        }
        if (keys.getRowCount() == 0) {
            return;
        }
        try {
            if (deletedKeys == null) {
                deletedKeys = createDeletedKeys(keys.getSchema().getFields());
            }
            deletedKeys.bulkCopy().writeToServer(new ArrowBulkData(deletedKeys.columns(), keys));
        } catch (SQLException | RuntimeException e) {
            throw SqlServerErrors.wrap("output '" + spec.entity() + "': sqlserver bulk write of deleted keys failed",
                    e, settings);
        }
    }

    private DeletedKeys createDeletedKeys(List<Field> fields) throws SQLException {
        List<String> names = fields.stream().map(Field::getName).toList();
        if (!names.equals(spec.keys())) {
            throw new IllegalArgumentException("deleted keys " + names + " are not the merge keys " + spec.keys());
        }
        String table = "#pz_del_" + String.format("%08x", ThreadLocalRandom.current().nextInt());
        execute(SqlServerDdl.createDeletedKeys(table, spec.keys(), keyTypes));
        List<SqlServerWriteType> writeTypes = fields.stream().map(field -> SqlServerWriteType.of(spec.entity(), field))
                .toList();
        List<ArrowBulkData.Column> announced = bulkColumns(spec.entity(), fields, writeTypes, keyTypes);
        return new DeletedKeys(table, bulkCopy(connection, SqlServerSql.quote(table), names, true, 0), announced);
    }

    @Override
    public WriteResult commit() {
        requireOpen("commit");
        state = State.COMMITTING;
        try {
            switch (spec.strategy()) {
                case APPEND -> {
                }
                case REPLACE -> {
                    execute(SqlServerDdl.clear(target, clearWithDelete()));
                    execute(SqlServerDdl.insertFromStaging(target, staging, columns, options.tablock()));
                }
                case MERGE -> {
                    execute(SqlServerDdl.stagingIndex(staging, spec.keys()));
                    boolean soft = spec.onDelete() == OnDelete.SOFT;
                    execute(SqlServerDdl.merge(target, staging, columns, spec.keys(), soft));
                    if (deletedKeys != null) {
                        execute(SqlServerCdcSql.applyDeletes(target, deletedKeys.table(), spec.keys(), soft));
                    }
                }
            }
            connection.commit();
            state = State.COMMITTED;
            return new WriteResult(rowsWritten, batchesWritten);
        } catch (SQLException e) {
            throw SqlServerErrors.wrap("output '" + spec.entity() + "': sqlserver commit failed", e, settings);
        } finally {
            release();
        }
    }

    @Override
    public void abort() {
        requireOpen("abort");
        state = State.ABORTED;
        try {
            connection.rollback();
        } catch (SQLException e) {
            // Best effort: closing the session below rolls back whatever is still open.
        } finally {
            release();
        }
    }

    /** Aborts a session that saw neither commit nor abort; otherwise only releases the connection. */
    @Override
    public void close() {
        if (state == State.OPEN) {
            abort();
        } else {
            release();
        }
    }

    /**
     * TRUNCATE unless the target is referenced by a foreign key or the login lacks ALTER on it; decided
     * before clearing, because a refused TRUNCATE dooms the whole transaction.
     */
    private boolean clearWithDelete() throws SQLException {
        try (PreparedStatement probe = settings.prepare(connection, SqlServerDdl.CLEAR_WITH_DELETE_PROBE)) {
            probe.setString(1, target.qualified());
            probe.setString(2, target.qualified());
            try (ResultSet result = probe.executeQuery()) {
                result.next();
                return result.getInt(1) == 1;
            }
        }
    }

    /** Runs a statement that moves data: not bounded by the command timeout. */
    private void execute(String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private void requireOpen(String action) {
        if (state != State.OPEN) {
            throw new IllegalStateException("cannot " + action + " a session already " + state.word);
        }
    }

    private void release() {
        bulkCopy.close();
        if (deletedKeys != null) {
            deletedKeys.bulkCopy().close();
        }
        discard(connection);
    }

    private static SQLServerBulkCopy bulkCopy(Connection connection, String destination, List<String> columns,
            boolean tablock, int batchSize) throws SQLException {
        SQLServerBulkCopy bulkCopy = new SQLServerBulkCopy(connection);
        SQLServerBulkCopyOptions copyOptions = new SQLServerBulkCopyOptions();
        copyOptions.setKeepNulls(true);
        copyOptions.setTableLock(tablock);
        copyOptions.setBatchSize(batchSize);
        copyOptions.setBulkCopyTimeout(0);
        copyOptions.setUseInternalTransaction(false);
        bulkCopy.setBulkCopyOptions(copyOptions);
        bulkCopy.setDestinationTableName(destination);
        for (String column : columns) {
            bulkCopy.addColumnMapping(column, column);
        }
        return bulkCopy;
    }

    /**
     * How each column is announced to the driver. Text takes precision 0, which the driver reads as
     * "the target column's length"; binary announces the target's length; decimals their own
     * precision and scale, refused up front when their scale exceeds the target's (the server would
     * round the extra digits away).
     */
    static List<ArrowBulkData.Column> bulkColumns(String output, List<Field> fields, List<SqlServerWriteType> writeTypes,
            Map<String, String> targetTypes) {
        List<ArrowBulkData.Column> announced = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            Field field = fields.get(i);
            SqlServerWriteType type = writeTypes.get(i);
            String targetType = targetTypes.get(field.getName());
            int precision;
            int scale = 0;
            switch (type) {
                case SMALLINT -> precision = 5;
                case INT -> precision = 10;
                case BIGINT -> precision = 19;
                case REAL -> precision = 7;
                case FLOAT -> precision = 15;
                case BIT -> precision = 1;
                case TEXT -> precision = 0;
                case DATE -> precision = 10;
                case DATETIME2 -> {
                    precision = 26;
                    scale = 6;
                }
                case VARBINARY -> precision = declaredLength(targetType);
                case DECIMAL -> {
                    ArrowType.Decimal decimal = (ArrowType.Decimal) field.getType();
                    precision = decimal.getPrecision();
                    scale = decimal.getScale();
                    int targetScale = decimalScale(targetType);
                    if (targetScale >= 0 && scale > targetScale) {
                        throw new PzConnectorException("output '" + output + "': column '" + field.getName()
                                + "' carries decimal(" + precision + "," + scale + ") values, more fractional digits "
                                + "than its target type " + targetType + " holds -- hint: declare a wider type in the "
                                + "output's columns: option, or round or cast the column in the pipeline's select",
                                false);
                    }
                }
                default -> throw new IllegalStateException("unhandled write type " + type);
            }
            announced.add(new ArrowBulkData.Column(field.getName(), type.jdbcType(), precision, scale));
        }
        return List.copyOf(announced);
    }

    /** The target's own types for an existing table, so decimals and binaries are checked against them. */
    private static Map<String, String> existingTypes(List<String> columns, Map<String, String> existing) {
        Map<String, String> types = new java.util.LinkedHashMap<>();
        for (String column : columns) {
            types.put(column, existing.get(column));
        }
        return types;
    }

    /** {@code varbinary(n)} → n; {@code varbinary(max)} or anything else → the largest length. */
    private static int declaredLength(String type) {
        if (type != null && type.startsWith("varbinary(") && !type.equals("varbinary(max)")) {
            return Integer.parseInt(type.substring("varbinary(".length(), type.length() - 1));
        }
        return Integer.MAX_VALUE;
    }

    /** {@code decimal(p,s)} → s; -1 for any other type. */
    private static int decimalScale(String type) {
        if (type == null || !type.startsWith("decimal(")) {
            return -1;
        }
        return Integer.parseInt(type.substring(type.indexOf(',') + 1, type.length() - 1));
    }

    private static int[] keyIndexes(OutputSpec spec, List<String> columns) {
        if (spec.strategy() != WriteStrategy.MERGE) {
            return new int[0];
        }
        List<String> missing = new ArrayList<>();
        int[] indexes = new int[spec.keys().size()];
        for (int i = 0; i < indexes.length; i++) {
            indexes[i] = columns.indexOf(spec.keys().get(i));
            if (indexes[i] < 0) {
                missing.add(spec.keys().get(i));
            }
        }
        if (spec.keys().isEmpty() || !missing.isEmpty()) {
            throw new PzConnectorException("output '" + spec.entity() + "': merge key column(s) "
                    + (spec.keys().isEmpty() ? "[]" : missing) + " are not present in the write schema", false);
        }
        return indexes;
    }

    /** Closes the connection; an open transaction dies with it, i.e. rolls back. */
    private static void discard(Connection connection) {
        try {
            if (!connection.isClosed()) {
                connection.close();
            }
        } catch (SQLException e) {
            // The server rolls back a transaction whose session ends; nothing is left to undo.
        }
    }
}
