package dev.pz.connectors.postgres;

import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.MergeKeyDuplicates;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.DeleteApplyingSession;
import dev.pz.connectors.api.OnDelete;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * One universal write: one connection, one transaction, one
 * binary COPY. Append copies into the target; replace and merge copy into a temp table and move
 * the rows at commit ({@code truncate + insert}, or {@code insert … on conflict do update}), so
 * other sessions see the old rows until the commit. Abort, or close without commit, rolls
 * everything back, including a table the session created.
 *
 * <p>A merge fed by a change capture also takes the keys of deleted rows ({@link #deleteKeys}),
 * copied into a second temp table once the upserted rows are in; at commit, after the upsert, they
 * delete the target's rows ({@code on_delete: delete}) or stamp their {@code _pz_deleted_at}
 * ({@code soft}), in the same transaction.
 */
final class PostgresWriteSession implements DeleteApplyingSession, Cancellable {

    private enum State {
        OPEN("open"), COMMITTING("committed"), COMMITTED("committed"), ABORTED("aborted");

        private final String word;

        State(String word) {
            this.word = word;
        }
    }

    /** SQLSTATE of an {@code on conflict do update} that meets the same key twice. */
    private static final String CARDINALITY_VIOLATION = "21000";

    private final PostgresConnectionSettings settings;
    private final OutputSpec spec;
    private final PostgresTableName target;
    private final List<String> columns;
    private final int[] keyIndexes;
    private final Connection connection;
    private final CopyIn copy;
    private final PostgresCopyEncoder encoder;
    private final String tempTable;
    private State state = State.OPEN;
    private boolean upsertsCopied;
    private PostgresDeleteCopy deletes;
    private long rowsWritten;
    private long batchesWritten;

    private PostgresWriteSession(PostgresConnectionSettings settings, OutputSpec spec, PostgresTableName target,
            List<String> columns, int[] keyIndexes, Connection connection, CopyIn copy, PostgresCopyEncoder encoder,
            String tempTable) {
        this.settings = settings;
        this.spec = spec;
        this.target = target;
        this.columns = columns;
        this.keyIndexes = keyIndexes;
        this.connection = connection;
        this.copy = copy;
        this.encoder = encoder;
        this.tempTable = tempTable;
    }

    /** Checks the request, connects, prepares the target and starts the COPY. */
    static PostgresWriteSession begin(PostgresConnectionSettings settings, OutputSpec spec, Schema schema) {
        String output = spec.entity();
        PostgresTableName target = PostgresTableName.parse(output);
        if (spec.schemaPolicy() == SchemaPolicy.EVOLVE) {
            throw new PzConnectorException("output '" + output + "': schema_policy 'evolve' is not supported by the "
                    + "postgres sink in v0 -- use fail_on_change and alter the target table yourself", false);
        }
        List<String> columns = new ArrayList<>();
        List<PostgresWriteType> types = new ArrayList<>();
        List<ArrowType> arrowTypes = new ArrayList<>();
        for (Field field : schema.getFields()) {
            columns.add(field.getName());
            types.add(PostgresWriteType.of(output, field));
            arrowTypes.add(field.getType());
        }
        int[] keyIndexes = keyIndexes(spec, columns);
        Connection connection;
        try {
            connection = settings.open();
        } catch (SQLException e) {
            throw PostgresErrors.wrap("output '" + output + "': postgres write failed", e, settings);
        }
        try {
            connection.setAutoCommit(false);
            ensureTarget(settings, connection, spec, target, columns, types);
            String copyTarget = target.qualified();
            String tempTable = null;
            if (spec.strategy() != WriteStrategy.APPEND) {
                tempTable = "pz_tmp_" + String.format("%08x", ThreadLocalRandom.current().nextInt());
                execute(settings, connection, "create temp table " + PostgresSql.quote(tempTable) + " (like " + target.qualified()
                        + ")");
                copyTarget = PostgresSql.quote(tempTable);
            }
            CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI().copyIn("copy " + copyTarget + " ("
                    + PostgresSql.quoteAll(columns) + ") from stdin (format binary)");
            PostgresCopyEncoder encoder = new PostgresCopyEncoder(copy::writeToCopy, types, arrowTypes);
            return new PostgresWriteSession(settings, spec, target, List.copyOf(columns), keyIndexes, connection, copy,
                    encoder, tempTable);
        } catch (SQLException | RuntimeException e) {
            discard(connection);
            throw PostgresErrors.wrap("output '" + output + "': postgres write failed", e, settings);
        }
    }

    /** Borrows {@code batch} for the call: its rows are encoded into the COPY before this returns. */
    @Override
    public void write(VectorSchemaRoot batch) {
        requireOpen("write");
        if (upsertsCopied) {
            throw new IllegalStateException("cannot write rows after the deleted keys");
        }
        for (int keyIndex : keyIndexes) {
            FieldVector key = batch.getVector(keyIndex);
            int nulls = key.getNullCount();
            if (nulls > 0) {
                throw new PzConnectorException(PzCode.MERGE_KEY_NULL, "output '" + spec.entity() + "': merge key column '"
                        + columns.get(keyIndex) + "' is null in " + nulls + " row(s) -- every merge key must be non-null");
            }
        }
        try {
            encoder.encode(batch);
        } catch (SQLException e) {
            throw PostgresErrors.wrap("output '" + spec.entity() + "': postgres write failed", e, settings);
        }
        rowsWritten += batch.getRowCount();
        batchesWritten++;
    }

    @Override
    public WriteResult commit() {
        requireOpen("commit");
        state = State.COMMITTING;
        try {
            finishUpserts();
            if (deletes != null) {
                deletes.finish();
            }
            String columnList = PostgresSql.quoteAll(columns);
            Optional<MergeKeyDuplicates> duplicates = Optional.empty();
            switch (spec.strategy()) {
                case APPEND -> {
                }
                case REPLACE -> {
                    execute(settings, connection, "truncate table " + target.qualified());
                    execute(settings, connection, "insert into " + target.qualified() + " (" + columnList + ") select "
                            + columnList + " from " + PostgresSql.quote(tempTable));
                }
                case MERGE -> duplicates = Optional.of(merge(columnList));
            }
            if (deletes != null) {
                execute(settings, connection, deletes.applySql(target, spec.onDelete()));
            }
            connection.commit();
            state = State.COMMITTED;
            return new WriteResult(rowsWritten, batchesWritten, duplicates);
        } catch (SQLException e) {
            throw PostgresErrors.wrap("output '" + spec.entity() + "': postgres write failed", e, settings);
        } finally {
            discard(connection);
        }
    }

    /** Borrows {@code keys} for the call; the first call ends the COPY of the upserted rows. */
    @Override
    public void deleteKeys(VectorSchemaRoot keys) {
        requireOpen("delete keys of");
        if (spec.strategy() != WriteStrategy.MERGE || spec.onDelete() == null || spec.onDelete() == OnDelete.IGNORE) {
            throw new IllegalStateException("output '" + spec.entity() + "' applies no deletes");
        }
        try {
            finishUpserts();
            if (deletes == null) {
                deletes = PostgresDeleteCopy.begin(settings, connection, spec, keys.getSchema());
            }
            deletes.encode(keys);
        } catch (SQLException e) {
            throw PostgresErrors.wrap("output '" + spec.entity() + "': postgres write failed", e, settings);
        }
    }

    /** Ends the COPY of the upserted rows, once. */
    private void finishUpserts() throws SQLException {
        if (!upsertsCopied) {
            encoder.finish();
            copy.endCopy();
            upsertsCopied = true;
        }
    }

    @Override
    public void abort() {
        requireOpen("abort");
        state = State.ABORTED;
        try {
            if (copy.isActive()) {
                copy.cancelCopy();
            }
            if (deletes != null) {
                deletes.cancel();
            }
            connection.rollback();
        } catch (SQLException e) {
            // Best effort: closing the session below rolls back whatever is still open.
        } finally {
            discard(connection);
        }
    }

    /**
     * Asks the server to cancel the statement this session is running (the COPY, or the commit's
     * move into the target); the blocked call then fails and the transaction rolls back.
     */
    @Override
    public void cancel() {
        PostgresErrors.cancelQuietly(connection);
    }

    /** Aborts a session that saw neither commit nor abort; otherwise only releases the connection. */
    @Override
    public void close() {
        if (state == State.OPEN) {
            abort();
        } else {
            discard(connection);
        }
    }

    /**
     * Upserts the temp table into the target and returns the key groups it met more than once. Most
     * loads carry each key once, and then the plain {@code insert … on conflict do update} needs no
     * sort, and its success proves every key unique: PostgreSQL refuses that statement when a key
     * repeats (SQLSTATE 21000, "cannot affect row a second time"). Then the savepoint undoes the
     * attempt, the repeated keys are counted, and the upsert runs again on the last row of each key,
     * so the outcome is the same. {@code do nothing} (every column a key) passes repeated keys
     * without complaint, so they are counted first.
     */
    private MergeKeyDuplicates merge(String columnList) throws SQLException {
        if (updateAssignments().isEmpty()) {
            MergeKeyDuplicates duplicates = countDuplicateKeys();
            execute(settings, connection, mergeSql(columnList, false));
            return duplicates;
        }
        Savepoint plain = connection.setSavepoint();
        try {
            execute(settings, connection, mergeSql(columnList, false));
            connection.releaseSavepoint(plain);
            return MergeKeyDuplicates.NONE;
        } catch (SQLException e) {
            if (!CARDINALITY_VIOLATION.equals(e.getSQLState())) {
                throw e;
            }
            connection.rollback(plain);
            MergeKeyDuplicates duplicates = countDuplicateKeys();
            execute(settings, connection, mergeSql(columnList, true));
            return duplicates;
        }
    }

    /** Key groups of the temp table with more than one row, and the rows beyond the first of each. */
    private MergeKeyDuplicates countDuplicateKeys() throws SQLException {
        String keyList = PostgresSql.quoteAll(spec.keys());
        String sql = "select count(*), coalesce(sum(n - 1), 0) from (select count(*) as n from "
                + PostgresSql.quote(tempTable) + " group by " + keyList + " having count(*) > 1) repeated";
        try (Statement statement = settings.statement(connection); ResultSet row = statement.executeQuery(sql)) {
            row.next();
            return new MergeKeyDuplicates(row.getLong(1), row.getLong(2));
        }
    }

    private String mergeSql(String columnList, boolean lastRowPerKey) {
        List<String> keys = spec.keys();
        String keyList = PostgresSql.quoteAll(keys);
        StringBuilder sql = new StringBuilder("insert into ").append(target.qualified()).append(" (").append(columnList)
                .append(") select ");
        if (lastRowPerKey) {
            sql.append("distinct on (").append(keyList).append(") ");
        }
        sql.append(columnList).append(" from ").append(PostgresSql.quote(tempTable));
        if (lastRowPerKey) {
            sql.append(" order by ").append(keyList).append(", ctid desc");
        }
        sql.append(" on conflict (").append(keyList).append(") do ");
        List<String> updates = updateAssignments();
        sql.append(updates.isEmpty() ? "nothing" : "update set " + String.join(", ", updates));
        return sql.toString();
    }

    /** The {@code do update set} assignments of the upsert; none when every column is a key. */
    private List<String> updateAssignments() {
        List<String> updates = new ArrayList<>();
        for (String column : columns) {
            if (!spec.keys().contains(column)) {
                updates.add(PostgresSql.quote(column) + " = excluded." + PostgresSql.quote(column));
            }
        }
        if (spec.onDelete() == OnDelete.SOFT) {
            updates.add(PostgresSql.quote(OnDelete.DELETED_AT) + " = null");
        }
        return updates;
    }

    private void requireOpen(String action) {
        if (state != State.OPEN) {
            throw new IllegalStateException("cannot " + action + " a session already " + state.word);
        }
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

    /** Creates the target with mapped types, or checks an existing one (schema_policy fail_on_change). */
    private static void ensureTarget(PostgresConnectionSettings settings, Connection connection,
            OutputSpec spec, PostgresTableName target, List<String> columns, List<PostgresWriteType> types)
            throws SQLException {
        String output = spec.entity();
        boolean merge = spec.strategy() == WriteStrategy.MERGE;
        Map<String, String> existing = existingColumns(settings, connection, target);
        if (existing == null) {
            List<String> definitions = new ArrayList<>();
            for (int i = 0; i < columns.size(); i++) {
                definitions.add(PostgresSql.quote(columns.get(i)) + " " + types.get(i).ddl());
            }
            if (merge && spec.onDelete() == OnDelete.SOFT) {
                definitions.add(PostgresSql.quote(OnDelete.DELETED_AT) + " timestamptz");
            }
            if (merge) {
                definitions.add("unique (" + PostgresSql.quoteAll(spec.keys()) + ")");
            }
            execute(settings, connection, "create table " + target.qualified() + " (" + String.join(", ", definitions) + ")");
            return;
        }
        for (int i = 0; i < columns.size(); i++) {
            String column = columns.get(i);
            PostgresWriteType type = types.get(i);
            String actual = existing.get(column);
            if (actual == null) {
                throw new PzConnectorException("output '" + output + "': target column '" + column + "' is missing from "
                        + target + " (expected '" + type.expected() + "') -- hint: add it (alter table "
                        + target.qualified() + " add column " + PostgresSql.quote(column) + " " + type.ddl()
                        + ") or drop the table so pz creates it", false);
            }
            if (!type.accepts(actual)) {
                throw new PzConnectorException("output '" + output + "': target column '" + column + "' in " + target
                        + " has type '" + actual + "', expected '" + type.expected() + "' -- hint: alter the column's "
                        + "type or cast the column in the pipeline's select", false);
            }
        }
        if (merge && spec.onDelete() == OnDelete.SOFT) {
            ensureSoftDeleteColumn(settings, connection, spec, target, existing.get(OnDelete.DELETED_AT));
        }
        if (merge && !hasUniqueIndexOn(settings, connection, target, spec.keys())) {
            String keys = String.join(", ", spec.keys());
            throw new PzConnectorException("output '" + output + "': merge target " + target
                    + " needs a unique constraint on (" + keys + ") -- hint: add unique (" + keys + "), e.g. alter table "
                    + target.qualified() + " add unique (" + PostgresSql.quoteAll(spec.keys()) + ")", false);
        }
    }

    /**
     * The soft-delete column of an existing target: added under {@code schema_policy: additive}, else
     * required to be there already.
     */
    private static void ensureSoftDeleteColumn(PostgresConnectionSettings settings, Connection connection,
            OutputSpec spec, PostgresTableName target, String actualType) throws SQLException {
        String column = PostgresSql.quote(OnDelete.DELETED_AT);
        if (actualType == null && spec.schemaPolicy() == SchemaPolicy.ADDITIVE) {
            execute(settings, connection, "alter table " + target.qualified() + " add column " + column + " timestamptz");
        } else if (actualType == null) {
            throw new PzConnectorException("output '" + spec.entity() + "': target column '" + OnDelete.DELETED_AT
                    + "' is missing from " + target + " (expected 'timestamptz') -- hint: on_delete: soft stamps it;"
                    + " add it (alter table " + target.qualified() + " add column " + column + " timestamptz) or set"
                    + " schema_policy: additive", false);
        } else if (!actualType.startsWith("timestamp")) {
            throw new PzConnectorException("output '" + spec.entity() + "': target column '" + OnDelete.DELETED_AT
                    + "' in " + target + " has type '" + actualType + "', expected 'timestamptz' -- hint: alter the"
                    + " column's type", false);
        }
    }

    /**
     * Column name → {@code data_type}, or null when the table does not exist: one statement, the
     * table's row joined to its columns (a table without columns yields one row of nulls).
     */
    private static Map<String, String> existingColumns(PostgresConnectionSettings settings, Connection connection,
            PostgresTableName target) throws SQLException {
        try (PreparedStatement query = settings.prepare(connection, "select c.column_name, c.data_type"
                + " from information_schema.tables t left join information_schema.columns c"
                + " on c.table_schema = t.table_schema and c.table_name = t.table_name"
                + " where t.table_schema = ? and t.table_name = ?")) {
            query.setString(1, target.schema());
            query.setString(2, target.table());
            try (ResultSet result = query.executeQuery()) {
                Map<String, String> columns = null;
                while (result.next()) {
                    if (columns == null) {
                        columns = new HashMap<>();
                    }
                    if (result.getString(1) != null) {
                        columns.put(result.getString(1), result.getString(2));
                    }
                }
                return columns;
            }
        }
    }

    /** Whether a valid, immediate, non-partial, non-expression unique index covers exactly {@code keys}. */
    private static boolean hasUniqueIndexOn(PostgresConnectionSettings settings, Connection connection,
            PostgresTableName target, List<String> keys) throws SQLException {
        Map<Long, Set<String>> indexes = new HashMap<>();
        try (PreparedStatement query = settings.prepare(connection, "select i.indexrelid::bigint, a.attname::text "
                + "from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[]) "
                + "where i.indrelid = to_regclass(?) and i.indisunique and i.indisvalid and i.indimmediate "
                + "and i.indpred is null and i.indexprs is null")) {
            query.setString(1, target.qualified());
            try (ResultSet result = query.executeQuery()) {
                while (result.next()) {
                    indexes.computeIfAbsent(result.getLong(1), id -> new LinkedHashSet<>()).add(result.getString(2));
                }
            }
        }
        return indexes.containsValue(new LinkedHashSet<>(keys));
    }

    static void execute(PostgresConnectionSettings settings, Connection connection, String sql)
            throws SQLException {
        try (Statement statement = settings.statement(connection)) {
            statement.execute(sql);
        }
    }

    /** Closes the connection; an open transaction (and an unfinished COPY) dies with it, i.e. rolls back. */
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
