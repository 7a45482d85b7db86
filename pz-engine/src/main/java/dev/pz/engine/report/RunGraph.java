package dev.pz.engine.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.json.AtomicFiles;
import dev.pz.engine.json.Json;
import dev.pz.engine.plan.ExecutionPlan;
import dev.pz.engine.plan.MemoryBudget;
import dev.pz.engine.plan.PlanWriter;
import dev.pz.engine.plan.PlannedNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The shape of one run as it was planned, kept in the run directory as {@code dag.json} so the
 * run's report can be drawn again later even after the project changed: every node of the DAG in
 * dependency order with its strategy and the ids it depends on, the engine's thread count, the
 * memory budget, and the prior run a retry took data from.
 */
public record RunGraph(String project, int threads, String retryOf, List<GraphNode> nodes, MemoryBudget memoryBudget) {

    public static final String FILE = "dag.json";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    public RunGraph {
        nodes = List.copyOf(nodes);
    }

    /** One node: {@code strategy} and {@code reason} are null for a node the plan does not cover. */
    public record GraphNode(String id, String kind, String name, String strategy, String reason,
            List<String> dependsOn) {

        public GraphNode {
            dependsOn = List.copyOf(dependsOn);
        }
    }

    public static RunGraph of(String project, int threads, String retryOf, CompiledDag dag, ExecutionPlan plan) {
        Map<String, PlannedNode> planned = new LinkedHashMap<>();
        plan.nodes().forEach(node -> planned.put(node.id(), node));
        List<GraphNode> nodes = new ArrayList<>();
        for (Node node : dag.nodes()) {
            PlannedNode plannedNode = planned.get(node.id());
            nodes.add(new GraphNode(node.id(), node.kind().pascalName(), node.name(),
                    plannedNode == null ? null : plannedNode.strategy().word(),
                    plannedNode == null ? null : plannedNode.reason(), node.dependsOn()));
        }
        return new RunGraph(project, threads, retryOf, nodes, plan.memoryBudget());
    }

    /** Writes {@code dag.json} into the run directory: two-space indent, LF, final newline. */
    public void write(Path runDirectory) {
        List<Object> entries = new ArrayList<>();
        for (GraphNode node : nodes) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("id", node.id());
            entry.put("kind", node.kind());
            entry.put("name", node.name());
            entry.put("strategy", node.strategy());
            entry.put("reason", node.reason());
            entry.put("dependsOn", new ArrayList<Object>(node.dependsOn()));
            entries.add(entry);
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("version", 1L);
        root.put("project", project);
        root.put("threads", (long) threads);
        root.put("retryOf", retryOf);
        root.put("nodes", entries);
        root.put("memoryBudget", PlanWriter.memoryBudget(memoryBudget));
        AtomicFiles.writeString(runDirectory.resolve(FILE), Json.indented(root) + "\n");
    }

    /** The graph recorded in {@code runDirectory}, or empty when the run has none (it predates dag.json) or it is unreadable. */
    public static Optional<RunGraph> read(Path runDirectory) {
        Path file = runDirectory.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            JsonNode root = MAPPER.readTree(file.toFile());
            List<GraphNode> nodes = new ArrayList<>();
            for (JsonNode node : root.path("nodes")) {
                List<String> dependsOn = new ArrayList<>();
                node.path("dependsOn").forEach(id -> dependsOn.add(id.asText()));
                nodes.add(new GraphNode(node.path("id").asText(), node.path("kind").asText(), node.path("name").asText(),
                        JsonFields.text(node, "strategy"), JsonFields.text(node, "reason"), dependsOn));
            }
            JsonNode budget = root.path("memoryBudget");
            MemoryBudget memory = new MemoryBudget(JsonFields.number(budget, "duckdbBytes"),
                    JsonFields.text(budget, "duckdbDisclaimer"), budget.path("channelBytes").asLong(),
                    budget.path("fixedOverheadBytes").asLong(), budget.path("totalBytes").asLong(),
                    JsonFields.text(budget, "duckdbThreadsDisclaimer"));
            return Optional.of(new RunGraph(root.path("project").asText(""), root.path("threads").asInt(1),
                    JsonFields.text(root, "retryOf"), nodes, memory));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
