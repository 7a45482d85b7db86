package dev.pz.connectors.mysql;

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
import dev.pz.connectors.sql.JdbcValues;
import dev.pz.connectors.sql.RangeSplits;
import dev.pz.connectors.sql.ResultSetArrowReader;
import dev.pz.connectors.sql.SqlDialect;
import dev.pz.connectors.sql.WatermarkLiterals;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The read side of one mysql connection, universal tier: each partition streams its own select on
 * its own session. Column kinds come from the {@code columns:} contract, else from the server's
 * description of the select.
 */
final class MysqlSource implements Source {

    /** Rows the driver fetches per round trip while streaming a result. */
    private static final int FETCH_ROWS = 4_096;

    private final MysqlSettings settings;

    MysqlSource(MysqlSettings settings) {
        this.settings = settings;
    }

    /** Always empty: DuckDB's mysql extension cannot be installed offline, so reads are universal. */
    @Override
    public Optional<NativeScan> nativeScan(DatasetSpec spec) {
        return Optional.empty();
    }

    @Override
    public Schema schema(DatasetSpec spec) {
        try (Connection connection = settings.open()) {
            return new Schema(describe(connection, spec, ReadHints.none()).stream().map(Column::jdbc)
                    .map(JdbcColumn::field).toList());
        } catch (SQLException e) {
            throw MysqlErrors.wrap(spec.context() + ": schema query failed", e, settings);
        }
    }

    @Override
    public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        try (Connection connection = settings.open()) {
            List<Column> columns = describe(connection, spec, hints);
            List<String> names = columns.stream().map(column -> column.jdbc().name()).toList();
            List<String> ranges = ranges(connection, spec);
            List<ReadPartition> partitions = new ArrayList<>();
            for (int i = 0; i < ranges.size(); i++) {
                String select = MysqlReadQuery.select(spec, names, ranges.get(i).isEmpty() ? List.of()
                        : List.of(ranges.get(i)));
                String id = spec.entity() + "#" + (i + 1) + "/" + ranges.size();
                partitions.add(new Partition(id, spec, columns, select));
            }
            return List.copyOf(partitions);
        } catch (SQLException e) {
            throw MysqlErrors.wrap(spec.context() + ": mysql read failed", e, settings);
        }
    }

    /** One read's column: the kind it lands as and the kind the server holds (which decides how to fetch). */
    private record Column(JdbcColumn jdbc, ColumnKind stored) {
    }

    /** The columns of the read: the hinted ones, else the contract's, else all, described by the server. */
    private List<Column> describe(Connection connection, DatasetSpec spec, ReadHints hints) throws SQLException {
        Map<String, String> contract = spec.columns();
        List<String> wanted = hints.columns() != null && !hints.columns().isEmpty() ? hints.columns()
                : contract != null && !contract.isEmpty() ? List.copyOf(contract.keySet()) : List.of();
        List<Column> columns = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(MysqlReadQuery.select(spec, wanted, List.of()) + " LIMIT 0")) {
            ResultSetMetaData metadata = result.getMetaData();
            for (int i = 1; i <= metadata.getColumnCount(); i++) {
                String name = metadata.getColumnLabel(i);
                ColumnKind stored = MysqlTypes.read(metadata, i);
                String declared = contract == null ? null : contract.get(name);
                if (declared == null) {
                    columns.add(new Column(stored == ColumnKind.DECIMAL ? JdbcColumn.decimal(name,
                            metadata.getPrecision(i), metadata.getScale(i)) : new JdbcColumn(name, stored), stored));
                    continue;
                }
                ColumnKind kind = ColumnKind.of(ContractTypes.fromWord(declared).orElseThrow(() ->
                        new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, ContractTypes.unknown(name, declared),
                                ContractTypes.unknownHint())));
                columns.add(new Column(new JdbcColumn(name, kind), stored));
            }
        }
        return columns;
    }

    /** One range predicate per partition, or a single empty one when the read is not split. */
    private List<String> ranges(Connection connection, DatasetSpec spec) throws SQLException {
        String column = spec.get(MysqlOptions.PARTITION_COLUMN);
        int count = spec.get(MysqlOptions.PARTITIONS);
        if (column == null || column.isBlank() || count < 2) {
            return List.of("");
        }
        String quoted = MysqlReadQuery.SQL.quote(column);
        List<String> terms = WatermarkLiterals.terms(spec.watermark(), MysqlReadQuery.SQL);
        String probe = "SELECT MIN(" + quoted + "), MAX(" + quoted + ") FROM " + MysqlReadQuery.base(spec)
                + (terms.isEmpty() ? "" : " WHERE " + String.join(" AND ", terms));
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(probe)) {
            result.next();
            ColumnKind kind = MysqlTypes.read(result.getMetaData(), 1);
            if (kind != ColumnKind.INT && kind != ColumnKind.BIGINT && kind != ColumnKind.DECIMAL
                    && kind != ColumnKind.DOUBLE && kind != ColumnKind.DATE && kind != ColumnKind.TIMESTAMP) {
                throw new PzConnectorException(spec.context() + ": partition_column '" + column + "' is not numeric or"
                        + " temporal, so its range cannot be cut", false);
            }
            Object min = JdbcValues.convert(fetch(result, 1, kind), kind);
            Object max = JdbcValues.convert(fetch(result, 2, kind), kind);
            return RangeSplits.boundaries(min, max, count)
                    .map(bounds -> RangeSplits.predicates(quoted, bounds, MysqlSource::literal))
                    .orElse(List.of(""));
        }
    }

    private static String literal(Object value) {
        if (value instanceof BigDecimal decimal) {
            return decimal.toPlainString();
        }
        if (value instanceof LocalDate || value instanceof LocalDateTime) {
            return SqlDialect.string(value instanceof LocalDateTime timestamp
                    ? timestamp.toLocalDate() + " " + timestamp.toLocalTime() : value.toString());
        }
        return value.toString();
    }

    /** Temporal values through java.time, so no JVM time zone shifts them; everything else as the driver returns it. */
    private static Object fetch(ResultSet result, int index, ColumnKind stored) throws SQLException {
        return switch (stored) {
            case DATE -> result.getObject(index, LocalDate.class);
            case TIMESTAMP -> result.getObject(index, LocalDateTime.class);
            case TIME -> result.getObject(index, LocalTime.class);
            default -> result.getObject(index);
        };
    }

    private final class Partition implements ReadPartition {
        private final String id;
        private final DatasetSpec spec;
        private final List<Column> columns;
        private final String select;

        Partition(String id, DatasetSpec spec, List<Column> columns, String select) {
            this.id = id;
            this.spec = spec;
            this.columns = columns;
            this.select = select;
        }

        @Override
        public String id() {
            return id;
        }

        @Override
        public ArrowReader open(BufferAllocator allocator, BatchOptions options) {
            String context = spec.context() + ": mysql read failed";
            Connection connection = null;
            Statement statement = null;
            try {
                connection = settings.open();
                statement = connection.createStatement();
                statement.setFetchSize(FETCH_ROWS);
                ResultSet result = statement.executeQuery(select);
                ColumnKind[] stored = columns.stream().map(Column::stored).toArray(ColumnKind[]::new);
                return new ResultSetArrowReader(allocator, columns.stream().map(Column::jdbc).toList(), options,
                        connection, statement, result, (rows, index, kind) -> fetch(rows, index, stored[index - 1]),
                        e -> MysqlErrors.wrap(context, e, settings));
            } catch (SQLException | RuntimeException e) {
                closeQuietly(statement);
                closeQuietly(connection);
                throw MysqlErrors.wrap(context, e, settings);
            }
        }
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
        // Partitions own their sessions.
    }
}
