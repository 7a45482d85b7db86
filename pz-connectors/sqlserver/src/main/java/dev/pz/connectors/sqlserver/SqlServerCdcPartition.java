package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ChangeCapturePartition;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * The one partition of a table's SQL Server change capture. It first takes the capture's current
 * maximum position, which bounds the read and becomes the token; then, without a stored token (a
 * first run, or {@code --full-refresh}), it reads the table, every row an {@code insert}; with one,
 * the changes after it up to that position. When nothing has been captured yet the snapshot's token
 * is left unset, so the next read snapshots again.
 */
final class SqlServerCdcPartition implements ChangeCapturePartition {

    private final SqlServerConnectionSettings settings;
    private final SqlServerCdc.Capture capture;
    private final String storedToken;
    private final AtomicReference<String> resumeToken = new AtomicReference<>();

    SqlServerCdcPartition(SqlServerConnectionSettings settings, SqlServerCdc.Capture capture, String storedToken) {
        this.settings = settings;
        this.capture = capture;
        this.storedToken = storedToken;
    }

    @Override
    public String id() {
        return capture.dataset() + "#cdc";
    }

    @Override
    public List<String> changeKeyColumns() {
        return capture.keys();
    }

    @Override
    public Optional<String> resumeToken() {
        return Optional.ofNullable(resumeToken.get());
    }

    @Override
    public ArrowReader open(BufferAllocator allocator, BatchOptions options) {
        Connection connection;
        try {
            connection = settings.open();
        } catch (SQLException e) {
            throw SqlServerErrors.wrap("dataset '" + capture.dataset() + "': sqlserver change capture failed", e,
                    settings);
        }
        try {
            String upper = maxLsn(connection);
            String select;
            if (storedToken == null) {
                select = capture.snapshotSelect();
                resumeToken.set(upper == null ? null : SqlServerCdcSql.token(upper));
            } else if (upper == null || upper.compareTo(SqlServerCdcSql.startLsn(storedToken)) <= 0) {
                // Nothing captured after the token: an empty read that leaves the token as it is.
                select = capture.snapshotSelect() + " where 1 = 0";
            } else {
                select = SqlServerCdcSql.changes(capture.instance(), storedToken, upper, capture.columns());
                resumeToken.set(SqlServerCdcSql.token(upper));
            }
            Statement statement = connection.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
            ResultSet rows = statement.executeQuery(select);
            return new SqlServerArrowReader(allocator, capture.dataset(), settings, capture.schema(), capture.sources(),
                    options, rows, connection);
        } catch (SQLException | RuntimeException e) {
            resumeToken.set(null);
            try {
                connection.close();
            } catch (SQLException closing) {
                e.addSuppressed(closing);
            }
            throw SqlServerErrors.wrap("dataset '" + capture.dataset() + "': sqlserver change capture failed", e,
                    settings);
        }
    }

    private String maxLsn(Connection connection) throws SQLException {
        try (Statement statement = settings.statement(connection);
                ResultSet result = statement.executeQuery(SqlServerCdcSql.maxLsn())) {
            return result.next() ? result.getString(1) : null;
        }
    }
}
