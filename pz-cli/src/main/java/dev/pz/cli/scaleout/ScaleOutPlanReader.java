package dev.pz.cli.scaleout;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads and checks a neutral scale-out plan file. Every problem of the file is reported together
 * (PZ0732); flows come back in dependency order (each after the flows it depends on), so a consumer
 * can start them front to back.
 */
public final class ScaleOutPlanReader {

    /** Where {@code pz plan --emit plan} writes the plan, relative to the project folder. */
    public static final Path DEFAULT_LOCATION = Path.of(".pz", "target", "scale-out.json");

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HINT = "write it with `pz plan --emit plan` (docs/scale-out.md describes the file)";

    private ScaleOutPlanReader() {
    }

    public static ScaleOutPlan read(Path file) {
        String where = file.toString();
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file));
        } catch (NoSuchFileException missing) {
            throw invalid(List.of(error("no scale-out plan found", where)));
        } catch (IOException unreadable) {
            throw invalid(List.of(error("the scale-out plan is not readable JSON: "
                    + firstLine(unreadable.getMessage()), where)));
        }
        List<PzError> errors = new ArrayList<>();
        if (root == null || !root.isObject()) {
            throw invalid(List.of(error("the scale-out plan is not a JSON object", where)));
        }
        if (!ScaleOutPlan.FORMAT.equals(root.path("format").asText(null))) {
            errors.add(error("format must be \"" + ScaleOutPlan.FORMAT + "\", found " + root.path("format"), where));
        }
        JsonNode flowsNode = root.path("flows");
        if (!flowsNode.isArray() || flowsNode.isEmpty()) {
            errors.add(error("flows must be a non-empty array", where));
        }
        Map<String, ScaleOutPlan.Flow> flows = new LinkedHashMap<>();
        for (JsonNode node : flowsNode) {
            ScaleOutPlan.Flow flow = flow(node, where, errors);
            if (flow != null && flows.putIfAbsent(flow.name(), flow) != null) {
                errors.add(error("flow " + flow.name() + " is listed twice", where));
            }
        }
        for (ScaleOutPlan.Flow flow : flows.values()) {
            for (String dependency : flow.dependsOn()) {
                if (!flows.containsKey(dependency)) {
                    errors.add(error("flow " + flow.name() + " depends on " + dependency
                            + ", which the plan does not list", where));
                }
            }
        }
        List<ScaleOutPlan.Flow> ordered = errors.isEmpty() ? dependencyOrder(flows, where, errors) : List.of();
        if (!errors.isEmpty()) {
            throw invalid(errors);
        }
        return new ScaleOutPlan(root.path("project").asText(""), ordered);
    }

    private static ScaleOutPlan.Flow flow(JsonNode node, String where, List<PzError> errors) {
        String name = node.path("name").asText("");
        if (!node.path("name").isTextual() || name.isBlank()) {
            errors.add(error("a flow has no name", where));
            return null;
        }
        int before = errors.size();
        JsonNode shards = node.path("shards");
        if (!shards.canConvertToInt() || !shards.isIntegralNumber() || shards.asInt() < 1) {
            errors.add(error("flow " + name + ": shards must be a whole number of at least 1, found " + shards, where));
        }
        List<String> dependsOn = strings(node.path("depends_on"), true, name, "depends_on", where, errors);
        List<String> shardCommand = command(node.path("shard_command"), name, "shard_command", where, errors);
        List<String> commitCommand = command(node.path("commit_command"), name, "commit_command", where, errors);
        if (errors.size() > before) {
            return null;
        }
        return new ScaleOutPlan.Flow(name, shards.asInt(), dependsOn, shardCommand, commitCommand);
    }

    private static List<String> command(JsonNode node, String flow, String key, String where, List<PzError> errors) {
        List<String> words = strings(node, false, flow, key, where, errors);
        if (!words.isEmpty() && !words.get(0).equals("pz")) {
            errors.add(error("flow " + flow + ": " + key + " must be a pz command (start with \"pz\"), found \""
                    + words.get(0) + "\"", where));
        }
        return words;
    }

    private static List<String> strings(JsonNode node, boolean mayBeEmpty, String flow, String key, String where,
            List<PzError> errors) {
        List<String> words = new ArrayList<>();
        if (node.isMissingNode() && mayBeEmpty) {
            return words;
        }
        if (!node.isArray() || (!mayBeEmpty && node.isEmpty())) {
            errors.add(error("flow " + flow + ": " + key + " must be " + (mayBeEmpty ? "an" : "a non-empty")
                    + " array of strings", where));
            return words;
        }
        for (JsonNode word : node) {
            if (!word.isTextual()) {
                errors.add(error("flow " + flow + ": " + key + " must hold strings only, found " + word, where));
                return List.of();
            }
            words.add(word.asText());
        }
        return words;
    }

    /** Kahn's order, stable by the file's order; a cycle is an error naming the flows on it. */
    private static List<ScaleOutPlan.Flow> dependencyOrder(Map<String, ScaleOutPlan.Flow> flows, String where,
            List<PzError> errors) {
        List<ScaleOutPlan.Flow> ordered = new ArrayList<>();
        Set<String> placed = new HashSet<>();
        boolean progress = true;
        while (ordered.size() < flows.size() && progress) {
            progress = false;
            for (ScaleOutPlan.Flow flow : flows.values()) {
                if (!placed.contains(flow.name()) && placed.containsAll(flow.dependsOn())) {
                    ordered.add(flow);
                    placed.add(flow.name());
                    progress = true;
                }
            }
        }
        if (ordered.size() < flows.size()) {
            List<String> stuck = flows.keySet().stream().filter(name -> !placed.contains(name)).toList();
            errors.add(error("the flows " + String.join(", ", stuck) + " depend on each other in a cycle", where));
        }
        return ordered;
    }

    private static PzError error(String message, String where) {
        return PzError.of(PzCode.SCALE_OUT_PLAN_INVALID, message).at(where, 0).withHint(HINT);
    }

    private static PzValidationException invalid(List<PzError> errors) {
        return new PzValidationException(errors);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }
}
