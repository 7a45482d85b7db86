package dev.pz.connectors.sqlite;

import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.sql.ArrowColumns;
import dev.pz.connectors.sql.ColumnKind;
import dev.pz.connectors.sql.SqlDialect;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One write in one SQLite transaction: replace drops and recreates the table, append creates it when
 * missing, and every batch is inserted by column name. Nothing is visible before commit; abort
 * rolls everything back. Column types and values are those DuckDB's SQLite extension writes: dates,
 * timestamps and decimals as the text DuckDB prints ({@code 2026-01-02}, {@code 2026-01-02 10:00:00.5},
 * {@code 1.500000000}), booleans as 0 and 1.
 */
final class SqliteWriteSession implements WriteSession {

    private static final SqlDialect SQL = SqlDialect.DOUBLE_QUOTES;
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final SqliteDatabase database;
    private final OutputSpec spec;
    private final List<ColumnKind> kinds = new ArrayList<>();
    private final Connection connection;
    private final PreparedStatement insert;
    private long rows;
    private long batches;
    private String state;

    SqliteWriteSession(SqliteDatabase database, OutputSpec spec, Schema schema) {
        this.database = database;
        this.spec = spec;
        List<String> definitions = new ArrayList<>();
        for (Field field : schema.getFields()) {
            ColumnKind kind = ColumnKind.of(field.getType()).orElseThrow(() -> new PzConnectorException(spec.context()
                    + ": column '" + field.getName() + "' has a type sqlite cannot store (" + field.getType() + ")", false));
            kinds.add(kind);
            definitions.add(SQL.quote(field.getName()) + " " + SqliteTypes.declare(kind));
        }
        String table = SQL.quote(spec.entity());
        List<String> names = schema.getFields().stream().map(Field::getName).toList();
        Connection opened = null;
        try {
            opened = database.openForWrite();
            try (Statement statement = opened.createStatement()) {
                if (spec.strategy() == WriteStrategy.REPLACE) {
                    statement.execute("drop table if exists " + table);
                }
                statement.execute("create table if not exists " + table + " (" + String.join(", ", definitions) + ")");
            }
            this.insert = opened.prepareStatement("insert into " + table + " (" + SQL.quoteAll(names) + ") values ("
                    + String.join(", ", Collections.nCopies(names.size(), "?")) + ")");
            this.connection = opened;
        } catch (SQLException e) {
            rollbackAndClose(opened);
            throw database.failure(spec.context() + ": sqlite write failed", e);
        }
    }

    @Override
    public void write(VectorSchemaRoot batch) {
        ensureOpen("write");
        try {
            for (int row = 0; row < batch.getRowCount(); row++) {
                for (int column = 0; column < kinds.size(); column++) {
                    bind(column + 1, ArrowColumns.get((FieldVector) batch.getVector(column), row));
                }
                insert.addBatch();
            }
            insert.executeBatch();
        } catch (SQLException | RuntimeException e) {
            throw database.failure(spec.context() + ": sqlite write failed", e);
        }
        rows += batch.getRowCount();
        batches++;
    }

    private void bind(int index, Object value) throws SQLException {
        if (value == null) {
            insert.setNull(index, Types.NULL);
        } else if (value instanceof Integer || value instanceof Long) {
            insert.setLong(index, ((Number) value).longValue());
        } else if (value instanceof Double number) {
            insert.setDouble(index, number);
        } else if (value instanceof Boolean bool) {
            insert.setLong(index, bool ? 1 : 0);
        } else if (value instanceof BigDecimal decimal) {
            insert.setString(index, decimal.toPlainString());
        } else if (value instanceof LocalDate date) {
            insert.setString(index, date.toString());
        } else if (value instanceof LocalDateTime timestamp) {
            insert.setString(index, timestamp(timestamp));
        } else if (value instanceof LocalTime time) {
            insert.setString(index, time(time));
        } else if (value instanceof byte[] bytes) {
            insert.setBytes(index, bytes);
        } else {
            insert.setString(index, value.toString());
        }
    }

    /** DuckDB's text for a timestamp: seconds always, the fraction without trailing zeros. */
    static String timestamp(LocalDateTime value) {
        return value.toLocalDate() + " " + time(value.toLocalTime());
    }

    /** DuckDB's text for a time of day: {@code HH:mm:ss}, the fraction without trailing zeros. */
    static String time(LocalTime value) {
        String text = value.format(SECONDS);
        int micros = value.getNano() / 1_000;
        if (micros == 0) {
            return text;
        }
        return text + "." + String.format("%06d", micros).replaceFirst("0+$", "");
    }

    @Override
    public WriteResult commit() {
        ensureOpen("commit");
        state = "committed";
        try {
            connection.commit();
            return new WriteResult(rows, batches);
        } catch (SQLException e) {
            throw database.failure(spec.context() + ": sqlite commit failed", e);
        } finally {
            closeQuietly();
        }
    }

    @Override
    public void abort() {
        ensureOpen("abort");
        state = "aborted";
        rollbackAndClose(connection);
    }

    @Override
    public void close() {
        if (state == null) {
            state = "aborted";
            rollbackAndClose(connection);
        }
    }

    private void ensureOpen(String action) {
        if (state != null) {
            throw new IllegalStateException("cannot " + action + " a session already " + state);
        }
    }

    private void rollbackAndClose(Connection opened) {
        if (opened == null) {
            return;
        }
        try {
            opened.rollback();
        } catch (SQLException e) {
            // Closing without commit discards the transaction anyway.
        }
        try {
            opened.close();
        } catch (SQLException e) {
            // Nothing is left to release.
        }
    }

    private void closeQuietly() {
        try {
            insert.close();
            connection.close();
        } catch (SQLException e) {
            // The commit already decided the outcome.
        }
    }
}
