package dev.pz.connectors.postgres;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

/**
 * The sessions one source hands from step to step of a read: the schema probe, the read plan and
 * the partitions' COPYs. Opening a session costs a server process, a password exchange (SCRAM's
 * key derivation runs on the client too) and two statements, so a session whose work ended
 * cleanly waits here for the next step instead of being closed. Only a session that is open, in
 * autocommit and outside any transaction is kept; a step that failed closes its session, so a
 * later step never inherits a broken one. {@link #close} closes every waiting session; a session
 * given back after that is closed at once. Thread-safe: partitions take and give back concurrently.
 */
final class PostgresSessions implements AutoCloseable {

    /** Work on a borrowed session. */
    @FunctionalInterface
    interface Work<T> {
        T apply(Connection session) throws SQLException;
    }

    private final PostgresConnectionSettings settings;
    private final Deque<Connection> idle = new ArrayDeque<>();
    private boolean closed;

    PostgresSessions(PostgresConnectionSettings settings) {
        this.settings = settings;
    }

    PostgresConnectionSettings settings() {
        return settings;
    }

    /** A waiting session, or a new one. The caller gives it back or closes it. */
    Connection take() throws SQLException {
        synchronized (this) {
            Connection waiting = idle.pollFirst();
            if (waiting != null) {
                return waiting;
            }
        }
        return settings.open();
    }

    /** A session whose work succeeded: kept for the next step when it is reusable, else closed. */
    void giveBack(Connection session) {
        if (reusable(session)) {
            synchronized (this) {
                if (!closed) {
                    idle.addFirst(session);
                    return;
                }
            }
        }
        closeQuietly(session);
    }

    /** Runs {@code work} on a borrowed session: given back when it returns, closed when it throws. */
    <T> T use(Work<T> work) throws SQLException {
        Connection session = take();
        T result;
        try {
            result = work.apply(session);
        } catch (SQLException | RuntimeException | Error e) {
            closeQuietly(session);
            throw e;
        }
        giveBack(session);
        return result;
    }

    /** Whether a session may serve another step: open, autocommit, no transaction left behind. */
    static boolean reusable(Connection session) {
        try {
            return !session.isClosed() && session.getAutoCommit()
                    && session.unwrap(BaseConnection.class).getTransactionState() == TransactionState.IDLE;
        } catch (SQLException e) {
            return false;
        }
    }

    /** Closes every waiting session; later give-backs close theirs. */
    @Override
    public void close() {
        Connection[] waiting;
        synchronized (this) {
            closed = true;
            waiting = idle.toArray(Connection[]::new);
            idle.clear();
        }
        for (Connection session : waiting) {
            closeQuietly(session);
        }
    }

    static void closeQuietly(Connection session) {
        try {
            session.close();
        } catch (SQLException e) {
            // The session is being discarded; a failed close leaves nothing to undo.
        }
    }

    @Override
    public String toString() {
        return "PostgresSessions[" + settings + "]";
    }
}
