package dev.pz.connectors.mysql;

import dev.pz.connectors.sql.ArrowColumns;
import dev.pz.connectors.sql.ColumnKind;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Loads Arrow batches into a table: with {@code LOAD DATA LOCAL INFILE} streamed from memory (one
 * tab-separated text per batch) where the server allows it ({@code @@local_infile}), otherwise with
 * multi-row {@code INSERT}s of at most {@value #MAX_ROWS_PER_INSERT} rows.
 */
abstract sealed class MysqlBulkLoad {

    static final int MAX_ROWS_PER_INSERT = 500;
    private static final int MAX_PARAMETERS = 30_000;

    final String table;
    final List<String> columns;
    final List<ColumnKind> kinds;

    private MysqlBulkLoad(String table, List<String> columns, List<ColumnKind> kinds) {
        this.table = table;
        this.columns = List.copyOf(columns);
        this.kinds = List.copyOf(kinds);
    }

    /** The bulk load the server allows for this session. */
    static MysqlBulkLoad choose(Connection connection, String table, List<String> columns, List<ColumnKind> kinds)
            throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("SELECT @@local_infile")) {
            result.next();
            return result.getInt(1) == 1 ? new LoadData(table, columns, kinds) : new Inserts(table, columns, kinds);
        }
    }

    /** What the plan and the tests call this way of loading. */
    abstract String mechanism();

    abstract void load(Connection connection, VectorSchemaRoot batch) throws SQLException;

    /** {@code LOAD DATA LOCAL INFILE} fed by the driver from an in-memory TSV of the batch. */
    static final class LoadData extends MysqlBulkLoad {

        LoadData(String table, List<String> columns, List<ColumnKind> kinds) {
            super(table, columns, kinds);
        }

        @Override
        String mechanism() {
            return "load data local infile";
        }

        @Override
        void load(Connection connection, VectorSchemaRoot batch) throws SQLException {
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            for (int row = 0; row < batch.getRowCount(); row++) {
                for (int column = 0; column < kinds.size(); column++) {
                    if (column > 0) {
                        text.write('\t');
                    }
                    writeField(text, ArrowColumns.get((FieldVector) batch.getVector(column), row));
                }
                text.write('\n');
            }
            try (Statement statement = connection.createStatement()) {
                statement.unwrap(org.mariadb.jdbc.Statement.class)
                        .setLocalInfileInputStream(new ByteArrayInputStream(text.toByteArray()));
                statement.execute("LOAD DATA LOCAL INFILE 'pz-batch.tsv' INTO TABLE " + table
                        + " CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\'"
                        + " LINES TERMINATED BY '\\n' (" + MysqlReadQuery.SQL.quoteAll(columns) + ")");
            }
        }

        /** One field in LOAD DATA's default escaping: {@code \N} for NULL, backslash escapes for specials. */
        private static void writeField(ByteArrayOutputStream out, Object value) {
            if (value == null) {
                out.writeBytes(new byte[] {'\\', 'N'});
                return;
            }
            byte[] bytes = value instanceof byte[] raw ? raw : text(value).getBytes(StandardCharsets.UTF_8);
            for (byte b : bytes) {
                switch (b) {
                    case '\\' -> out.writeBytes(new byte[] {'\\', '\\'});
                    case '\t' -> out.writeBytes(new byte[] {'\\', 't'});
                    case '\n' -> out.writeBytes(new byte[] {'\\', 'n'});
                    case '\r' -> out.writeBytes(new byte[] {'\\', 'r'});
                    case 0 -> out.writeBytes(new byte[] {'\\', '0'});
                    default -> out.write(b);
                }
            }
        }

        private static String text(Object value) {
            if (value instanceof Boolean bool) {
                return bool ? "1" : "0";
            }
            if (value instanceof BigDecimal decimal) {
                return decimal.toPlainString();
            }
            if (value instanceof LocalDateTime timestamp) {
                return timestamp.toLocalDate() + " " + time(timestamp.toLocalTime());
            }
            if (value instanceof LocalTime time) {
                return time(time);
            }
            return value.toString();
        }

        private static String time(LocalTime time) {
            return String.format("%02d:%02d:%02d.%06d", time.getHour(), time.getMinute(), time.getSecond(),
                    time.getNano() / 1_000);
        }
    }

    /** Multi-row {@code INSERT … VALUES (…), (…)} statements with bound parameters. */
    static final class Inserts extends MysqlBulkLoad {

        Inserts(String table, List<String> columns, List<ColumnKind> kinds) {
            super(table, columns, kinds);
        }

        @Override
        String mechanism() {
            return "multi-row insert";
        }

        @Override
        void load(Connection connection, VectorSchemaRoot batch) throws SQLException {
            int perStatement = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, MAX_PARAMETERS / Math.max(1, kinds.size())));
            for (int start = 0; start < batch.getRowCount(); start += perStatement) {
                int rows = Math.min(perStatement, batch.getRowCount() - start);
                try (PreparedStatement insert = connection.prepareStatement(statement(rows))) {
                    int parameter = 1;
                    for (int row = start; row < start + rows; row++) {
                        for (int column = 0; column < kinds.size(); column++) {
                            Object value = ArrowColumns.get((FieldVector) batch.getVector(column), row);
                            insert.setObject(parameter++, value);
                        }
                    }
                    insert.executeUpdate();
                }
            }
        }

        private String statement(int rows) {
            String tuple = "(" + String.join(", ", Collections.nCopies(kinds.size(), "?")) + ")";
            List<String> tuples = new ArrayList<>(Collections.nCopies(rows, tuple));
            return "INSERT INTO " + table + " (" + MysqlReadQuery.SQL.quoteAll(columns) + ") VALUES "
                    + String.join(", ", tuples);
        }
    }
}
