package dev.pz.connectors.sqlite;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.sql.ColumnKind;
import dev.pz.connectors.sql.JdbcColumn;
import dev.pz.connectors.sql.ResultSetArrowReader;
import dev.pz.connectors.sql.SqlDialect;
import dev.pz.connectors.sql.WatermarkLiterals;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads a table or a query of the file: {@code select <columns> from "<table>" | (<query>) pzq
 * where <bounds>}. Columns are the read's hint, else the {@code columns:} contract, else all; their
 * kinds come from the contract, else from the declared column types.
 */
final class SqliteSource implements Source {

    private static final SqlDialect SQL = SqlDialect.DOUBLE_QUOTES;

    private final SqliteDatabase database;

    SqliteSource(SqliteDatabase database) {
        this.database = database;
    }

    /** Always empty: DuckDB's sqlite extension cannot be installed offline, so reads are universal. */
    @Override
    public Optional<NativeScan> nativeScan(DatasetSpec spec) {
        return Optional.empty();
    }

    @Override
    public Schema schema(DatasetSpec spec) {
        try (Connection connection = database.openForRead(spec.entity())) {
            return schema(columns(connection, spec, ReadHints.none()));
        } catch (SQLException e) {
            throw database.failure("dataset '" + spec.entity() + "': schema query failed", e);
        }
    }

    @Override
    public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        return List.of(new ReadPartition() {
            @Override
            public String id() {
                return spec.entity();
            }

            @Override
            public ArrowReader open(BufferAllocator allocator, BatchOptions options) {
                return read(spec, hints, allocator, options);
            }
        });
    }

    private ArrowReader read(DatasetSpec spec, ReadHints hints, BufferAllocator allocator, BatchOptions options) {
        String context = "dataset '" + spec.entity() + "': sqlite read failed";
        Connection connection = null;
        PreparedStatement statement = null;
        try {
            connection = database.openForRead(spec.entity());
            List<JdbcColumn> columns = columns(connection, spec, hints);
            statement = connection.prepareStatement(select(spec, columns));
            ResultSet result = statement.executeQuery();
            return new ResultSetArrowReader(allocator, columns, options, connection, statement, result,
                    ResultSetArrowReader::fetchObject, e -> database.failure(context, e));
        } catch (SQLException | RuntimeException e) {
            closeQuietly(statement);
            closeQuietly(connection);
            throw database.failure(context, e);
        }
    }

    static String select(DatasetSpec spec, List<JdbcColumn> columns) {
        String projection = SQL.quoteAll(columns.stream().map(JdbcColumn::name).toList());
        List<String> terms = WatermarkLiterals.terms(spec.watermark(), SQL);
        return "select " + projection + " from " + base(spec)
                + (terms.isEmpty() ? "" : " where " + String.join(" and ", terms));
    }

    private static String base(DatasetSpec spec) {
        String query = spec.get(SqliteConnector.QUERY);
        if (query == null || query.isBlank()) {
            return SQL.quote(spec.entity());
        }
        return "(" + query.strip().replaceFirst(";\\s*$", "") + ") pzq";
    }

    /** The columns a read produces, in order, with the kinds their values land as. */
    private static List<JdbcColumn> columns(Connection connection, DatasetSpec spec, ReadHints hints)
            throws SQLException {
        List<JdbcColumn> all = new ArrayList<>();
        Map<String, String> contract = spec.columns();
        if (contract != null && !contract.isEmpty()) {
            contract.forEach((name, type) -> all.add(new JdbcColumn(name, ColumnKind.of(ContractTypes.fromWord(type)
                    .orElseThrow(() -> new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID,
                            ContractTypes.unknown(name, type), ContractTypes.unknownHint()))))));
        } else {
            all.addAll(declaredColumns(connection, spec));
        }
        if (hints.columns() == null || hints.columns().isEmpty()) {
            return all;
        }
        List<JdbcColumn> pruned = new ArrayList<>();
        for (String name : hints.columns()) {
            all.stream().filter(column -> column.name().equalsIgnoreCase(name)).findFirst().ifPresent(pruned::add);
        }
        return pruned.isEmpty() ? all : pruned;
    }

    private static List<JdbcColumn> declaredColumns(Connection connection, DatasetSpec spec) throws SQLException {
        String query = spec.get(SqliteConnector.QUERY);
        if (query == null || query.isBlank()) {
            return tableColumns(connection, spec.entity());
        }
        try (Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("select * from " + base(spec) + " limit 1")) {
            ResultSetMetaData metadata = result.getMetaData();
            result.next();
            List<JdbcColumn> columns = new ArrayList<>();
            for (int i = 1; i <= metadata.getColumnCount(); i++) {
                String declared = metadata.getColumnTypeName(i);
                ColumnKind kind = "NULL".equalsIgnoreCase(declared) ? ColumnKind.VARCHAR : SqliteTypes.read(declared);
                columns.add(new JdbcColumn(metadata.getColumnLabel(i), kind));
            }
            return columns;
        }
    }

    /** A table's columns with their declared types exactly as written (a column may declare none). */
    private static List<JdbcColumn> tableColumns(Connection connection, String table) throws SQLException {
        List<JdbcColumn> columns = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement("select name, type from pragma_table_info(?)")) {
            statement.setString(1, table);
            try (ResultSet result = statement.executeQuery()) {
                while (result.next()) {
                    columns.add(new JdbcColumn(result.getString(1), SqliteTypes.read(result.getString(2))));
                }
            }
        }
        if (columns.isEmpty()) {
            throw new SQLException("no such table: " + table);
        }
        return columns;
    }

    private static Schema schema(List<JdbcColumn> columns) {
        return new Schema(columns.stream().map(JdbcColumn::field).toList());
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception e) {
            // Already failing; the first failure is the one reported.
        }
    }

    @Override
    public void close() {
        // Readers own their connections.
    }
}
