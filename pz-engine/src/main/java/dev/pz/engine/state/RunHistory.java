package dev.pz.engine.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Prior runs of the local artifact store: {@code .pz/runs/<runId>/run_results.json}, newest first by
 * ordinal run id (run ids sort chronologically). A directory whose file is missing or unparseable is
 * skipped, so readers fall back to the next older run.
 */
public final class RunHistory {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private RunHistory() {
    }

    public static List<RunRecord> list(Path projectDirectory) {
        Path runs = projectDirectory.resolve(".pz").resolve("runs");
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        List<Path> directories;
        try (Stream<Path> entries = Files.list(runs)) {
            directories = new ArrayList<>(entries.filter(Files::isDirectory).toList());
        } catch (IOException e) {
            return List.of();
        }
        directories.sort(Comparator.comparing((Path path) -> path.getFileName().toString()).reversed());
        List<RunRecord> records = new ArrayList<>();
        for (Path directory : directories) {
            read(directory).ifPresent(records::add);
        }
        return List.copyOf(records);
    }

    public static Optional<RunRecord> latest(Path projectDirectory) {
        return list(projectDirectory).stream().findFirst();
    }

    /** The run recorded in {@code directory}, or empty when its run_results.json is missing or not a run. */
    static Optional<RunRecord> read(Path directory) {
        Path file = directory.resolve("run_results.json");
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            return Optional.empty();
        }
        if (root == null || !root.isObject() || !textOrAbsent(root, "status") || !textOrAbsent(root, "runId")) {
            return Optional.empty();
        }
        JsonNode nodesNode = root.get("nodes");
        if (nodesNode != null && !nodesNode.isArray()) {
            return Optional.empty();
        }
        List<NodeRecord> nodes = new ArrayList<>();
        if (nodesNode != null) {
            for (JsonNode node : nodesNode) {
                if (!node.isObject()) {
                    return Optional.empty();
                }
                nodes.add(node(node));
            }
        }
        String runId = text(root, "runId");
        return Optional.of(new RunRecord(runId == null ? directory.getFileName().toString() : runId, text(root, "status"),
                text(root, "startedAt"), text(root, "finishedAt"), nodes, directory));
    }

    private static NodeRecord node(JsonNode node) {
        JsonNode error = node.get("error");
        boolean hasError = error != null && error.isObject();
        return new NodeRecord(text(node, "id"), text(node, "kind"), text(node, "name"), text(node, "status"),
                text(node, "provenance"), node.path("rows").asLong(0), node.path("durationMs").asLong(0),
                hasError ? text(error, "code") : null, hasError ? text(error, "message") : null,
                watermark(node.get("watermark")));
    }

    private static Watermark watermark(JsonNode watermark) {
        if (watermark == null || !watermark.isObject()) {
            return null;
        }
        String cursor = text(watermark, "cursor");
        String type = text(watermark, "type");
        String value = text(watermark, "value");
        return cursor == null || type == null || value == null ? null : new Watermark(cursor, type, value, null);
    }

    private static boolean textOrAbsent(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() || value.isTextual();
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() ? value.asText() : null;
    }
}
