package dev.pz.engine.scaleout;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.ReadPredicate;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.Project;
import dev.pz.engine.state.Watermark;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;

/**
 * Makes a run's shard plan: asks the source for the range of its partition column (and, for an
 * incremental read, the largest cursor value above the stored watermark), and cuts the range.
 */
final class ShardFreezer {
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS");

    private ShardFreezer() {
    }

    static ShardPlan freeze(Project project, ConnectorRegistry registry, ScaleOutFlow flow, String runId, int shards,
            Optional<Watermark> stored) {
        SourceLoadNode node = flow.source();
        String cursor = node.incremental() == null ? null : node.incremental().cursor();
        Watermark floor = cursor == null ? null
                : stored.filter(watermark -> watermark.cursor().equalsIgnoreCase(cursor)).orElse(null);
        DatasetSpec spec = new DatasetSpec(node.connection(), node.entity(), node.read().options(),
                node.read().columns(), cursor == null ? null
                        : new DatasetSpec.Watermark(cursor, floor == null ? null : floor.value(), false, null));
        ConnectionDef def = project.connections().get(node.connection());
        Connector connector = registry.find(def.connector()).orElseThrow(() -> new PzException(
                PzCode.CONNECTOR_NOT_INSTALLED, "connector '" + def.connector() + "' is not installed"));
        Source source = connector.openSource(ConnectorRegistry.configFor(def, project.directory()))
                .orElseThrow(() -> new PzException(PzCode.CONNECTOR_NOT_INSTALLED, "connector '" + def.connector()
                        + "' cannot read"));
        try (source) {
            Optional<Source.ColumnRange> ceiling = cursor == null ? Optional.empty() : source.columnRange(spec, cursor);
            Optional<Source.ColumnRange> range = source.columnRange(spec, flow.partitionColumn());
            if (range.isPresent() && !ShardCuts.CUTTABLE.contains(range.get().min().type())) {
                throw ScaleOutFlow.refused(flow.sink().name(), "partition_column '" + flow.partitionColumn() + "' is a "
                        + range.get().min().type().name().toLowerCase(java.util.Locale.ROOT) + "; shards cut integer,"
                        + " decimal, double and date columns");
            }
            return new ShardPlan(runId, flow.sink().name(), node.datasetKey(), shards, flow.partitionColumn(),
                    range.map(r -> r.min().type()).orElse(null), ShardCuts.cuts(range, shards), cursor, floor,
                    ceiling.map(r -> text(r.max())).orElse(null), ceiling.map(r -> r.max().type()).orElse(null));
        }
    }

    /** A cursor value as stored watermarks write it. */
    static String text(ReadPredicate.Value value) {
        return switch (value.type()) {
            case TIMESTAMP -> ((LocalDateTime) value.value()).format(TIMESTAMP);
            case DATE -> ((LocalDate) value.value()).toString();
            case DECIMAL -> ((BigDecimal) value.value()).toPlainString();
            default -> String.valueOf(value.value());
        };
    }

    /** The DuckDB condition that keeps rows at or below the frozen ceiling (false when nothing was new). */
    static String underCeiling(ShardPlan plan) {
        if (plan.ceiling() == null) {
            return "false";
        }
        String column = dev.pz.duckdb.SqlLiterals.identifier(plan.cursor());
        return switch (plan.ceilingType()) {
            case TIMESTAMP -> "strftime(" + column + ", '%Y-%m-%dT%H:%M:%S.%f') <= "
                    + dev.pz.duckdb.SqlLiterals.string(plan.ceiling());
            case DATE -> column + " <= date " + dev.pz.duckdb.SqlLiterals.string(plan.ceiling());
            case INTEGER, DECIMAL, DOUBLE -> column + " <= " + plan.ceiling();
            default -> throw new IllegalArgumentException("cursor type " + plan.ceilingType());
        };
    }

    static List<String> keptColumns(ShardPlan plan) {
        return plan.cursor() == null ? List.of(plan.partitionColumn()) : List.of(plan.partitionColumn(), plan.cursor());
    }
}
