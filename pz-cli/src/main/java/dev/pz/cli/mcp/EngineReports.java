package dev.pz.cli.mcp;

import dev.pz.engine.NodeInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The engine's answers as the JSON objects the tools return. */
final class EngineReports {
    private static final Pattern WARNING = Pattern.compile(
            "^warning: (PZ\\d{4}) (.*?)(?: \\(([^()]*?)(?::(\\d+))?\\))?(?: — (.*))?$", Pattern.DOTALL);

    private EngineReports() {
    }

    /** {@code {id, name, kind, dependsOn[]}} of every node, in dependency order. */
    static List<Object> nodes(List<NodeInfo> nodes) {
        List<Object> entries = new ArrayList<>();
        for (NodeInfo node : nodes) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("id", node.id());
            entry.put("name", node.name());
            entry.put("kind", node.kind().pascalName());
            entry.put("dependsOn", new ArrayList<Object>(node.dependsOn()));
            entries.add(entry);
        }
        return entries;
    }

    /** A rendered warning line ({@code warning: PZ0135 <message> (<file>) — <hint>}) as {@code {code, message, file?, line?, hint?}}. */
    static Map<String, Object> warning(String line) {
        Map<String, Object> entry = new LinkedHashMap<>();
        Matcher matcher = WARNING.matcher(line);
        if (!matcher.matches()) {
            entry.put("code", null);
            entry.put("message", line);
            return entry;
        }
        entry.put("code", matcher.group(1));
        entry.put("message", matcher.group(2));
        if (matcher.group(3) != null) {
            entry.put("file", matcher.group(3));
        }
        if (matcher.group(4) != null) {
            entry.put("line", Integer.parseInt(matcher.group(4)));
        }
        if (matcher.group(5) != null) {
            entry.put("hint", matcher.group(5));
        }
        return entry;
    }

    static List<Object> warnings(List<String> lines) {
        List<Object> entries = new ArrayList<>();
        lines.forEach(line -> entries.add(warning(line)));
        return entries;
    }
}
