package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.ChangeCaptureAdmin;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzConnectorException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The read side of one sqlserver connection: universal tier only. The schema comes from the
 * server's description of the select ({@code sp_describe_first_result_set}, nothing executed); a
 * table read projects the hinted, else contracted, else every column and filters with the pushed
 * predicates {@link TsqlPredicateRenderer} can render; a {@code query:} read runs the query as
 * written and keeps the hinted columns as it reads. Each partition opens its own
 * session when the engine opens it, so partitions read concurrently. A {@code sync: {mode: cdc}}
 * read is one {@link SqlServerCdcPartition}; {@code pz cdc status|drop} look at its capture
 * instance, which pz never changes on the server.
 */
final class SqlServerSource implements Source, ChangeCaptureAdmin {

    private final SqlServerConnectionSettings settings;

    SqlServerSource(SqlServerConnectionSettings settings) {
        this.settings = settings;
    }

    /** Always empty: DuckDB's SQL Server extension is not available offline. */
    @Override
    public Optional<NativeScan> nativeScan(DatasetSpec spec) {
        return Optional.empty();
    }

    /** The live schema; a contracted column the table lacks is left out, for the drift check to name. */
    @Override
    public Schema schema(DatasetSpec spec) {
        if (spec.changeCapture() != null) {
            try (Connection connection = settings.open()) {
                return SqlServerCdc.describe(spec, SqlServerCdc.instance(spec), List.of(),
                        describe(connection, spec, SqlServerCdc.snapshotSelect(spec))).schema();
            } catch (SQLException e) {
                throw SqlServerErrors.wrap("dataset '" + spec.entity() + "': schema query failed", e, settings);
            }
        }
        try (Connection connection = settings.open()) {
            List<SqlServerColumn> available = describe(connection, spec, SqlServerReadQuery.projection(spec, null));
            List<String> wanted = SqlServerReadQuery.isQuery(spec) ? null
                    : SqlServerReadQuery.projectedColumns(spec, null);
            List<Field> fields = new ArrayList<>();
            for (SqlServerColumn column : available) {
                if (wanted == null || wanted.stream().anyMatch(name -> name.equalsIgnoreCase(column.name()))) {
                    fields.add(column.readType().field(column.name()));
                }
            }
            return new Schema(fields);
        } catch (SQLException e) {
            throw SqlServerErrors.wrap("dataset '" + spec.entity() + "': schema query failed", e, settings);
        }
    }

    /** A change capture reads the whole table, one partition, nothing pushed down. */
    @Override
    public void checkUniversalRead(DatasetSpec spec) {
        SqlServerCdc.checkOptions(spec);
    }

    @Override
    public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        SqlServerCdc.checkOptions(spec);
        if (spec.changeCapture() != null) {
            try (Connection connection = settings.open()) {
                SqlServerCdc.Capture capture = SqlServerCdc.prepare(settings, connection, spec,
                        (session, select) -> describe(session, spec, select));
                return List.of(new SqlServerCdcPartition(settings, capture, spec.changeCapture().resumeToken()));
            } catch (SQLException e) {
                throw SqlServerErrors.wrap("dataset '" + spec.entity() + "': sqlserver change capture failed", e,
                        settings);
            }
        }
        int partitionCount = spec.get(SqlServerOptions.PARTITIONS);
        String partitionColumn = spec.get(SqlServerOptions.PARTITION_COLUMN);
        boolean partitioned = partitionColumn != null && partitionCount > 1;
        try (Connection connection = settings.open()) {
            String unfiltered = SqlServerReadQuery.projection(spec, null);
            List<SqlServerColumn> available = describe(connection, spec, unfiltered);
            Plan plan = plan(spec, hints, available, partitioned ? partitionColumn : null);
            String select = SqlServerReadQuery.select(spec, plan.projection(),
                    filters(connection, spec, hints, available, unfiltered), available);
            List<String> selects = partitioned
                    ? SqlServerPartitioner.split(settings, connection, spec.entity(), select, partitionColumn,
                            partitionCount)
                    : List.of(select);
            List<ReadPartition> partitions = new ArrayList<>();
            for (int i = 0; i < selects.size(); i++) {
                partitions.add(new SqlServerPartition(spec.entity() + "#" + (i + 1) + "/" + selects.size(),
                        spec.entity(), settings, plan.schema(), plan.sources(), selects.get(i)));
            }
            return List.copyOf(partitions);
        } catch (SQLException e) {
            throw SqlServerErrors.wrap("dataset '" + spec.entity() + "': sqlserver read failed", e, settings);
        }
    }

    /**
     * Healthy when the prerequisites are met and, with a stored token, the capture still holds the
     * changes after it. The position is the capture instance; what it retains is not measured.
     */
    @Override
    public Status status(DatasetSpec spec) {
        SqlServerTableName table = SqlServerTableName.parse(spec.entity());
        String instance = SqlServerCdc.instance(spec);
        String token = spec.changeCapture() == null ? null : spec.changeCapture().resumeToken();
        try (Connection connection = settings.open()) {
            List<String> detail = new ArrayList<>(SqlServerCdc.unmetPrerequisites(settings, connection, table,
                    instance));
            if (detail.isEmpty() && token == null) {
                detail.add("no token stored yet: the next run snapshots the table");
            } else if (detail.isEmpty() && expired(connection, instance, token)) {
                detail.add("the capture's cleanup removed changes after the stored token, so they are lost -- run"
                        + " with --full-refresh to snapshot the table again");
            }
            return new Status(instance, detail.isEmpty(), null, detail);
        } catch (SQLException e) {
            throw SqlServerErrors.wrap("dataset '" + spec.entity() + "': sqlserver cdc status failed", e, settings);
        }
    }

    /** Changes nothing on the server: disabling the capture is the user's statement to run, if wanted. */
    @Override
    public Dropped drop(DatasetSpec spec) {
        String instance = SqlServerCdc.instance(spec);
        return new Dropped(instance, false, List.of(SqlServerCdcSql.disableStatement(
                SqlServerTableName.parse(spec.entity()), instance)));
    }

    private boolean expired(Connection connection, String instance, String token) throws SQLException {
        try (Statement statement = settings.statement(connection);
                ResultSet result = statement.executeQuery(SqlServerCdcSql.tokenExpired(instance, token))) {
            return result.next() && result.getInt(1) == 1;
        }
    }

    @Override
    public void close() {
        // Sessions belong to partitions and schema probes; the source itself holds none.
    }

    /**
     * The T-SQL conditions for the predicates the server can apply without losing a row DuckDB keeps
     * (table reads only; a query is sent as written). Text columns' collations are asked for only
     * when some predicate is on a text column.
     */
    private List<String> filters(Connection connection, DatasetSpec spec, ReadHints hints,
            List<SqlServerColumn> available, String unfiltered) throws SQLException {
        if (hints.predicates().isEmpty() || SqlServerReadQuery.isQuery(spec)) {
            return List.of();
        }
        boolean text = available.stream().anyMatch(column -> TsqlPredicateRenderer.comparesText(column)
                && hints.predicates().stream().anyMatch(predicate -> predicate.column().equalsIgnoreCase(column.name())));
        Map<String, String> collations = text ? SqlServerCollations.of(settings, connection, unfiltered) : Map.of();
        return new TsqlPredicateRenderer(available, collations).renderAll(hints.predicates());
    }

    /** The select's projection, the schema it produces and where each field comes from in its result. */
    record Plan(String projection, Schema schema, List<SqlServerArrowReader.Source> sources) {
    }

    /**
     * Which columns the read keeps and how. A table read names them in its select (the partition
     * column added at the end when the projection lacks it), a query read picks them from the
     * query's result by name.
     */
    static Plan plan(DatasetSpec spec, ReadHints hints, List<SqlServerColumn> available, String partitionColumn) {
        Map<String, Integer> positions = new LinkedHashMap<>();
        for (int i = 0; i < available.size(); i++) {
            positions.putIfAbsent(available.get(i).name().toLowerCase(Locale.ROOT), i);
        }
        boolean query = SqlServerReadQuery.isQuery(spec);
        List<String> requested = query ? hints.columns() : SqlServerReadQuery.projectedColumns(spec, hints.columns());
        List<SqlServerColumn> output = new ArrayList<>();
        if (requested == null || requested.isEmpty()) {
            output.addAll(available);
        } else {
            List<String> missing = new ArrayList<>();
            for (String name : requested) {
                Integer position = positions.get(name.toLowerCase(Locale.ROOT));
                if (position == null) {
                    missing.add(name);
                } else {
                    output.add(available.get(position));
                }
            }
            if (!missing.isEmpty()) {
                throw new PzConnectorException("dataset '" + spec.entity() + "': column(s) " + missing
                        + " do not exist in the source (has: " + String.join(", ", available.stream()
                                .map(SqlServerColumn::name).toList()) + ")", false);
            }
        }
        List<Field> fields = new ArrayList<>();
        List<SqlServerArrowReader.Source> sources = new ArrayList<>();
        for (int i = 0; i < output.size(); i++) {
            SqlServerColumn column = output.get(i);
            SqlServerReadType type = column.readType();
            fields.add(type.field(column.name()));
            int index = query ? positions.get(column.name().toLowerCase(Locale.ROOT)) + 1 : i + 1;
            sources.add(new SqlServerArrowReader.Source(index, type));
        }
        String projection;
        if (query || requested == null || requested.isEmpty()) {
            projection = SqlServerReadQuery.projection(spec, null);
        } else {
            List<String> selected = new ArrayList<>(output.stream().map(SqlServerColumn::name).toList());
            if (partitionColumn != null && selected.stream().noneMatch(partitionColumn::equalsIgnoreCase)) {
                selected.add(partitionColumn);
            }
            projection = SqlServerReadQuery.projection(spec, selected);
        }
        return new Plan(projection, new Schema(fields), List.copyOf(sources));
    }

    /** The columns {@code select} produces, as the server describes them without running it. */
    private List<SqlServerColumn> describe(Connection connection, DatasetSpec spec, String select) throws SQLException {
        try (PreparedStatement statement = settings.prepare(connection, select)) {
            ResultSetMetaData metadata = statement.getMetaData();
            if (metadata == null) {
                throw new PzConnectorException("dataset '" + spec.entity() + "': the query returns no result set", false);
            }
            List<SqlServerColumn> columns = new ArrayList<>();
            for (int i = 1; i <= metadata.getColumnCount(); i++) {
                columns.add(new SqlServerColumn(metadata.getColumnLabel(i), metadata.getColumnTypeName(i),
                        metadata.getPrecision(i), metadata.getScale(i)));
            }
            return List.copyOf(columns);
        } catch (SQLException e) {
            throw SqlServerErrors.wrap("dataset '" + spec.entity() + "': schema query failed", e, settings);
        }
    }
}
