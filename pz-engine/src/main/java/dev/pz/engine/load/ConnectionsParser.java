package dev.pz.engine.load;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.EntityDef;
import dev.pz.engine.model.EntityName;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.PzWarning;
import dev.pz.engine.model.ReadDef;
import dev.pz.engine.model.RetrySpec;
import dev.pz.engine.model.SourceLocation;
import dev.pz.engine.model.WriteDef;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * connections.yml: every top-level key is a connection. pz's reserved
 * keys are {@code connector}, {@code entities}, {@code max_concurrency}, {@code rate_limit},
 * {@code retry} and {@code allow_unsigned_extensions}; every other key is flat connector config and
 * the only place where {@code ${VAR}} is interpolated.
 */
final class ConnectionsParser {
    static final String FILE = "connections.yml";
    static final List<String> RESERVED =
            List.of("connector", "entities", "max_concurrency", "rate_limit", "retry", "allow_unsigned_extensions");
    static final List<String> RATE_LIMIT_KEYS = List.of("requests_per_minute", "burst");
    static final int RATE_LIMIT_MAX = 1_000_000;

    private final Map<String, String> env;
    private final Problems problems;

    ConnectionsParser(Map<String, String> env, Problems problems) {
        this.env = env;
        this.problems = problems;
    }

    Map<String, ConnectionDef> parse(YamlNode.Mapping root) {
        Map<String, ConnectionDef> connections = new LinkedHashMap<>();
        EnvInterpolation interpolation = new EnvInterpolation(env, FILE);
        for (YamlNode.Entry entry : root.entries().values()) {
            String name = entry.key();
            SourceLocation at = new SourceLocation(FILE, entry.line());
            if (name.equals("outputs")) {
                problems.error(PzCode.RETIRED_OUTPUTS_BLOCK, FILE + ": the top-level 'outputs:' block was retired.", at,
                        "declare each output as an entity with a write: block under its connection, e.g."
                                + " lake: {connector: localfiles, entities: {orders: {write: {format: parquet}}}}");
                continue;
            }
            if (!Identifiers.isIdentifier(name) || name.contains("__")) {
                problems.error(PzCode.INVALID_IDENTIFIER_NAME, "connection name '" + name + "' is not a valid identifier"
                        + (Identifiers.isIdentifier(name) ? " (it contains '__')." : "."), at,
                        "rename it to '" + Identifiers.suggestRename(name) + "' (connection names match"
                                + " [A-Za-z_][A-Za-z0-9_]* and may not contain '__')");
                continue;
            }
            ConnectionDef connection = connection(name, entry.value(), at, interpolation);
            if (connection != null) {
                connections.put(name, connection);
            }
        }
        interpolation.reportMissing(problems);
        return connections;
    }

    private ConnectionDef connection(String name, YamlNode node, SourceLocation at, EnvInterpolation interpolation) {
        String prefix = "connection '" + name + "'";
        if (!(node instanceof YamlNode.Mapping body)) {
            if (node.isEmpty()) {
                missingConnector(name, at);
            } else {
                problems.error(PzCode.YAML_SHAPE, prefix + " must be a mapping with a 'connector:' key (got "
                        + node.describe() + ").", at, "write e.g. " + name + ": {connector: localfiles}");
            }
            return null;
        }
        YamlNode connectorNode = body.get("connector");
        String connector = null;
        if (connectorNode == null || connectorNode.isEmpty()
                || (connectorNode instanceof YamlNode.Scalar scalar && scalar.text().isBlank())) {
            missingConnector(name, at);
        } else if (connectorNode instanceof YamlNode.Scalar scalar && scalar.value() instanceof String text) {
            connector = text;
        } else {
            problems.error(PzCode.YAML_SHAPE, prefix + ": 'connector' must be a connector name (got "
                    + connectorNode.describe() + ").", loc(body, "connector"), "write e.g. connector: localfiles");
        }
        Integer maxConcurrency = maxConcurrency(prefix, body);
        ConnectionDef.RateLimitSpec rateLimit = rateLimit(prefix, body);
        RetrySpec retry = null;
        if (body.get("retry") != null && !body.get("retry").isEmpty()) {
            retry = RetryParser.parse(body.get("retry").toPlain(), new BlockContext(prefix, loc(body, "retry"), false),
                    problems);
        }
        boolean allowUnsigned = false;
        YamlNode unsigned = body.get("allow_unsigned_extensions");
        if (unsigned != null && !unsigned.isEmpty()) {
            if (unsigned.toPlain() instanceof Boolean flag) {
                allowUnsigned = flag;
            } else {
                problems.error(PzCode.YAML_SHAPE, prefix + ": allow_unsigned_extensions must be true or false (got "
                        + unsigned.describe() + ").", loc(body, "allow_unsigned_extensions"),
                        "write true or false, lowercase and unquoted");
            }
        }
        Map<String, Object> config = new LinkedHashMap<>();
        Map<String, SourceLocation> keyLocations = new LinkedHashMap<>();
        for (YamlNode.Entry entry : body.entries().values()) {
            keyLocations.put(entry.key(), loc(body, entry.key()));
            if (!RESERVED.contains(entry.key())) {
                config.put(entry.key(), interpolation.interpolate(entry.value()));
            }
        }
        Map<String, EntityDef> entities = entities(name, body);
        if (connector == null) {
            return null;
        }
        return new ConnectionDef(name, connector, config, entities, maxConcurrency, retry, rateLimit, allowUnsigned, at,
                keyLocations);
    }

    private void missingConnector(String name, SourceLocation at) {
        problems.error(PzCode.YAML_SHAPE, "connection '" + name + "' is missing required field 'connector'.", at,
                "name the connector, e.g. connector: localfiles");
    }

    private Integer maxConcurrency(String prefix, YamlNode.Mapping body) {
        YamlNode node = body.get("max_concurrency");
        if (node == null || node.isEmpty()) {
            return null;
        }
        Integer value = Values.asIntIn(node.toPlain(), 1, Integer.MAX_VALUE).orElse(null);
        if (value == null) {
            problems.error(PzCode.CONCURRENCY_CONFIG_INVALID, prefix + ": max_concurrency must be an integer >= 1 (got "
                    + node.describe() + ").", loc(body, "max_concurrency"),
                    "max_concurrency caps the nodes of this connection that run at once; delete it for no cap");
        }
        return value;
    }

    private ConnectionDef.RateLimitSpec rateLimit(String prefix, YamlNode.Mapping body) {
        YamlNode node = body.get("rate_limit");
        if (node == null || node.isEmpty()) {
            return null;
        }
        SourceLocation at = loc(body, "rate_limit");
        String hint = "write e.g. rate_limit: {requests_per_minute: 60, burst: 10}";
        if (!(node instanceof YamlNode.Mapping block)) {
            problems.error(PzCode.RATE_LIMIT_CONFIG_INVALID, prefix + ": rate_limit must be a mapping (got "
                    + node.describe() + ").", at, hint);
            return null;
        }
        boolean valid = true;
        Integer perMinute = null;
        Integer burst = null;
        for (YamlNode.Entry entry : block.entries().values()) {
            SourceLocation entryAt = new SourceLocation(FILE, entry.line());
            switch (entry.key()) {
                case "requests_per_minute", "burst" -> {
                    Integer value = Values.asIntIn(entry.value().toPlain(), 1, RATE_LIMIT_MAX).orElse(null);
                    if (value == null) {
                        valid = false;
                        problems.error(PzCode.RATE_LIMIT_CONFIG_INVALID, prefix + ": rate_limit." + entry.key()
                                + " must be an integer between 1 and 1000000 (got " + entry.value().describe() + ").",
                                entryAt, hint);
                    } else if (entry.key().equals("burst")) {
                        burst = value;
                    } else {
                        perMinute = value;
                    }
                }
                default -> {
                    valid = false;
                    problems.error(PzCode.RATE_LIMIT_CONFIG_INVALID, prefix + ": rate_limit has an unknown key '"
                            + entry.key() + "'.", entryAt, NearMiss.didYouMean(entry.key(), RATE_LIMIT_KEYS)
                                    .map(s -> s + " ").orElse("") + "rate_limit accepts requests_per_minute and burst");
                }
            }
        }
        if (!block.entries().containsKey("requests_per_minute")) {
            valid = false;
            problems.error(PzCode.RATE_LIMIT_CONFIG_INVALID, prefix + ": rate_limit is missing required field"
                    + " 'requests_per_minute'.", at, hint);
        }
        return valid ? new ConnectionDef.RateLimitSpec(perMinute, burst) : null;
    }

    private Map<String, EntityDef> entities(String connection, YamlNode.Mapping body) {
        Map<String, EntityDef> entities = new LinkedHashMap<>();
        YamlNode node = body.get("entities");
        if (node == null || node.isEmpty()) {
            return entities;
        }
        String prefix = "connection '" + connection + "'";
        if (!(node instanceof YamlNode.Mapping mapping)) {
            problems.error(PzCode.YAML_SHAPE, prefix + ": 'entities' must be a mapping of entity name to {read, write} (got "
                    + node.describe() + ").", loc(body, "entities"),
                    "write e.g. entities: {orders: {read: {path: orders.csv}}}");
            return entities;
        }
        Map<String, String> folded = new LinkedHashMap<>();
        for (YamlNode.Entry entry : mapping.entries().values()) {
            String name = entry.key();
            SourceLocation at = new SourceLocation(FILE, entry.line());
            String nameProblem = EntityName.problem(name);
            if (nameProblem != null) {
                problems.error(PzCode.ENTITY_NAME_INVALID, prefix + ": entity name '" + name + "' " + nameProblem + ".",
                        at, "use a name like 'orders' or 'dbo.orders'");
                continue;
            }
            String foldedName = fold(name).toLowerCase(Locale.ROOT);
            String clash = folded.putIfAbsent(foldedName, name);
            if (clash != null) {
                problems.error(PzCode.DUPLICATE_NAME, prefix + ": entities '" + clash + "' and '" + name
                        + "' both map to staging relation 'src_" + connection + "__" + fold(name) + "'.", at,
                        "rename one of them; names are compared with every character outside [A-Za-z0-9_] folded to '_'"
                                + " and case ignored");
                continue;
            }
            warnUninterpolated(connection, "entities." + name, entry.value());
            EntityDef entity = entity(connection, name, entry.value(), at);
            if (entity != null) {
                entities.put(name, entity);
            }
        }
        return entities;
    }

    private EntityDef entity(String connection, String name, YamlNode node, SourceLocation at) {
        String description = "connection '" + connection + "' entity '" + name + "'";
        if (node.isEmpty() || (node instanceof YamlNode.Mapping empty && empty.entries().isEmpty())) {
            problems.error(PzCode.YAML_SHAPE, description + " declares no direction.", at,
                    "give it a read: and/or a write: block");
            return null;
        }
        if (!(node instanceof YamlNode.Mapping body)) {
            problems.error(PzCode.YAML_SHAPE, description + " must be a mapping with read: and/or write: (got "
                    + node.describe() + ").", at, "write e.g. " + name + ": {read: {path: " + name + ".csv}}");
            return null;
        }
        ReadDef read = null;
        WriteDef write = null;
        for (YamlNode.Entry entry : body.entries().values()) {
            SourceLocation entryAt = new SourceLocation(FILE, entry.line());
            YamlNode value = entry.value();
            switch (entry.key()) {
                case "read", "write" -> {
                    if (value.isEmpty()) {
                        break;
                    }
                    if (!(value instanceof YamlNode.Mapping block)) {
                        problems.error(PzCode.YAML_SHAPE, description + ": '" + entry.key() + "' must be a mapping of options"
                                + " (got " + value.describe() + ").", entryAt, "write e.g. " + entry.key()
                                        + ": {format: csv}");
                        break;
                    }
                    BlockContext context = new BlockContext(description, entryAt, false, name);
                    if (entry.key().equals("read")) {
                        read = ReadBlockParser.parse(block.toPlain(), context, problems);
                    } else {
                        write = WriteBlockParser.parse(block.toPlain(), context, problems);
                    }
                }
                default -> problems.error(PzCode.YAML_SHAPE, description + " has an unknown key '" + entry.key() + "'.",
                        entryAt, NearMiss.didYouMean(entry.key(), List.of("read", "write")).map(s -> s + " ").orElse("")
                                + "an entity holds only read: and/or write:");
            }
        }
        return new EntityDef(name, read, write, at);
    }

    /** {@code PZ0133}: {@code ${VAR}} is never interpolated below {@code entities:}. */
    private void warnUninterpolated(String connection, String path, YamlNode node) {
        if (node instanceof YamlNode.Mapping mapping) {
            mapping.entries().values().forEach(entry -> warnUninterpolated(connection, path + "." + entry.key(), entry.value()));
        } else if (node instanceof YamlNode.Sequence sequence) {
            for (int i = 0; i < sequence.items().size(); i++) {
                warnUninterpolated(connection, path + "[" + i + "]", sequence.items().get(i));
            }
        } else if (node instanceof YamlNode.Scalar scalar && scalar.value() instanceof String text) {
            String reference = EnvInterpolation.firstReference(text);
            if (reference != null) {
                problems.warning(new PzWarning(PzCode.ENV_REF_NOT_INTERPOLATED_IN_ENTITY, "connection '" + connection
                        + "' option '" + path + "' contains " + reference
                        + ", which is not interpolated inside entities: and reaches the connector literally", FILE,
                        "move the value to the connection's own config, or use env() in the pipeline SQL"));
            }
        }
    }


    /** Every character outside {@code [A-Za-z0-9_]} becomes {@code _} (the staging-name fold). */
    static String fold(String name) {
        StringBuilder folded = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean keep = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
            folded.append(keep ? c : '_');
        }
        return folded.toString();
    }

    private static SourceLocation loc(YamlNode.Mapping body, String key) {
        return new SourceLocation(FILE, body.lineOf(key));
    }
}
