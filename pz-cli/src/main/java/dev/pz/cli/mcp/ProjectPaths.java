package dev.pz.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.connectors.api.error.PzError;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The project's localfiles paths ({@code root}, {@code base_dir}, {@code path} of a connection and
 * of its entities' read and write options) that resolve outside it: what an execute tool refuses
 * (PZ0606) before it runs anything, however the file came to hold them.
 */
final class ProjectPaths {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ProjectPaths() {
    }

    static List<PzError> escapingLocalPaths(McpProject project) {
        List<PzError> errors = new ArrayList<>();
        ProjectOverview.read(project.directory().resolve("connections.yml")).fields().forEachRemaining(connection -> {
            JsonNode body = connection.getValue();
            if (!"localfiles".equals(body.path("connector").asText())) {
                return;
            }
            String name = connection.getKey();
            errors.addAll(AuthoringGuards.escapingPaths(project.directory(), options(body), name));
            body.path("entities").fields().forEachRemaining(entity -> {
                for (String direction : List.of("read", "write")) {
                    errors.addAll(AuthoringGuards.escapingPaths(project.directory(),
                            options(entity.getValue().path(direction)), name + "." + entity.getKey() + "." + direction));
                }
            });
        });
        return errors;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> options(JsonNode node) {
        return node.isObject() ? MAPPER.convertValue(node, Map.class) : Map.of();
    }
}
