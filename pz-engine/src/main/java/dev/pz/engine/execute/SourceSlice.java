package dev.pz.engine.execute;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPredicate;
import dev.pz.duckdb.DuckConnection;
import dev.pz.engine.compile.SourceLoadNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of one source a sharded run keeps: {@code keep} is a DuckDB condition over the staged
 * columns (the shard's partition range, and the frozen watermark ceiling), applied to the landed
 * table, so the shard holds exactly its rows whatever the connector did with the hints.
 * {@code pushdown} asks the connector to read only those rows ({@code columns} must stay in any
 * pruned projection because {@code keep} reads them); {@code upperBound} is the frozen watermark
 * ceiling of an incremental read (null when not incremental; its floor is the frozen stored
 * watermark the run reads from).
 */
public record SourceSlice(String sourceId, String keep, List<ReadPredicate> pushdown, List<String> columns,
        String upperBound) {

    public SourceSlice {
        pushdown = List.copyOf(pushdown);
        columns = List.copyOf(columns);
    }

    /** The node with the slice's predicates added to its read hints. */
    SourceLoadNode narrow(SourceLoadNode node) {
        ReadHints hints = node.hints() == null ? ReadHints.none() : node.hints();
        List<String> projection = hints.columns();
        if (projection != null) {
            projection = new ArrayList<>(projection);
            for (String column : columns) {
                if (projection.stream().noneMatch(column::equalsIgnoreCase)) {
                    projection.add(column);
                }
            }
        }
        List<ReadPredicate> predicates = new ArrayList<>(hints.predicates());
        predicates.addAll(pushdown);
        return new SourceLoadNode(node.id(), node.name(), node.connection(), node.entity(), node.read(),
                node.declaredAtCallSite(), node.incremental(), new ReadHints(projection, predicates));
    }

    /** The read's watermark with the frozen ceiling. */
    DatasetSpec.Watermark bounds(DatasetSpec.Watermark watermark) {
        if (watermark == null || upperBound == null) {
            return watermark;
        }
        return new DatasetSpec.Watermark(watermark.cursor(), watermark.lowerValue(), watermark.lowerInclusive(),
                upperBound);
    }

    /** Drops the landed rows outside the slice; the rows left. */
    long trim(DuckConnection connection, String table) {
        connection.execute("delete from " + table + " where not coalesce((" + keep + "), false)");
        return Counts.rows(connection, table);
    }
}
