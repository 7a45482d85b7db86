package dev.pz.engine.state;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.Properties;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Keyed state in a database table (postgres, sqlserver), through JDBC; the driver comes with the
 * database's connector. One connection serves the keyed operations (one at a time); the run lock
 * holds a second one for the run's whole length, so the server releases it when a run dies. The
 * table is created on first use (see {@link SqlStateDialect}).
 */
public final class JdbcStateBackend implements StateBackend {
    private final SqlStateDialect dialect;
    private final String url;
    private final Properties credentials;
    private final String schema;
    private final String description;
    private Connection connection;

    JdbcStateBackend(SqlStateDialect dialect, String url, Properties credentials, String schema, String description) {
        this.dialect = dialect;
        this.url = url;
        this.credentials = credentials;
        this.schema = schema;
        this.description = description;
    }

    /** Connects and creates the state table when it is missing. */
    JdbcStateBackend open() {
        connection();
        return this;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public synchronized StateSnapshot read(StateScope scope) {
        SortedMap<String, StateEntry> entries = new TreeMap<>();
        try (PreparedStatement select = connection().prepareStatement(dialect.selectScope(schema))) {
            select.setString(1, scope.wireName());
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    entries.put(rows.getString(1), new StateEntry(rows.getString(2), rows.getString(3)));
                }
            }
        } catch (SQLException e) {
            throw failed("read " + scope.wireName(), e);
        }
        return new StateSnapshot(entries, Optional.empty(), true);
    }

    @Override
    public synchronized Optional<StateEntry> get(StateScope scope, String key) {
        try (PreparedStatement select = connection().prepareStatement(dialect.selectKey(schema))) {
            select.setString(1, scope.wireName());
            select.setString(2, key);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() ? Optional.of(new StateEntry(rows.getString(1), rows.getString(2))) : Optional.empty();
            }
        } catch (SQLException e) {
            throw failed("read " + scope.wireName() + " '" + key + "'", e);
        }
    }

    @Override
    public synchronized boolean compareAndSet(StateScope scope, String key, StateEntry expected, String payload) {
        String version = UUID.randomUUID().toString();
        try {
            if (expected == null) {
                if (payload == null) {
                    return get(scope, key).isEmpty();
                }
                try (PreparedStatement insert = connection().prepareStatement(dialect.insert(schema))) {
                    insert.setString(1, scope.wireName());
                    insert.setString(2, key);
                    insert.setString(3, payload);
                    insert.setString(4, version);
                    return insert.executeUpdate() == 1;
                } catch (SQLException e) {
                    if (dialect.isDuplicateKey(e)) {
                        return false;
                    }
                    throw e;
                }
            }
            if (payload == null) {
                try (PreparedStatement delete = connection().prepareStatement(dialect.delete(schema))) {
                    delete.setString(1, scope.wireName());
                    delete.setString(2, key);
                    delete.setString(3, expected.version());
                    return delete.executeUpdate() == 1;
                }
            }
            try (PreparedStatement update = connection().prepareStatement(dialect.update(schema))) {
                update.setString(1, payload);
                update.setString(2, version);
                update.setString(3, scope.wireName());
                update.setString(4, key);
                update.setString(5, expected.version());
                return update.executeUpdate() == 1;
            }
        } catch (SQLException e) {
            throw failed("write " + scope.wireName() + " '" + key + "'", e);
        }
    }

    @Override
    public RunLock lockRun(String runId) {
        Connection held = connect();
        Object resource = dialect.lockResource(schema);
        try (PreparedStatement lock = held.prepareStatement(dialect.tryLock())) {
            lock.setObject(1, resource);
            try (ResultSet row = lock.executeQuery()) {
                if (row.next() && dialect.acquired(row)) {
                    return () -> release(held, resource);
                }
            }
        } catch (SQLException e) {
            closeQuietly(held);
            throw failed("take the run lock", e);
        }
        closeQuietly(held);
        throw new PzException(new PzError(PzCode.STATE_RUN_IN_FLIGHT, "another run of this project is in flight"
                + " (it holds the run lock in state backend " + description + ")", null, 0,
                "wait for it to finish, then run again; two runs of one project would race on its outputs and state"));
    }

    private void release(Connection held, Object resource) {
        try (PreparedStatement unlock = held.prepareStatement(dialect.unlock())) {
            unlock.setObject(1, resource);
            unlock.execute();
        } catch (SQLException e) {
            // Closing the session below releases the lock too.
        } finally {
            closeQuietly(held);
        }
    }

    @Override
    public synchronized void close() {
        if (connection != null) {
            closeQuietly(connection);
            connection = null;
        }
    }

    private Connection connection() {
        try {
            if (connection == null || connection.isClosed()) {
                connection = connect();
                setup(connection);
            }
        } catch (SQLException e) {
            throw failed("check the connection", e);
        }
        return connection;
    }

    private void setup(Connection target) {
        SQLException last = null;
        // Two first runs may create the table at once; the loser of that race finds it on its next try.
        for (int attempt = 0; attempt < 3; attempt++) {
            try (Statement statement = target.createStatement()) {
                for (String sql : dialect.setup(schema)) {
                    statement.execute(sql);
                }
                return;
            } catch (SQLException e) {
                last = e;
            }
        }
        throw new PzException(new PzError(PzCode.STATE_SCHEMA_VERSION_MISMATCH, "could not create the state table "
                + dialect.table(schema) + " in " + description + ": " + last.getMessage(), null, 0,
                "grant the state user the right to create it, or create it as docs/state-backends.md shows"));
    }

    private Connection connect() {
        try {
            return DriverManager.getConnection(url, credentials);
        } catch (SQLException e) {
            throw new PzException(new PzError(PzCode.STATE_STORE_UNAVAILABLE, "cannot reach the state store "
                    + description + ": " + e.getMessage(), null, 0,
                    "check state.connection or PZ_STATE_CONNECTION_STRING, and that the server is reachable"));
        }
    }

    private PzException failed(String what, SQLException e) {
        return new PzException(new PzError(PzCode.STATE_QUERY_FAILED, "the state store " + description
                + " could not " + what + ": " + e.getMessage() + " (SQLState " + e.getSQLState() + ")", null, 0,
                "check that the state user may read and write " + dialect.table(schema)));
    }

    private static void closeQuietly(Connection target) {
        try {
            target.close();
        } catch (SQLException ignored) {
            // Nothing left to release on a connection that will not close.
        }
    }
}
