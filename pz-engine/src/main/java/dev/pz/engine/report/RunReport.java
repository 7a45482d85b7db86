package dev.pz.engine.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.engine.artifacts.PeakMemory;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.plan.MemoryBudget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything a run's report shows, read back from its run directory: {@code run_results.json} (what
 * happened, when each node started, the peak memory) and {@code dag.json} (what was planned). Nodes are in the DAG's dependency order when the
 * run has a dag.json, else in completion order. {@code graph} is empty for a run that predates
 * dag.json: the report then has no edges, strategies or budget.
 */
public record RunReport(String runId, String status, Instant startedAt, Instant finishedAt, List<ReportNode> nodes,
        PeakMemory peakMemory, Optional<RunGraph> graph) {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    public RunReport {
        nodes = List.copyOf(nodes);
    }

    /** Thrown when a run directory has no readable run_results.json. */
    public static final class Unreadable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unreadable(String message) {
            super(message);
        }
    }

    public static RunReport load(Path runDirectory) {
        Path file = runDirectory.resolve("run_results.json");
        JsonNode root;
        try {
            root = Files.isRegularFile(file) ? MAPPER.readTree(file.toFile()) : null;
        } catch (IOException e) {
            root = null;
        }
        if (root == null || !root.isObject() || !root.path("nodes").isArray()) {
            throw new Unreadable(file + " is missing or is not a pz run_results.json");
        }
        Optional<RunGraph> graph = RunGraph.read(runDirectory);
        Map<String, RunGraph.GraphNode> planned = new HashMap<>();
        graph.ifPresent(g -> g.nodes().forEach(node -> planned.put(node.id(), node)));
        JsonNode starts = root.path("nodeStarts");
        Map<String, ReportNode> byId = new LinkedHashMap<>();
        for (JsonNode node : root.path("nodes")) {
            String id = node.path("id").asText();
            ReportNode entry = node(node, instant(JsonFields.text(starts, id)), planned.get(id));
            byId.put(entry.id(), entry);
        }
        List<ReportNode> ordered = new ArrayList<>();
        graph.ifPresent(g -> g.nodes().stream().map(RunGraph.GraphNode::id).filter(byId::containsKey)
                .forEach(id -> ordered.add(byId.remove(id))));
        ordered.addAll(byId.values());
        JsonNode peak = root.get("peakMemory");
        PeakMemory peakMemory = peak == null || !peak.isObject() ? null
                : new PeakMemory(JsonFields.number(peak, "rssBytes"), peak.path("arrowBytes").asLong());
        return new RunReport(root.path("runId").asText(runDirectory.getFileName().toString()),
                root.path("status").asText("running"), instant(JsonFields.text(root, "startedAt")),
                instant(JsonFields.text(root, "finishedAt")), ordered, peakMemory, graph);
    }

    public Optional<MemoryBudget> memoryBudget() {
        return graph.map(RunGraph::memoryBudget);
    }

    public String project() {
        return graph.map(RunGraph::project).orElse("");
    }

    /** The run's wall-clock length: to its finish, or to the last node's end while it has none. */
    public long durationMs() {
        if (startedAt == null) {
            return 0;
        }
        Instant end = finishedAt;
        for (ReportNode node : nodes) {
            Instant finished = node.finishedAt();
            if (finished != null && (end == null || finished.isAfter(end))) {
                end = finished;
            }
        }
        return end == null ? 0 : Math.max(0, end.toEpochMilli() - startedAt.toEpochMilli());
    }

    public long count(String nodeStatus) {
        return nodes.stream().filter(node -> node.status().equals(nodeStatus)).count();
    }

    private static ReportNode node(JsonNode node, Instant startedAt, RunGraph.GraphNode planned) {
        JsonNode error = node.get("error");
        boolean hasError = error != null && error.isObject();
        JsonNode timings = node.get("timings");
        NodeResult.Timings stalls = timings == null || !timings.isObject() ? null
                : new NodeResult.Timings(timings.path("producerStallMs").asLong(), timings.path("consumerStallMs").asLong());
        return new ReportNode(node.path("id").asText(), node.path("kind").asText(), node.path("name").asText(),
                node.path("status").asText(), JsonFields.text(node, "provenance"), node.path("rows").asLong(),
                node.path("durationMs").asLong(), hasError ? JsonFields.text(error, "code") : null,
                hasError ? JsonFields.text(error, "message") : null, stalls, startedAt,
                planned == null ? null : planned.strategy(), planned == null ? null : planned.reason(),
                planned == null ? List.of() : planned.dependsOn());
    }

    private static Instant instant(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
