package dev.pz.connectors.postgres;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
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
 * The read side of one postgres connection: universal tier only. Each partition opens its own
 * session when the engine opens it, so partitions read concurrently.
 */
final class PostgresSource implements Source {

    private final PostgresConnectionSettings settings;

    PostgresSource(PostgresConnectionSettings settings) {
        this.settings = settings;
    }

    /** Always empty: DuckDB's postgres extension cannot be installed offline, so reads are universal. */
    @Override
    public Optional<NativeScan> nativeScan(DatasetSpec spec) {
        return Optional.empty();
    }

    @Override
    public Schema schema(DatasetSpec spec) {
        String select = PostgresReadQuery.select(spec, null, List.of());
        try (Connection connection = settings.open()) {
            return describe(connection, spec, select).schema();
        } catch (SQLException e) {
            throw PostgresErrors.wrap("dataset '" + spec.entity() + "': schema query failed", e, settings);
        }
    }

    @Override
    public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        int partitionCount = spec.get(PostgresOptions.PARTITIONS);
        String partitionColumn = spec.get(PostgresOptions.PARTITION_COLUMN);
        try (Connection connection = settings.open()) {
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
                        settings, description.schema(), description.types(), selects.get(i)));
            }
            return List.copyOf(partitions);
        } catch (SQLException e) {
            throw PostgresErrors.wrap("dataset '" + spec.entity() + "': postgres read failed", e, settings);
        }
    }

    @Override
    public void close() {
        // Sessions belong to partitions and schema probes; the source itself holds none.
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
