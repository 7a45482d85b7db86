package dev.pz.connectors.postgres;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.ChangeRows;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.postgresql.PGConnection;
import org.postgresql.replication.LogSequenceNumber;
import org.postgresql.replication.PGReplicationStream;

/**
 * The changes of one table since a stored position, read from its replication slot with the
 * {@code pgoutput} plugin (protocol 1, text values) up to a target position captured when the read
 * starts, the log's insert position (every transaction committed before the read began lies before
 * it, flushed or not): it stops at the first commit at or past the target, when the server reports it has sent
 * everything up to the target, or after {@code idleTimeout} without a message (the server sends
 * only log it has flushed, so a target inside a transaction still open may be reached only then). Only changes of
 * committed transactions reach a batch; each becomes one change row ({@link ChangeRows}) positioned
 * {@code <commit lsn>-<sequence in the transaction>}.
 *
 * <p>The slot is confirmed only up to the stored position, when the read starts: the server keeps
 * everything after it until a later run confirms a later position, so a run that fails before its
 * sinks commit reads the same changes again. Reading from a commit's position includes that
 * transaction again, which the merge of a cdc output absorbs.
 */
final class PgOutputReader extends ArrowReader implements Cancellable {
    private static final long STATUS_EVERY_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final long EPOCH_OFFSET_MICROS = PostgresReadType.EPOCH_OFFSET_MICROS;

    /** One change of the table: its kind and its column values as text (null for SQL null). */
    private record Change(String op, String[] values) {
    }

    /** A committed change with its position and commit time. */
    private record Committed(Change change, String position, long changedAtMicros) {
    }

    private final PostgresConnectionSettings settings;
    private final PostgresTableName table;
    private final String slot;
    private final String publication;
    private final long startLsn;
    private final Duration idleTimeout;
    private final Schema schema;
    private final List<PostgresReadType> types;
    private final List<String> columns;
    private final List<String> keys;
    private final BatchOptions options;
    private final Consumer<String> resumeToken;

    private Connection replication;
    private PGReplicationStream stream;
    private long targetLsn;
    private int relationId = -1;
    private int[] relationToColumn = new int[0];
    private final List<Change> transaction = new ArrayList<>();
    private boolean inTransaction;
    private long commitMicros;
    private final Deque<Committed> committed = new ArrayDeque<>();
    private boolean done;
    private volatile boolean cancelled;
    private long lastMessageNanos;
    private long lastStatusNanos;

    PgOutputReader(BufferAllocator allocator, PostgresConnectionSettings settings, PostgresTableName table, String slot,
            String publication, long startLsn, Duration idleTimeout, Schema schema, List<PostgresReadType> types,
            List<String> keys, BatchOptions options, Consumer<String> resumeToken) {
        super(allocator);
        this.settings = settings;
        this.table = table;
        this.slot = slot;
        this.publication = publication;
        this.startLsn = startLsn;
        this.idleTimeout = idleTimeout;
        this.schema = schema;
        this.types = types;
        this.columns = schema.getFields().stream().map(field -> field.getName()).toList();
        this.keys = keys;
        this.options = options;
        this.resumeToken = resumeToken;
    }

    @Override
    protected Schema readSchema() {
        return schema;
    }

    @Override
    public boolean loadNextBatch() throws IOException {
        try {
            if (stream == null) {
                start();
            }
            int maxRows = Math.max(1, options.maxRows());
            while (committed.size() < maxRows && !done) {
                pump();
            }
        } catch (SQLException e) {
            throw PostgresErrors.wrap("dataset '" + table + "': postgres change stream failed", e, settings);
        }
        VectorSchemaRoot root = getVectorSchemaRoot();
        root.allocateNew();
        int rows = 0;
        int maxRows = Math.max(1, options.maxRows());
        while (rows < maxRows && !committed.isEmpty()) {
            fill(root, rows++, committed.poll());
        }
        root.setRowCount(rows);
        return rows > 0;
    }

    private void start() throws SQLException {
        try (Connection catalog = settings.open(); var statement = settings.statement(catalog);
                var result = statement.executeQuery("select pg_current_wal_insert_lsn()::text")) {
            result.next();
            targetLsn = LogSequenceNumber.valueOf(result.getString(1)).asLong();
        }
        replication = settings.openReplication();
        stream = replication.unwrap(PGConnection.class).getReplicationAPI().replicationStream().logical()
                .withSlotName(slot).withStartPosition(LogSequenceNumber.valueOf(startLsn))
                .withSlotOption("proto_version", "1").withSlotOption("publication_names", PostgresSql.quote(publication))
                .withStatusInterval(1, TimeUnit.SECONDS).start();
        stream.setFlushedLSN(LogSequenceNumber.valueOf(startLsn));
        stream.setAppliedLSN(LogSequenceNumber.valueOf(startLsn));
        stream.forceUpdateStatus();
        lastMessageNanos = System.nanoTime();
        lastStatusNanos = lastMessageNanos;
    }

    /** Handles the next message, or when none is waiting decides whether the read is over. */
    private void pump() throws SQLException {
        if (cancelled) {
            throw new PzConnectorException("dataset '" + table + "': the change stream read was cancelled", false);
        }
        ByteBuffer message = stream.readPending();
        long now = System.nanoTime();
        if (message == null) {
            if (!inTransaction && Long.compareUnsigned(stream.getLastReceiveLSN().asLong(), targetLsn) >= 0
                    || now - lastMessageNanos >= idleTimeout.toNanos()) {
                done = true;
                return;
            }
            if (now - lastStatusNanos >= STATUS_EVERY_NANOS) {
                // A status report lets the server send its next keepalive, which carries how far it has read.
                stream.forceUpdateStatus();
                lastStatusNanos = now;
            }
            LockSupport.parkNanos(PARK_NANOS);
            return;
        }
        lastMessageNanos = now;
        handle(message);
    }

    private void handle(ByteBuffer message) {
        char kind = (char) message.get();
        switch (kind) {
            case 'B' -> {
                message.getLong();
                commitMicros = message.getLong() + EPOCH_OFFSET_MICROS;
                transaction.clear();
                inTransaction = true;
            }
            case 'C' -> commit(message);
            case 'R' -> relation(message);
            case 'I' -> {
                if (message.getInt() == relationId) {
                    message.get();
                    transaction.add(new Change(ChangeRows.INSERT, tuple(message, null)));
                }
            }
            case 'U' -> update(message);
            case 'D' -> {
                if (message.getInt() == relationId) {
                    message.get();
                    transaction.add(new Change(ChangeRows.DELETE, tuple(message, null)));
                }
            }
            case 'T' -> truncate(message);
            default -> {
                // Type, origin and logical messages say nothing about this table's rows.
            }
        }
    }

    private void commit(ByteBuffer message) {
        message.get();
        long commitLsn = message.getLong();
        for (int i = 0; i < transaction.size(); i++) {
            committed.add(new Committed(transaction.get(i), PostgresCdc.changePosition(commitLsn, i), commitMicros));
        }
        transaction.clear();
        inTransaction = false;
        resumeToken.accept(PostgresCdc.formatLsn(commitLsn));
        if (Long.compareUnsigned(commitLsn, targetLsn) >= 0) {
            done = true;
        }
    }

    private void relation(ByteBuffer message) {
        int id = message.getInt();
        String namespace = string(message);
        String name = string(message);
        message.get();
        int count = message.getShort();
        int[] mapping = new int[count];
        for (int i = 0; i < count; i++) {
            message.get();
            mapping[i] = columns.indexOf(string(message));
            message.getInt();
            message.getInt();
        }
        if (namespace.equals(table.schema()) && name.equals(table.table())) {
            relationId = id;
            relationToColumn = mapping;
        }
    }

    /**
     * An update; when the old row comes along (its key changed, or the table logs full rows) and its
     * key differs from the new row's, the old key is deleted first, so no row stays behind under it.
     */
    private void update(ByteBuffer message) {
        if (message.getInt() != relationId) {
            return;
        }
        char next = (char) message.get();
        String[] old = null;
        if (next == 'K' || next == 'O') {
            old = tuple(message, null);
            next = (char) message.get();
        }
        String[] row = tuple(message, old);
        if (old != null && !sameKey(old, row)) {
            transaction.add(new Change(ChangeRows.DELETE, old));
        }
        transaction.add(new Change(ChangeRows.UPDATE, row));
    }

    private boolean sameKey(String[] old, String[] row) {
        for (String key : keys) {
            int index = columns.indexOf(key);
            if (index >= 0 && !java.util.Objects.equals(old[index], row[index])) {
                return false;
            }
        }
        return true;
    }

    private void truncate(ByteBuffer message) {
        int count = message.getInt();
        message.get();
        for (int i = 0; i < count; i++) {
            if (message.getInt() == relationId) {
                throw new PzConnectorException("dataset '" + table + "': table " + table + " was truncated, and a"
                        + " truncate cannot be applied as row changes -- empty or rebuild the destination yourself,"
                        + " then run with --full-refresh to snapshot the table again", false);
            }
        }
    }

    /**
     * One tuple as text values in the read's column order (envelope slots left null). A value the
     * server left out because it did not change (a large, out-of-line value) is taken from
     * {@code old} when the old row came along; otherwise it cannot be known.
     */
    private String[] tuple(ByteBuffer message, String[] old) {
        String[] values = new String[columns.size()];
        int count = message.getShort();
        for (int i = 0; i < count; i++) {
            char kind = (char) message.get();
            int column = i < relationToColumn.length ? relationToColumn[i] : -1;
            String value = switch (kind) {
                case 'n' -> null;
                case 't' -> {
                    byte[] bytes = new byte[message.getInt()];
                    message.get(bytes);
                    yield new String(bytes, StandardCharsets.UTF_8);
                }
                case 'u' -> {
                    if (old == null || column < 0 || old[column] == null) {
                        throw new PzConnectorException("dataset '" + table + "': an update left out an unchanged large"
                                + " value of column '" + (column < 0 ? "#" + i : columns.get(column)) + "', so the new"
                                + " row cannot be known -- ALTER TABLE " + table.qualified() + " REPLICA IDENTITY FULL;"
                                + " then run with --full-refresh", false);
                    }
                    yield old[column];
                }
                default -> throw new PzConnectorException("dataset '" + table + "': unexpected value kind '" + kind
                        + "' in the change stream", false);
            };
            if (column >= 0) {
                values[column] = value;
            }
        }
        return values;
    }

    private static String string(ByteBuffer message) {
        int start = message.position();
        int end = start;
        while (message.get(end) != 0) {
            end++;
        }
        byte[] bytes = new byte[end - start];
        message.get(bytes);
        message.get();
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private void fill(VectorSchemaRoot root, int row, Committed change) {
        List<FieldVector> vectors = root.getFieldVectors();
        ((VarCharVector) vectors.get(0)).setSafe(row, change.change().op().getBytes(StandardCharsets.UTF_8));
        ((VarCharVector) vectors.get(1)).setSafe(row, change.position().getBytes(StandardCharsets.UTF_8));
        ((TimeStampMicroTZVector) vectors.get(2)).setSafe(row, change.changedAtMicros());
        String[] values = change.change().values();
        for (int column = ChangeRows.ENVELOPE.size(); column < vectors.size(); column++) {
            PgOutputText.set(vectors.get(column), types.get(column), row, values[column]);
        }
    }

    @Override
    public long bytesRead() {
        return 0;
    }

    @Override
    public void cancel() {
        cancelled = true;
    }

    @Override
    protected void closeReadSource() {
        try {
            if (replication != null) {
                replication.close();
            }
        } catch (SQLException e) {
            // The session is being discarded; the slot keeps its confirmed position either way.
        }
    }

}
