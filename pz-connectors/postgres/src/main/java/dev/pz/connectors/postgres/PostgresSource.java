package dev.pz.connectors.postgres;

import dev.pz.connectors.api.ChangeCaptureAdmin;
import dev.pz.connectors.api.ChangeRows;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.ReadPredicate;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The read side of one postgres connection: universal tier only. Each partition takes a session
 * of its own when the engine opens it, so partitions read concurrently; the first one reuses the
 * session the schema probe and the read plan ran on ({@link PostgresSessions}). A change capture
 * reads in one {@link PostgresCdcPartition}; {@code pz cdc status|drop} manage its replication slot.
 */
final class PostgresSource implements Source, ChangeCaptureAdmin {

    private final PostgresConnectionSettings settings;
    /** One read's steps share sessions: schema probe, read plan, then the first partition's COPY. */
    private final PostgresSessions sessions;

    PostgresSource(PostgresConnectionSettings settings) {
        this.settings = settings;
        this.sessions = new PostgresSessions(settings);
    }

    /** Always empty: DuckDB's postgres extension cannot be installed offline, so reads are universal. */
    @Override
    public Optional<NativeScan> nativeScan(DatasetSpec spec) {
        return Optional.empty();
    }

    @Override
    public Schema schema(DatasetSpec spec) {
        String select = spec.changeCapture() != null ? snapshotSelect(spec) : PostgresReadQuery.select(spec, null, List.of());
        try {
            return sessions.use(connection -> describe(connection, spec, select).schema());
        } catch (SQLException e) {
            throw PostgresErrors.wrap("dataset '" + spec.entity() + "': schema query failed", e, settings);
        }
    }

    /** A change capture reads the whole table, one partition, nothing pushed down. */
    @Override
    public void checkUniversalRead(DatasetSpec spec) {
        if (spec.changeCapture() == null) {
            return;
        }
        List<String> forbidden = new ArrayList<>();
        if (spec.options().containsKey(PostgresOptions.QUERY.name())) {
            forbidden.add(PostgresOptions.QUERY.name());
        }
        if (spec.options().containsKey(PostgresOptions.PARTITION_COLUMN.name())) {
            forbidden.add(PostgresOptions.PARTITION_COLUMN.name());
        }
        if (spec.options().containsKey(PostgresOptions.PARTITIONS.name())) {
            forbidden.add(PostgresOptions.PARTITIONS.name());
        }
        if (!forbidden.isEmpty()) {
            throw new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, "dataset '" + spec.entity() + "': "
                    + String.join(", ", forbidden) + " cannot be used with sync: {mode: cdc}, which reads the whole"
                    + " table's changes in one stream", "remove " + String.join(" and ", forbidden) + " from the read");
        }
    }

    @Override
    public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        if (spec.changeCapture() != null) {
            return List.of(changeCapture(spec));
        }
        int partitionCount = spec.get(PostgresOptions.PARTITIONS);
        String partitionColumn = spec.get(PostgresOptions.PARTITION_COLUMN);
        try {
            return sessions.use(connection -> planRead(connection, spec, hints, partitionCount, partitionColumn));
        } catch (SQLException e) {
            throw PostgresErrors.wrap("dataset '" + spec.entity() + "': postgres read failed", e, settings);
        }
    }

    private List<ReadPartition> planRead(Connection connection, DatasetSpec spec, ReadHints hints, int partitionCount,
            String partitionColumn) throws SQLException {
        Description description = describe(connection, spec, PostgresReadQuery.select(spec, hints.columns(), List.of()));
        List<String> filters = filters(connection, spec, hints, description);
        String select = PostgresReadQuery.select(spec, hints.columns(), filters);
        List<String> selects;
        if (partitionColumn == null || partitionCount == 1) {
            selects = List.of(select);
        } else if (hints.columns() != null
                && hints.columns().stream().noneMatch(column -> column.equalsIgnoreCase(partitionColumn))) {
            // The pruned projection lacks the partition column: split a base that keeps it,
            // then project each slice back to the hinted columns.
            List<String> widened = new ArrayList<>(hints.columns());
            widened.add(partitionColumn);
            String base = PostgresReadQuery.select(spec, widened, filters);
            selects = PostgresPartitioner.split(settings, connection, spec.entity(), base, partitionColumn,
                    partitionCount).stream()
                    .map(slice -> "select " + PostgresSql.quoteAll(hints.columns()) + " from (" + slice + ") p")
                    .toList();
        } else {
            selects = PostgresPartitioner.split(settings, connection, spec.entity(), select, partitionColumn,
                    partitionCount);
        }
        List<ReadPartition> partitions = new ArrayList<>();
        for (int i = 0; i < selects.size(); i++) {
            partitions.add(new PostgresPartition(spec.entity() + "#" + (i + 1) + "/" + selects.size(), spec.entity(),
                    sessions, description.schema(), description.types(), selects.get(i)));
        }
        return List.copyOf(partitions);
    }

    @Override
    public Optional<ColumnRange> columnRange(DatasetSpec spec, String column) {
        String quoted = PostgresSql.quote(column);
        String select = "select min(q." + quoted + "), max(q." + quoted + ") from ("
                + PostgresReadQuery.select(spec, null, List.of()) + ") q";
        try {
            return sessions.use(connection -> {
                try (Statement statement = settings.statement(connection);
                        ResultSet result = statement.executeQuery(select)) {
                    return columnRange(result);
                }
            });
        } catch (SQLException e) {
            throw PostgresErrors.wrap("dataset '" + spec.entity() + "': the range of column '" + column
                    + "' could not be read", e, settings);
        }
    }

    private static Optional<ColumnRange> columnRange(ResultSet result) throws SQLException {
        result.next();
        Optional<PostgresReadType> type = PostgresReadType.forTypeName(result.getMetaData().getColumnTypeName(1));
        if (type.isEmpty() || result.getObject(1) == null || result.getObject(2) == null) {
            return Optional.empty();
        }
        return switch (type.get()) {
            case INTEGER, BIGINT -> Optional.of(new ColumnRange(ReadPredicate.Value.of(result.getLong(1)),
                    ReadPredicate.Value.of(result.getLong(2))));
            case NUMERIC -> Optional.of(new ColumnRange(ReadPredicate.Value.of(result.getBigDecimal(1)),
                    ReadPredicate.Value.of(result.getBigDecimal(2))));
            case DOUBLE -> Optional.of(new ColumnRange(ReadPredicate.Value.of(result.getDouble(1)),
                    ReadPredicate.Value.of(result.getDouble(2))));
            case DATE -> Optional.of(new ColumnRange(ReadPredicate.Value.of(result.getObject(1, LocalDate.class)),
                    ReadPredicate.Value.of(result.getObject(2, LocalDate.class))));
            case TIMESTAMP -> Optional.of(new ColumnRange(
                    ReadPredicate.Value.of(result.getObject(1, LocalDateTime.class)),
                    ReadPredicate.Value.of(result.getObject(2, LocalDateTime.class))));
            case TIMESTAMPTZ -> Optional.of(new ColumnRange(
                    ReadPredicate.Value.of(utc(result.getObject(1, OffsetDateTime.class))),
                    ReadPredicate.Value.of(utc(result.getObject(2, OffsetDateTime.class)))));
            case TEXT, BOOLEAN -> Optional.empty();
        };
    }

    private static LocalDateTime utc(OffsetDateTime value) {
        return value.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
    }

    private ReadPartition changeCapture(DatasetSpec spec) {
        checkUniversalRead(spec);
        String select = snapshotSelect(spec);
        try (Connection connection = settings.open()) {
            Description description = describe(connection, spec, select);
            List<String> keys = PostgresCdc.keyColumns(settings, connection, PostgresTableName.parse(spec.entity()));
            return new PostgresCdcPartition(settings, spec, description.schema(), description.types(), select, keys);
        } catch (SQLException e) {
            throw PostgresErrors.wrap("dataset '" + spec.entity() + "': postgres read failed", e, settings);
        }
    }

    /** The first-run snapshot: every row as an {@code insert} before every change, then the table's columns. */
    static String snapshotSelect(DatasetSpec spec) {
        String columns = spec.columns() != null && !spec.columns().isEmpty()
                ? String.join(", ", spec.columns().keySet().stream().map(column -> "t." + PostgresSql.quote(column)).toList())
                : "t.*";
        return "select cast('insert' as text) as " + PostgresSql.quote(ChangeRows.OP) + ", cast("
                + PostgresSql.literal(PostgresCdc.SNAPSHOT_POSITION) + " as text) as " + PostgresSql.quote(ChangeRows.POSITION)
                + ", cast(null as timestamptz) as " + PostgresSql.quote(ChangeRows.CHANGED_AT) + ", " + columns + " from "
                + PostgresTableName.parse(spec.entity()).qualified() + " t";
    }

    @Override
    public Status status(DatasetSpec spec) {
        String slot = PostgresCdc.slotName(spec);
        String token = spec.changeCapture() == null ? null : spec.changeCapture().resumeToken();
        try (Connection connection = settings.open()) {
            Optional<PostgresCdc.Slot> existing = PostgresCdc.slot(settings, connection, slot);
            List<String> detail = new ArrayList<>();
            if (existing.isEmpty()) {
                detail.add(token == null ? "slot not created yet: the first run creates it"
                        : "slot '" + slot + "' is GONE: the changes since the stored token are lost -- run with"
                                + " --full-refresh to snapshot the table again");
                detail.addAll(PostgresCdc.unmetPrerequisites(settings, connection, PostgresTableName.parse(spec.entity()),
                        PostgresCdc.publicationName(spec)));
                return new Status(slot, false, null, detail);
            }
            PostgresCdc.Slot found = existing.get();
            if (!PostgresCdc.PLUGIN.equals(found.plugin())) {
                detail.add("slot '" + slot + "' uses plugin '" + found.plugin() + "', not pgoutput -- pz cdc drop "
                        + spec.connection() + "." + spec.entity() + " removes it");
            }
            if ("lost".equals(found.walStatus())) {
                detail.add("slot '" + slot + "' lost the log it needed -- run with --full-refresh to snapshot the"
                        + " table again");
            }
            if (token == null) {
                detail.add("slot '" + slot + "' exists but no run has stored a token; the next run snapshots the table");
            }
            return new Status(slot, detail.isEmpty(), found.retainedBytes(), detail);
        } catch (SQLException e) {
            throw PostgresErrors.wrap("dataset '" + spec.entity() + "': postgres cdc status failed", e, settings);
        }
    }

    @Override
    public Dropped drop(DatasetSpec spec) {
        String slot = PostgresCdc.slotName(spec);
        try (Connection connection = settings.open()) {
            PostgresCdc.dropSlot(settings, connection, slot);
            return new Dropped(slot, true, List.of());
        } catch (SQLException e) {
            throw PostgresErrors.wrap("dataset '" + spec.entity() + "': dropping replication slot '" + slot
                    + "' failed", e, settings);
        }
    }

    @Override
    public void close() {
        // Partitions still streaming keep their sessions and close them when they finish.
        sessions.close();
    }

    /**
     * The PostgreSQL conditions for the predicates the server can apply with DuckDB's meaning
     * (table mode only), knowing each column's type and, for text, its collation.
     */
    private static List<String> filters(Connection connection, DatasetSpec spec, ReadHints hints,
            Description description) throws SQLException {
        if (hints.predicates().isEmpty() || PostgresReadQuery.isQuery(spec)) {
            return List.of();
        }
        Map<String, PostgresCollations.Allowed> collations = description.hasText()
                ? PostgresCollations.of(connection, PostgresTableName.parse(spec.entity())) : Map.of();
        Map<String, PostgresPredicates.Column> columns = new HashMap<>();
        Set<String> ambiguous = new HashSet<>();
        for (int i = 0; i < description.names().size(); i++) {
            String name = description.names().get(i);
            PostgresCollations.Allowed allowed = collations.getOrDefault(name, PostgresCollations.Allowed.NOTHING);
            String key = name.toLowerCase(Locale.ROOT);
            if (columns.put(key, new PostgresPredicates.Column(name, description.typeNames().get(i), allowed.equality(),
                    allowed.ordering())) != null) {
                ambiguous.add(key);
            }
        }
        ambiguous.forEach(columns::remove);
        return PostgresPredicates.render(hints.predicates(), columns);
    }

    /** The columns a select produces and their matrix types, from {@code select * from (…) q limit 0}. */
    private Description describe(Connection connection, DatasetSpec spec, String select) throws SQLException {
        try (Statement statement = settings.statement(connection);
                ResultSet result = statement.executeQuery("select * from (" + select + ") q limit 0")) {
            ResultSetMetaData metadata = result.getMetaData();
            List<Field> fields = new ArrayList<>();
            List<PostgresReadType> types = new ArrayList<>();
            List<String> names = new ArrayList<>();
            List<String> typeNames = new ArrayList<>();
            for (int i = 1; i <= metadata.getColumnCount(); i++) {
                String name = metadata.getColumnLabel(i);
                PostgresReadType type = PostgresReadType.require(name, metadata.getColumnTypeName(i));
                fields.add(type.field(name));
                types.add(type);
                names.add(name);
                typeNames.add(metadata.getColumnTypeName(i));
            }
            return new Description(new Schema(fields), List.copyOf(types), List.copyOf(names), List.copyOf(typeNames));
        } catch (SQLException e) {
            throw PostgresErrors.wrap("dataset '" + spec.entity() + "': schema query failed", e, settings);
        }
    }

    private record Description(Schema schema, List<PostgresReadType> types, List<String> names,
            List<String> typeNames) {

        boolean hasText() {
            return types.contains(PostgresReadType.TEXT);
        }
    }
}
