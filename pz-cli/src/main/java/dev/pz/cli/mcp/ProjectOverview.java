package dev.pz.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.pz.engine.CompiledProject;
import dev.pz.engine.NodeInfo;
import dev.pz.engine.events.NodeKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * pz_project_overview: the project's shape for an agent (its flows, connections with their
 * entities, pipelines with what they read and write, the DAG), never a configuration value. When
 * the project does not compile, the errors come with what could still be read.
 */
final class ProjectOverview {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final McpProject project;

    ProjectOverview(McpProject project) {
        this.project = project;
    }

    PzTool tool() {
        return new PzTool("pz_project_overview", "The project's flows, connections (connector and entities, never "
                + "option values), pipelines with their refs, sources and sinks, and the DAG.", List.of(),
                arguments -> overview());
    }

    ToolEnvelope overview() {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("name", projectName());
        McpProject.Outcome<CompiledProject> outcome = McpProject.attempt(() -> project.open(new McpProject.Reports()));
        List<NodeInfo> nodes = outcome.value().map(compiled -> compiled.nodes(null)).orElse(List.of());
        result.put("flows", new ArrayList<Object>(outcome.value().map(CompiledProject::flows).orElse(List.of())));
        result.put("connections", connections());
        result.put("pipelines", pipelines(nodes));
        result.put("dag", Map.of("nodes", EngineReports.nodes(nodes)));
        return outcome.failed() ? new ToolEnvelope(true, null, outcome.errors(), result) : ToolEnvelope.ok(result);
    }

    private String projectName() {
        JsonNode name = read(project.directory().resolve("project.yml")).path("name");
        return name.isTextual() ? name.asText() : null;
    }

    private List<Object> connections() {
        List<Object> connections = new ArrayList<>();
        JsonNode root = read(project.directory().resolve("connections.yml"));
        root.fields().forEachRemaining(connection -> {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", connection.getKey());
            JsonNode connector = connection.getValue().path("connector");
            entry.put("connector", connector.isTextual() ? connector.asText() : null);
            List<Object> entities = new ArrayList<>();
            connection.getValue().path("entities").fields().forEachRemaining(entity -> {
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("name", entity.getKey());
                item.put("has_read", entity.getValue().has("read"));
                item.put("has_write", entity.getValue().has("write"));
                entities.add(item);
            });
            entry.put("entities", entities);
            connections.add(entry);
        });
        return connections;
    }

    private static List<Object> pipelines(List<NodeInfo> nodes) {
        Map<String, NodeInfo> byId = new LinkedHashMap<>();
        nodes.forEach(node -> byId.put(node.id(), node));
        List<Object> pipelines = new ArrayList<>();
        for (NodeInfo node : nodes) {
            if (node.kind() != NodeKind.PIPELINE) {
                continue;
            }
            List<Object> refs = new ArrayList<>();
            List<Object> sources = new ArrayList<>();
            for (String parent : node.dependsOn()) {
                NodeInfo upstream = byId.get(parent);
                if (upstream != null && upstream.kind() == NodeKind.PIPELINE) {
                    refs.add(upstream.name());
                } else if (upstream != null && upstream.kind() == NodeKind.SOURCE_LOAD) {
                    sources.add(upstream.dataset());
                }
            }
            List<Object> sinks = new ArrayList<>();
            nodes.stream().filter(other -> other.kind() == NodeKind.SINK_WRITE && other.dependsOn().contains(node.id()))
                    .forEach(sink -> sinks.add(sink.dataset()));
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", node.name());
            entry.put("refs", refs);
            entry.put("sources", sources);
            entry.put("sinks", sinks);
            pipelines.add(entry);
        }
        return pipelines;
    }

    /**
     * The {@code <connection>.<entity>} datasets the pipelines read or write that connections.yml
     * does not declare under its connection's {@code entities:} (their options live at the call site).
     */
    static List<String> undeclaredDatasets(McpProject project) {
        Set<String> declared = new LinkedHashSet<>();
        read(project.directory().resolve("connections.yml")).fields().forEachRemaining(connection -> connection
                .getValue().path("entities").fieldNames().forEachRemaining(entity -> declared.add(connection.getKey()
                        + "." + entity)));
        Set<String> undeclared = new LinkedHashSet<>();
        McpProject.attempt(() -> project.open(new McpProject.Reports()).nodes(null)).value().orElse(List.of()).stream()
                .map(NodeInfo::dataset).filter(dataset -> dataset != null && !declared.contains(dataset))
                .forEach(undeclared::add);
        return List.copyOf(undeclared);
    }

    /** The connector a connection of connections.yml names. */
    static Optional<String> connectorOf(McpProject project, String connection) {
        JsonNode connector = read(project.directory().resolve("connections.yml")).path(connection).path("connector");
        return connector.isTextual() ? Optional.of(connector.asText()) : Optional.empty();
    }

    static JsonNode read(Path file) {
        if (!Files.isRegularFile(file)) {
            return YAML.createObjectNode();
        }
        try {
            JsonNode node = YAML.readTree(file.toFile());
            return node == null || !node.isObject() ? YAML.createObjectNode() : node;
        } catch (IOException e) {
            return YAML.createObjectNode();
        }
    }
}
