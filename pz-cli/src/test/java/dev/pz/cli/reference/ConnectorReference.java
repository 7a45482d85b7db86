package dev.pz.cli.reference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.engine.PzEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code docs/reference/connectors.md}: every connector's tiers, capabilities and options, rendered
 * from the document {@code pz connectors --json} prints, which comes from each connector's own
 * option declarations.
 */
final class ConnectorReference {

    /** Connectors on the test class path that pz.jar does not ship: the connector SDK's worked example and the test fixtures' in-memory connector. */
    private static final Set<String> NOT_SHIPPED = Set.of("example", "memory");

    private ConnectorReference() {
    }

    static String render() {
        JsonNode catalog;
        try {
            catalog = new ObjectMapper().readTree(PzEngine.create(Map.of()).connectorCatalog("pz (builtin)", "-"));
        } catch (java.io.IOException e) {
            throw new IllegalStateException("pz connectors --json printed no JSON", e);
        }
        List<JsonNode> connectors = new ArrayList<>();
        catalog.get("connectors").forEach(connector -> {
            if (!NOT_SHIPPED.contains(connector.get("name").asText())) {
                connectors.add(connector);
            }
        });
        StringBuilder page = new StringBuilder();
        page.append("<!-- Generated from the connectors' option declarations by scripts/gen-reference.sh; do not edit. -->\n")
                .append("# Connector reference\n\n")
                .append("Every connector pz ships and every option it accepts, from the same declarations\n")
                .append("`pz validate` checks your files against and `pz connectors --json` prints.\n\n")
                .append("- **connection** options sit at the top level of a connection in `connections.yml`.\n")
                .append("- **read** options sit under `entities.<entity>.read:` or are keyword arguments of `source()`.\n")
                .append("- **write** options sit under `entities.<entity>.write:` or are keyword arguments of `sink()`.\n\n")
                .append("pz's own keys (`connector`, `entities`, `max_concurrency`, `rate_limit`, `retry`,\n")
                .append("`allow_unsigned_extensions` on a connection; `columns`, `sync`, `retry` on a read; `strategy`,\n")
                .append("`keys`, `duplicates`, `on_delete`, `schema_policy`, `retry` on a write) are described in\n")
                .append("`connections-yml.md`. A value that breaks an option's rule is refused with the code in\n")
                .append("the option's row (`codes.md`). Tiers: *native* means DuckDB reads or writes the data itself;\n")
                .append("*universal* means Arrow batches through pz.\n\n");
        page.append("| connector | source tier | sink tier | capabilities |\n|---|---|---|---|\n");
        for (JsonNode connector : connectors) {
            String name = connector.get("name").asText();
            page.append("| [`").append(name).append("`](#").append(name).append(") | ")
                    .append(connector.at("/tiers/source").asText()).append(" | ")
                    .append(connector.at("/tiers/sink").asText()).append(" | ")
                    .append(words(connector.get("capabilities"))).append(" |\n");
        }
        for (JsonNode connector : connectors) {
            page.append("\n## ").append(connector.get("name").asText()).append("\n");
            for (String direction : List.of("connection", "read", "write")) {
                options(direction, connector.at("/options/" + direction), page);
            }
        }
        return page.toString();
    }

    private static void options(String direction, JsonNode options, StringBuilder page) {
        page.append("\n### ").append(direction).append(" options\n\n");
        if (options.isEmpty()) {
            page.append("None.\n");
            return;
        }
        page.append("| option | type | default | rule | description |\n|---|---|---|---|---|\n");
        for (JsonNode option : options) {
            page.append("| `").append(option.get("name").asText()).append("` | ")
                    .append(option.get("type").asText()).append(" | ")
                    .append(defaultOf(option)).append(" | ")
                    .append(ReferencePages.cell(rule(option))).append(" | ")
                    .append(ReferencePages.cell(option.get("description").asText())).append(" |\n");
        }
    }

    private static String defaultOf(JsonNode option) {
        if (option.get("required").asBoolean()) {
            return "**required**";
        }
        JsonNode value = option.get("default");
        return value == null || value.isNull() ? "" : "`" + ReferencePages.cell(value.isTextual() ? value.asText()
                : value.toString()) + "`";
    }

    private static String rule(JsonNode option) {
        List<String> parts = new ArrayList<>();
        if (!option.get("allowed").isEmpty()) {
            parts.add("one of " + words(option.get("allowed")));
        }
        JsonNode min = option.get("minimum");
        JsonNode max = option.get("maximum");
        if (!min.isNull()) {
            parts.add(min.asText() + " to " + max.asText());
        }
        if (!option.get("rule").isNull()) {
            parts.add("must " + option.get("rule").asText());
        }
        if (option.get("secret").asBoolean()) {
            parts.add("secret: masked everywhere pz prints");
        }
        if (!parts.isEmpty() && !"PZ0301".equals(option.get("code").asText())) {
            parts.add("refused with " + option.get("code").asText());
        }
        return String.join("; ", parts);
    }

    private static String words(JsonNode list) {
        if (list.isEmpty()) {
            return "-";
        }
        List<String> words = new ArrayList<>();
        list.forEach(word -> words.add("`" + word.asText() + "`"));
        return String.join(", ", words);
    }
}
