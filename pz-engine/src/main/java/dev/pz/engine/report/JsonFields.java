package dev.pz.engine.report;

import com.fasterxml.jackson.databind.JsonNode;

/** Optional fields of pz's JSON artifacts: absent and {@code null} both read as Java null. */
final class JsonFields {

    private JsonFields() {
    }

    static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() ? value.asText() : null;
    }

    static Long number(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isNumber() ? value.asLong() : null;
    }
}
