package dev.pz.engine.connect;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;
import dev.pz.engine.json.Json;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What {@code pz connectors} prints about each installed connector, from the connector's own
 * declarations: its tiers, capability flags and options. The JSON form has a fixed field order,
 * every field present on every entry (null or empty when it does not apply), connectors by name,
 * capabilities in bit order and options in declaration order.
 */
public final class ConnectorCatalog {

    private ConnectorCatalog() {
    }

    /** {@code src:<tier> snk:<tier>}, as the table prints it. */
    public static String tiers(Set<ConnectorCapability> capabilities) {
        return "src:" + sourceTier(capabilities) + " snk:" + sinkTier(capabilities);
    }

    static String sourceTier(Set<ConnectorCapability> capabilities) {
        if (!capabilities.contains(ConnectorCapability.NATIVE_SCAN)) {
            return "universal";
        }
        return capabilities.contains(ConnectorCapability.NATIVE_ONLY_READ) ? "native-only" : "native+universal";
    }

    static String sinkTier(Set<ConnectorCapability> capabilities) {
        return capabilities.contains(ConnectorCapability.NATIVE_COPY) ? "native+universal" : "universal";
    }

    /** The capability flags' published names in bit order, or empty. */
    public static List<String> capabilityNames(Set<ConnectorCapability> capabilities) {
        List<String> names = new ArrayList<>();
        for (ConnectorCapability capability : ConnectorCapability.values()) {
            if (capabilities.contains(capability)) {
                names.add(capability.displayName());
            }
        }
        return names;
    }

    /**
     * The {@code pz connectors --json} document, indented, with a final newline.
     *
     * @param packageName what the table's package column says for these connectors
     * @param version what the table's version column says for these connectors
     */
    public static String json(Collection<Connector> connectors, String packageName, String version) {
        return json(connectors, name -> new Origin(packageName, version));
    }

    /** What the package and version columns say for one connector. */
    public record Origin(String packageName, String version) {
    }

    /** The same, with each connector's package and version from {@code origins}. */
    public static String json(Collection<Connector> connectors, Function<String, Origin> origins) {
        List<Object> entries = new ArrayList<>();
        for (Connector connector : connectors) {
            Origin origin = origins.apply(connector.name());
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", connector.name());
            entry.put("package", origin.packageName());
            entry.put("version", origin.version());
            entry.put("connectorVersion", connector.version());
            Map<String, Object> tiers = new LinkedHashMap<>();
            tiers.put("source", sourceTier(connector.capabilities()));
            tiers.put("sink", sinkTier(connector.capabilities()));
            entry.put("tiers", tiers);
            entry.put("capabilities", capabilityNames(connector.capabilities()));
            Map<String, Object> options = new LinkedHashMap<>();
            options.put("connection", options(connector.connectionOptions()));
            options.put("read", options(connector.readOptions()));
            options.put("write", options(connector.writeOptions()));
            entry.put("options", options);
            entries.add(entry);
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("version", 1L);
        root.put("connectors", entries);
        return Json.indented(root) + "\n";
    }

    private static List<Object> options(OptionSet declared) {
        List<Object> options = new ArrayList<>();
        for (Option<?> option : declared.options()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", option.name());
            entry.put("type", option.type().word());
            entry.put("required", option.isRequired());
            entry.put("secret", option.isSecret());
            entry.put("default", option.defaultValue().map(ConnectorCatalog::plain).orElse(null));
            entry.put("allowed", option.allowedValues());
            entry.put("minimum", option.minimum().orElse(null));
            entry.put("maximum", option.maximum().orElse(null));
            entry.put("rule", option.rule().orElse(null));
            entry.put("code", option.code().code());
            entry.put("description", option.description());
            options.add(entry);
        }
        return options;
    }

    /** A default as JSON: numbers and booleans as themselves, a choice as its word. */
    private static Object plain(Object value) {
        if (value instanceof Integer number) {
            return number.longValue();
        }
        return value instanceof Boolean || value instanceof List || value instanceof Map ? value : Option.render(value);
    }
}
