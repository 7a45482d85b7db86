package dev.pz.engine.scaleout;

import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import dev.pz.engine.compile.CdcRouting;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.Project;
import dev.pz.engine.plan.ExecutionPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A flow that can run as shards: one source read with a {@code partition_column} by a connector
 * that reads partitions, row-by-row pipelines, and one sink. Anything else is refused before
 * anything runs: PZ0700 for the shape, PZ0701 for SQL that does not split.
 */
record ScaleOutFlow(SourceLoadNode source, List<PipelineNode> pipelines, SinkWriteNode sink) {
    static final String PARTITION_COLUMN = "partition_column";

    static ScaleOutFlow of(Project project, CompiledDag dag, Set<String> effective, ConnectorRegistry registry,
            ExecutionPlan plan) {
        List<SourceLoadNode> sources = new ArrayList<>();
        List<PipelineNode> pipelines = new ArrayList<>();
        List<SinkWriteNode> sinks = new ArrayList<>();
        List<String> others = new ArrayList<>();
        for (String id : effective) {
            Node node = dag.node(id);
            if (node instanceof SourceLoadNode source) {
                sources.add(source);
            } else if (node instanceof PipelineNode pipeline) {
                pipelines.add(pipeline);
            } else if (node instanceof SinkWriteNode sink) {
                sinks.add(sink);
            } else {
                others.add(node.name());
            }
        }
        String label = sinks.isEmpty() ? String.join(" + ", effective.stream().map(id -> dag.node(id).name()).toList())
                : String.join(" + ", sinks.stream().map(SinkWriteNode::name).toList());
        if (sources.size() != 1 || sinks.size() != 1 || !others.isEmpty()) {
            throw refused(label, "it reads " + sources.size() + " source(s) and writes " + sinks.size() + " sink(s)"
                    + (others.isEmpty() ? "" : " and runs " + String.join(", ", others))
                    + "; a sharded flow reads one partitioned source and writes one sink");
        }
        SourceLoadNode source = sources.get(0);
        ConnectionDef connection = project.connections().get(source.connection());
        Object column = source.read().options().get(PARTITION_COLUMN);
        if (!(column instanceof String) || ((String) column).isBlank()) {
            throw refused(label, "its source '" + source.datasetKey() + "' has no partition_column to cut into shards");
        }
        boolean partitioned = registry.find(connection.connector())
                .map(connector -> connector.capabilities().contains(ConnectorCapability.PARTITIONED_READ)).orElse(false);
        if (!partitioned) {
            throw refused(label, "connector '" + connection.connector() + "' of source '" + source.datasetKey()
                    + "' does not read partitions");
        }
        if (CdcRouting.isCdc(source) || source.incremental() != null && source.incremental().window() != null) {
            throw refused(label, "source '" + source.datasetKey() + "' is read as a change stream or in windows,"
                    + " which sharding does not cut");
        }
        if (plan.isFused(source.id())) {
            throw refused(label, "source '" + source.datasetKey() + "' is fused into its sink (engine.fusion)");
        }
        checkSql(label, pipelines);
        return new ScaleOutFlow(source, List.copyOf(pipelines), sinks.get(0));
    }

    String partitionColumn() {
        return (String) source.read().options().get(PARTITION_COLUMN);
    }

    private static void checkSql(String label, List<PipelineNode> pipelines) {
        try (DuckSession session = DuckSession.openInMemory(DuckSettings.defaults());
                DuckConnection connection = session.connect()) {
            SplittableSql splittable = new SplittableSql(connection);
            for (PipelineNode pipeline : pipelines) {
                Optional<String> obstacle = splittable.obstacle(pipeline.sql());
                if (obstacle.isPresent()) {
                    throw new PzValidationException(List.of(new PzError(PzCode.SHARD_SQL_NOT_SPLITTABLE,
                            "flow '" + label + "' cannot run as shards: pipeline '" + pipeline.name() + "' uses "
                                    + obstacle.get() + ", which gives another answer shard by shard than on the whole",
                            pipeline.file(), 0, "move that step into a flow that reads the committed sink, or run"
                                    + " this flow without --shard")));
                }
            }
        }
    }

    static PzValidationException refused(String label, String why) {
        return new PzValidationException(List.of(new PzError(PzCode.SHARD_FLOW_UNSUPPORTED, "flow '" + label
                + "' cannot run as shards: " + why, null, 0, "shard a flow with one source read with a partition_column"
                        + " (postgres) and one sink, or run this flow with plain pz run")));
    }
}
