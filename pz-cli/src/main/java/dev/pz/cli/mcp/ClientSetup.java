package dev.pz.cli.mcp;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pz.cli.JarResources;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code pz mcp init}: writes or merges a {@code pz} server entry into each chosen client's MCP
 * configuration (everything else in the file stays), and installs the pz-pipelines skill. Every
 * choice is checked before anything is written (PZ0605); a configuration file with comments is
 * left alone and the entry printed for pasting (PZ0611).
 */
public final class ClientSetup {
    /** The clients pz knows, in the order {@code --all} sets them up. */
    public static final List<String> CLIENTS = List.of("vscode", "claude-code", "copilot-cli", "opencode");
    private static final List<String> LOCATIONS = List.of("standard", "claudecode", "github", "opencode");
    private static final String SKILL = "pz-pipelines";
    private static final ObjectMapper STRICT = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
    private static final ObjectMapper LENIENT = JsonMapper.builder().enable(JsonParser.Feature.ALLOW_COMMENTS)
            .enable(JsonParser.Feature.ALLOW_TRAILING_COMMA).build();

    private final Path project;
    private final Path home;

    public ClientSetup(Path project, Path home) {
        this.project = project;
        this.home = home;
    }

    /** Sets the clients up; the lines to print ({@code wrote <file>}, {@code installed pz-pipelines skill into <dir>}). */
    public List<String> run(List<String> clients, boolean allowRun, String skillLocations) {
        if (clients.isEmpty()) {
            throw invalid("no client named", "name one or more of " + String.join(", ", CLIENTS) + ", or pass --all");
        }
        for (String client : clients) {
            if (!CLIENTS.contains(client)) {
                throw invalid("unknown client '" + client + "'", "pick from " + String.join(", ", CLIENTS));
            }
        }
        Set<String> locations = locations(clients, skillLocations);
        List<Path> files = clients.stream().map(this::configFile).toList();
        List<Existing> existing = files.stream().map(ClientSetup::read).toList();
        for (int i = 0; i < clients.size(); i++) {
            if (existing.get(i).commented()) {
                throw commented(clients.get(i), files.get(i), allowRun);
            }
        }
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < clients.size(); i++) {
            lines.add(write(clients.get(i), files.get(i), existing.get(i), allowRun));
        }
        for (String location : locations) {
            lines.add(installSkill(location));
        }
        return lines;
    }

    private Set<String> locations(List<String> clients, String option) {
        Set<String> locations = new LinkedHashSet<>();
        if (option == null) {
            locations.add("standard");
            clients.forEach(client -> locations.add(switch (client) {
                case "claude-code" -> "claudecode";
                case "opencode" -> "opencode";
                default -> "github";
            }));
            return locations;
        }
        if (option.equals("none")) {
            return locations;
        }
        if (option.equals("all")) {
            locations.addAll(LOCATIONS);
            return locations;
        }
        locations.add("standard");
        for (String location : option.split(",")) {
            String name = location.strip();
            if (!LOCATIONS.contains(name)) {
                throw invalid("unknown skill location '" + name + "'", "use a comma-separated list of "
                        + String.join(", ", LOCATIONS) + ", or all, or none");
            }
            locations.add(name);
        }
        return locations;
    }

    private Path configFile(String client) {
        return switch (client) {
            case "vscode" -> project.resolve(".vscode").resolve("mcp.json");
            case "claude-code" -> project.resolve(".mcp.json");
            case "copilot-cli" -> home.resolve(".copilot").resolve("mcp-config.json");
            default -> project.resolve("opencode.json");
        };
    }

    /** A configuration file as found: its JSON object (null when there is no file), or that it has comments. */
    private record Existing(JsonNode node, boolean commented) {
    }

    private static Existing read(Path file) {
        if (!Files.isRegularFile(file)) {
            return new Existing(null, false);
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            JsonNode node = STRICT.readTree(text);
            if (node == null || node.isMissingNode()) {
                return new Existing(STRICT.createObjectNode(), false);
            }
            if (!node.isObject()) {
                throw invalid(file + " does not hold a JSON object", "fix or remove the file, then run again");
            }
            return new Existing(node, false);
        } catch (JsonProcessingException strict) {
            try {
                LENIENT.readTree(text);
            } catch (JsonProcessingException e) {
                throw invalid(file + " is not valid JSON (" + strict.getOriginalMessage() + ")",
                        "fix or remove the file, then run again");
            }
            return new Existing(null, true);
        }
    }

    private static PzException commented(String client, Path file, boolean allowRun) {
        return new PzException(PzError.of(PzCode.MCP_CLIENT_CONFIG_HAS_COMMENTS, file
                + " has comments, which rewriting it would lose; add this entry under "
                + String.join(".", section(client)) + " yourself: " + entry(client, allowRun))
                .withHint("paste the entry, or remove the comments and run pz mcp init again"));
    }

    private String write(String client, Path file, Existing existing, boolean allowRun) {
        ObjectNode entry = entry(client, allowRun);
        ObjectNode root = existing.node() == null ? STRICT.createObjectNode() : (ObjectNode) existing.node();
        ObjectNode parent = root;
        List<String> path = section(client);
        for (String key : path.subList(0, path.size() - 1)) {
            JsonNode child = parent.get(key);
            parent = child instanceof ObjectNode object ? object : parent.putObject(key);
        }
        parent.set(path.get(path.size() - 1), entry);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, STRICT.writeValueAsString(root) + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return existing.node() == null ? "wrote " + file : "updated pz entry in " + file;
    }

    private static List<String> section(String client) {
        return switch (client) {
            case "vscode" -> List.of("servers", "pz");
            case "opencode" -> List.of("mcp", "pz");
            default -> List.of("mcpServers", "pz");
        };
    }

    private static ObjectNode entry(String client, boolean allowRun) {
        ObjectNode entry = STRICT.createObjectNode();
        List<String> args = allowRun ? List.of("mcp", "--allow-run") : List.of("mcp");
        switch (client) {
            case "vscode" -> {
                entry.put("type", "stdio");
                entry.put("command", "pz");
                strings(entry.putArray("args"), args);
            }
            case "claude-code" -> {
                entry.put("command", "pz");
                strings(entry.putArray("args"), args);
            }
            case "copilot-cli" -> {
                entry.put("type", "local");
                entry.put("command", "pz");
                strings(entry.putArray("args"), args);
                entry.putArray("tools").add("*");
            }
            default -> {
                entry.put("type", "local");
                ArrayNode command = entry.putArray("command").add("pz");
                strings(command, args);
                entry.put("enabled", true);
            }
        }
        return entry;
    }

    private static void strings(ArrayNode array, List<String> values) {
        values.forEach(array::add);
    }

    private String installSkill(String location) {
        Path directory = project.resolve(switch (location) {
            case "claudecode" -> ".claude/skills";
            case "github" -> ".github/skills";
            case "opencode" -> ".opencode/skill";
            default -> ".agents/skills";
        }).resolve(SKILL);
        Map<String, byte[]> files = JarResources.under("dev/pz/cli/mcp/skills/" + SKILL + "/");
        try {
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                Path target = directory.resolve(file.getKey());
                Files.createDirectories(target.getParent());
                Files.write(target, file.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return "installed " + SKILL + " skill into " + directory;
    }

    private static PzException invalid(String message, String hint) {
        return new PzException(PzError.of(PzCode.MCP_CLIENT_CONFIG_INVALID, message).withHint(hint));
    }
}
