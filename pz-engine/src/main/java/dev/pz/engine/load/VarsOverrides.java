package dev.pz.engine.load;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --vars '<json>'}: a JSON object whose keys override project.yml {@code vars:} one by one.
 * Integers become {@link Long}, other numbers {@link Double}; a blank argument means no overrides.
 */
public final class VarsOverrides {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private VarsOverrides() {
    }

    /** @throws PzValidationException {@code PZ0102} when the text is not JSON or not a JSON object */
    public static Map<String, Object> parse(String json) {
        if (json == null || json.isBlank()) {
            return Map.of();
        }
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw invalid("--vars is not valid JSON: " + e.getOriginalMessage());
        }
        if (root == null || root.isMissingNode()) {
            return Map.of();
        }
        if (!root.isObject()) {
            throw invalid("--vars must be a JSON object, but was " + describe(root));
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> vars = (Map<String, Object>) toPlain(root);
        return Collections.unmodifiableMap(vars);
    }

    private static PzValidationException invalid(String message) {
        return new PzValidationException(List.of(new PzError(PzCode.VARS_INVALID, message, null, 0,
                "--vars must be a JSON object, e.g. '{\"key\": 1}'")));
    }

    private static String describe(JsonNode node) {
        if (node.isArray()) {
            return "a JSON array";
        }
        if (node.isTextual()) {
            return "a JSON string";
        }
        if (node.isNumber()) {
            return "a JSON number";
        }
        if (node.isBoolean()) {
            return "a JSON boolean";
        }
        if (node.isNull()) {
            return "JSON null";
        }
        return "a JSON " + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    }

    private static Object toPlain(JsonNode node) {
        if (node.isObject()) {
            Map<String, Object> map = new LinkedHashMap<>();
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                map.put(field.getKey(), toPlain(field.getValue()));
            }
            return map;
        }
        if (node.isArray()) {
            List<Object> list = new ArrayList<>();
            node.forEach(item -> list.add(toPlain(item)));
            return list;
        }
        if (node.isIntegralNumber()) {
            return node.canConvertToLong() ? (Object) node.longValue() : (Object) node.doubleValue();
        }
        if (node.isNumber()) {
            return node.doubleValue();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isNull()) {
            return null;
        }
        return node.asText();
    }
}
