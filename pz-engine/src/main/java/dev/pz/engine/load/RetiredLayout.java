package dev.pz.engine.load;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.SourceLocation;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code PZ0346}: a file under the retired {@code sources/} or {@code sinks/} directory. The hint
 * rewrites the old file as the equivalent connections.yml block, so the user can paste it.
 */
final class RetiredLayout {
    private static final List<String> ENTITY_COLLECTIONS = List.of("datasets", "entities", "tables", "streams", "outputs");
    private static final List<String> WRAPPERS = List.of("config", "options", "settings");

    private RetiredLayout() {
    }

    static void report(String file, String text, boolean sink, Problems problems) {
        String directory = sink ? "sinks/" : "sources/";
        String stem = file.substring(file.lastIndexOf('/') + 1).replaceFirst("\\.[^.]*$", "");
        String block = rewrite(text, file, stem, sink);
        problems.error(PzCode.RETIRED_CONNECTION_DIRECTORY, file + " is in the retired " + directory
                + " directory; connections and their entities now live in connections.yml.", SourceLocation.file(file),
                "move it into connections.yml and delete " + directory + (block == null ? "" : "; the equivalent block is:\n" + block));
    }

    private static String rewrite(String text, String file, String stem, boolean sink) {
        if (text == null) {
            return null;
        }
        var root = YamlReader.readRoot(text, file, new Problems());
        if (root.isEmpty()) {
            return null;
        }
        Map<String, Object> old = root.get().toPlain();
        String name = old.get("name") instanceof String text2 && Identifiers.isIdentifier(text2) ? text2 : stem;
        Map<String, Object> connection = new LinkedHashMap<>();
        Map<String, Object> entities = new LinkedHashMap<>();
        for (Map.Entry<String, Object> entry : old.entrySet()) {
            String key = entry.getKey();
            Object value = entry.getValue();
            if (key.equals("name")) {
                continue;
            }
            if (ENTITY_COLLECTIONS.contains(key) && value instanceof Map<?, ?> collection) {
                collection.forEach((entity, body) -> entities.put(String.valueOf(entity), entityBody(body, sink)));
            } else if (WRAPPERS.contains(key) && value instanceof Map<?, ?> wrapped) {
                wrapped.forEach((option, optionValue) -> connection.put(String.valueOf(option), optionValue));
            } else {
                connection.put(key, value);
            }
        }
        if (!entities.isEmpty()) {
            connection.put("entities", entities);
        }
        StringBuilder out = new StringBuilder();
        out.append(name).append(":\n");
        emit(connection, 1, out);
        return out.toString().stripTrailing();
    }

    private static Object entityBody(Object body, boolean sink) {
        if (body instanceof Map<?, ?> map && (map.containsKey("read") || map.containsKey("write"))) {
            return body;
        }
        Map<String, Object> wrapped = new LinkedHashMap<>();
        wrapped.put(sink ? "write" : "read", body == null ? new LinkedHashMap<>() : body);
        return wrapped;
    }

    private static void emit(Map<?, ?> map, int depth, StringBuilder out) {
        String indent = "  ".repeat(depth);
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            Object value = entry.getValue();
            out.append(indent).append(entry.getKey()).append(':');
            if (value instanceof Map<?, ?> nested && !nested.isEmpty()) {
                out.append('\n');
                emit(nested, depth + 1, out);
            } else if (value instanceof Collection<?> list) {
                out.append(" [");
                int i = 0;
                for (Object item : list) {
                    out.append(i++ == 0 ? "" : ", ").append(scalar(item));
                }
                out.append("]\n");
            } else if (value instanceof Map<?, ?>) {
                out.append(" {}\n");
            } else {
                out.append(' ').append(scalar(value)).append('\n');
            }
        }
    }

    private static String scalar(Object value) {
        if (value == null) {
            return "";
        }
        String text = String.valueOf(value);
        if (value instanceof String && (text.isEmpty() || text.contains(": ") || text.contains(" #")
                || "[]{},&*!|>'\"%@`#".indexOf(text.charAt(0)) >= 0 || !YamlReader.typePlain(text).equals(text))) {
            return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        }
        return text;
    }
}
