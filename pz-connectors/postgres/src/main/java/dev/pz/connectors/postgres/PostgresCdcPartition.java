package dev.pz.connectors.postgres;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ChangeCapturePartition;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.error.PzConnectorException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.postgresql.PGConnection;
import org.postgresql.replication.ReplicationSlotInfo;

/**
 * The one partition of a table's change capture. Without a stored token (a first run, or
 * {@code --full-refresh}) it creates the dataset's replication slot and reads the table as of the
 * slot's starting point, every row an {@code insert}; with one it reads the changes after it
 * ({@link PgOutputReader}). Either way it first checks the prerequisites and reports every unmet
 * one with the statement that fixes it.
 */
final class PostgresCdcPartition implements ChangeCapturePartition {

    private final PostgresConnectionSettings settings;
    private final DatasetSpec spec;
    private final PostgresTableName table;
    private final Schema schema;
    private final List<PostgresReadType> types;
    private final String snapshotSelect;
    private final List<String> keys;
    private final AtomicReference<String> resumeToken = new AtomicReference<>();

    PostgresCdcPartition(PostgresConnectionSettings settings, DatasetSpec spec, Schema schema,
            List<PostgresReadType> types, String snapshotSelect, List<String> keys) {
        this.settings = settings;
        this.spec = spec;
        this.table = PostgresTableName.parse(spec.entity());
        this.schema = schema;
        this.types = types;
        this.snapshotSelect = snapshotSelect;
        this.keys = List.copyOf(keys);
    }

    @Override
    public String id() {
        return spec.entity() + "#cdc";
    }

    @Override
    public List<String> changeKeyColumns() {
        return keys;
    }

    @Override
    public Optional<String> resumeToken() {
        return Optional.ofNullable(resumeToken.get());
    }

    @Override
    public ArrowReader open(BufferAllocator allocator, BatchOptions options) {
        String slot = PostgresCdc.slotName(spec);
        String publication = PostgresCdc.publicationName(spec);
        String token = spec.changeCapture().resumeToken();
        try (Connection catalog = settings.open()) {
            List<String> unmet = PostgresCdc.unmetPrerequisites(settings, catalog, table, publication);
            if (!unmet.isEmpty()) {
                throw new PzConnectorException("dataset '" + spec.entity() + "': change capture prerequisites are not"
                        + " met: " + String.join("; ", unmet), false);
            }
            Optional<PostgresCdc.Slot> existing = PostgresCdc.slot(settings, catalog, slot);
            if (token == null) {
                return snapshot(allocator, options, catalog, slot, existing);
            }
            if (existing.isEmpty()) {
                throw new PzConnectorException("dataset '" + spec.entity() + "': replication slot '" + slot + "' is gone"
                        + " (dropped outside pz, or invalidated by the server), so the changes since the stored token"
                        + " are lost -- run with --full-refresh to snapshot the table again", false);
            }
            requirePgoutput(slot, existing.get());
            String confirmed = existing.get().confirmedFlush();
            if (confirmed != null && confirmed.compareTo(token) > 0) {
                throw new PzConnectorException("dataset '" + spec.entity() + "': replication slot '" + slot + "' has"
                        + " confirmed position " + confirmed + ", past the stored token " + token + " (was the state"
                        + " restored or edited?), so the changes in between cannot be read again -- run with"
                        + " --full-refresh to snapshot the table again", false);
            }
            return new PgOutputReader(allocator, settings, table, slot, publication, PostgresCdc.parseLsn(token),
                    idleTimeout(), schema, types, keys, options, resumeToken::set);
        } catch (SQLException e) {
            throw PostgresErrors.wrap("dataset '" + spec.entity() + "': postgres change capture failed", e, settings);
        }
    }

    /**
     * Drops a pgoutput slot of this name (its position belongs to a state pz starts over from),
     * creates it again with an exported snapshot, and reads the table in that snapshot.
     */
    private ArrowReader snapshot(BufferAllocator allocator, BatchOptions options, Connection catalog, String slot,
            Optional<PostgresCdc.Slot> existing) throws SQLException {
        if (existing.isPresent()) {
            requirePgoutput(slot, existing.get());
            PostgresCdc.dropSlot(settings, catalog, slot);
        }
        Connection reader = null;
        try (Connection replication = settings.openReplication()) {
            ReplicationSlotInfo created = replication.unwrap(PGConnection.class).getReplicationAPI()
                    .createReplicationSlot().logical().withSlotName(slot).withOutputPlugin(PostgresCdc.PLUGIN).make();
            reader = settings.open();
            reader.setAutoCommit(false);
            try (Statement statement = settings.statement(reader)) {
                statement.execute("set transaction isolation level repeatable read, read only");
                statement.execute("set transaction snapshot " + PostgresSql.literal(created.getSnapshotName()));
            }
            resumeToken.set(PostgresCdc.formatLsn(created.getConsistentPoint().asLong()));
            return PostgresCopyReader.onSession(allocator, spec.entity(), settings, schema, types, snapshotSelect,
                    options, reader);
        } catch (SQLException | RuntimeException e) {
            if (reader != null) {
                reader.close();
            }
            throw e;
        }
    }

    private void requirePgoutput(String slot, PostgresCdc.Slot existing) {
        if (!PostgresCdc.PLUGIN.equals(existing.plugin())) {
            throw new PzConnectorException("dataset '" + spec.entity() + "': replication slot conflict: slot '" + slot
                    + "' exists with plugin '" + existing.plugin() + "', not pgoutput -- drop it (pz cdc drop "
                    + spec.connection() + "." + spec.entity() + ") or name another with sync.slot", false);
        }
        if (existing.active()) {
            throw new PzConnectorException("dataset '" + spec.entity() + "': replication slot '" + slot + "' is in use"
                    + " by another session -- wait for it to finish (another pz run of this dataset?)", true);
        }
    }

    private Duration idleTimeout() {
        String configured = spec.get(PostgresOptions.POLL_IDLE_TIMEOUT);
        return configured == null ? PostgresOptions.DEFAULT_POLL_IDLE_TIMEOUT : PostgresOptions.duration(configured);
    }
}
