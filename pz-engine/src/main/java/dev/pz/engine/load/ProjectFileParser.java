package dev.pz.engine.load;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.model.DriftPolicy;
import dev.pz.engine.model.EngineConfig;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.RetentionConfig;
import dev.pz.engine.model.ScaleOutConfig;
import dev.pz.engine.model.SourceLocation;
import dev.pz.engine.model.StateConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** project.yml: name, vars, engine settings, state backend and run defaults. */
final class ProjectFileParser {
    static final String FILE = "project.yml";
    static final List<String> KEYS = List.of("name", "version", "pz", "connectors", "repositories", "vars", "engine",
            "retention", "state", "on_source_drift", "scale_out");

    /** What project.yml declares; {@code stateNode} is kept for the state-connection check after connections.yml. */
    record Settings(String name, String version, List<Project.ConnectorRequirement> connectors, List<String> repositories,
            Map<String, Object> vars,
            EngineConfig engine, RetentionConfig retention, StateConfig state, YamlNode stateNode,
            DriftPolicy onSourceDrift, ScaleOutConfig scaleOut) {
    }

    private final Map<String, String> env;
    private final Problems problems;

    ProjectFileParser(Map<String, String> env, Problems problems) {
        this.env = env;
        this.problems = problems;
    }

    Settings parse(YamlNode.Mapping root, Map<String, Object> varOverrides) {
        for (YamlNode.Entry entry : root.entries().values()) {
            String key = entry.key();
            if (KEYS.contains(key)) {
                continue;
            }
            SourceLocation at = new SourceLocation(FILE, entry.line());
            switch (key) {
                case "outputs" -> problems.error(PzCode.RETIRED_OUTPUTS_BLOCK,
                        FILE + ": the top-level 'outputs:' block was retired.", at,
                        "declare each output as an entity with a write: block in connections.yml and bind it with"
                                + " INSERT INTO {{ sink('<connection>', '<entity>') }} in the pipeline");
                case "feeds" -> problems.error(PzCode.FEEDS_REMOVED,
                        FILE + ": 'feeds:' was removed; feeds are host configuration now.", at,
                        "set the PZ_FEEDS environment variable or pass --feeds to pz restore, then delete feeds:");
                default -> problems.error(PzCode.YAML_SHAPE, FILE + ": unknown key '" + key + "'.", at,
                        NearMiss.didYouMean(key, KEYS).map(s -> s + " ").orElse("") + "valid keys: "
                                + String.join(", ", KEYS));
            }
        }
        String name = requiredText(root, "name");
        String version = requiredText(root, "version");
        YamlNode pz = root.get("pz");
        if (pz != null && !(pz instanceof YamlNode.Scalar)) {
            problems.error(PzCode.YAML_SHAPE, FILE + ": 'pz' must be a version constraint string.",
                    new SourceLocation(FILE, root.lineOf("pz")), "write e.g. pz: \">=0.1 <1.0\"");
        }
        List<Project.ConnectorRequirement> connectors = connectors(root.get("connectors"), root.lineOf("connectors"));
        List<String> repositories = repositories(root.get("repositories"), root.lineOf("repositories"));
        Map<String, Object> vars = vars(root.get("vars"), root.lineOf("vars"));
        vars.putAll(varOverrides);
        EngineConfig engine = new EngineParser(FILE, problems).parse(root.get("engine"));
        RetentionConfig retention = retention(root.get("retention"), root.lineOf("retention"));
        StateConfig state = new StateParser(FILE, env, problems).parse(root.get("state"));
        DriftPolicy drift = drift(root.get("on_source_drift"), root.lineOf("on_source_drift"));
        ScaleOutConfig scaleOut = scaleOut(root.get("scale_out"), root.lineOf("scale_out"));
        return new Settings(name, version, connectors, repositories, vars, engine, retention, state, root.get("state"), drift,
                scaleOut);
    }

    private String requiredText(YamlNode.Mapping root, String key) {
        YamlNode node = root.get(key);
        if (node == null || node.isEmpty()) {
            problems.error(PzCode.YAML_SHAPE, FILE + " is missing required field '" + key + "'.",
                    new SourceLocation(FILE, node == null ? 0 : root.lineOf(key)),
                    "add '" + key + ": <" + key + ">' to project.yml");
            return null;
        }
        if (!(node instanceof YamlNode.Scalar scalar)) {
            problems.error(PzCode.YAML_SHAPE, FILE + ": '" + key + "' must be a single value (got " + node.describe() + ").",
                    new SourceLocation(FILE, root.lineOf(key)), null);
            return null;
        }
        return scalar.text();
    }

    private List<Project.ConnectorRequirement> connectors(YamlNode node, int line) {
        List<Project.ConnectorRequirement> connectors = new ArrayList<>();
        if (node == null || node.isEmpty()) {
            return connectors;
        }
        if (!(node instanceof YamlNode.Sequence list)) {
            problems.error(PzCode.YAML_SHAPE, FILE + ": 'connectors' must be a list of {package, version} entries (got "
                    + node.describe() + ").", new SourceLocation(FILE, line),
                    "write e.g. connectors: [{package: Pz.Connector.LocalFiles, version: 0.1.0}]");
            return connectors;
        }
        int index = 0;
        for (YamlNode item : list.items()) {
            String where = FILE + ": connectors[" + index++ + "]";
            SourceLocation at = new SourceLocation(FILE, item.line());
            if (!(item instanceof YamlNode.Mapping entry)) {
                problems.error(PzCode.YAML_SHAPE, where + " in 'connectors' must be a mapping with package and version (got "
                        + item.describe() + ").", at, "write e.g. - {package: Pz.Connector.LocalFiles, version: 0.1.0}");
                continue;
            }
            for (YamlNode.Entry field : entry.entries().values()) {
                if (!field.key().equals("package") && !field.key().equals("version")) {
                    problems.error(PzCode.YAML_SHAPE, where + " in 'connectors' has an unknown key '" + field.key() + "'.",
                            new SourceLocation(FILE, field.line()), NearMiss.didYouMean(field.key(),
                                    List.of("package", "version")).orElse("an entry holds only package and version"));
                }
            }
            String packageId = requirementField(entry, "package", where);
            String version = requirementField(entry, "version", where);
            if (packageId != null && version != null) {
                connectors.add(new Project.ConnectorRequirement(packageId, version, item.line()));
            }
        }
        return connectors;
    }

    /** {@code repositories:}: where {@code pz restore} looks for connector packages (URLs, directories, {@code central}). */
    private List<String> repositories(YamlNode node, int line) {
        List<String> repositories = new ArrayList<>();
        if (node == null || node.isEmpty()) {
            return repositories;
        }
        String hint = "write e.g. repositories: [central, https://repo.example.com/maven, ./connector-repo]";
        if (!(node instanceof YamlNode.Sequence list)) {
            problems.error(PzCode.YAML_SHAPE, FILE + ": 'repositories' must be a list of repository URLs or directories"
                    + " (got " + node.describe() + ").", new SourceLocation(FILE, line), hint);
            return repositories;
        }
        for (YamlNode item : list.items()) {
            if (item instanceof YamlNode.Scalar scalar && scalar.value() instanceof String text && !text.isBlank()) {
                repositories.add(text);
            } else {
                problems.error(PzCode.YAML_SHAPE, FILE + ": each entry of 'repositories' must be a URL or a directory"
                        + " (got " + item.describe() + ").", new SourceLocation(FILE, item.line()), hint);
            }
        }
        return repositories;
    }

    private String requirementField(YamlNode.Mapping entry, String key, String where) {
        YamlNode node = entry.get(key);
        SourceLocation at = new SourceLocation(FILE, node == null ? entry.line() : entry.lineOf(key));
        if (node == null || node.isEmpty()) {
            problems.error(PzCode.YAML_SHAPE, where + " in 'connectors' is missing required field '" + key + "'.", at, null);
            return null;
        }
        if (!(node instanceof YamlNode.Scalar scalar) || !(scalar.value() instanceof String text)) {
            problems.error(PzCode.YAML_SHAPE, where + " in 'connectors': '" + key + "' must be a string (got "
                    + node.describe() + ").", at, node instanceof YamlNode.Scalar scalar
                            ? "quote it: " + key + ": \"" + scalar.text() + "\" (unquoted, " + scalar.text()
                                    + " reads as a number)"
                            : null);
            return null;
        }
        return text;
    }

    private Map<String, Object> vars(YamlNode node, int line) {
        Map<String, Object> vars = new LinkedHashMap<>();
        if (node == null || node.isEmpty()) {
            return vars;
        }
        if (!(node instanceof YamlNode.Mapping mapping)) {
            problems.error(PzCode.VARS_INVALID, FILE + ": 'vars' must be a mapping of name to value (got "
                    + node.describe() + ").", new SourceLocation(FILE, line), "write e.g. vars: {min_amount: 10}");
            return vars;
        }
        EnvInterpolation interpolation = new EnvInterpolation(env, FILE);
        for (YamlNode.Entry entry : mapping.entries().values()) {
            vars.put(entry.key(), unlocated(interpolation.interpolate(entry.value())));
        }
        interpolation.reportMissing(problems);
        return vars;
    }

    /** Vars leave the loader as ordinary maps and lists. */
    private static Object unlocated(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((key, item) -> copy.put(String.valueOf(key), unlocated(item)));
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>();
            list.forEach(item -> copy.add(unlocated(item)));
            return copy;
        }
        return value;
    }

    private RetentionConfig retention(YamlNode node, int line) {
        if (node == null || node.isEmpty()) {
            return RetentionConfig.defaults();
        }
        SourceLocation at = new SourceLocation(FILE, line);
        if (node instanceof YamlNode.Scalar scalar) {
            if (Boolean.FALSE.equals(scalar.value())
                    || List.of("off", "false", "no").contains(scalar.text().toLowerCase(Locale.ROOT))) {
                return RetentionConfig.off();
            }
            problems.error(PzCode.RETENTION_CONFIG_INVALID, FILE + ": retention must be either `off` or a mapping with"
                    + " keep_last (got " + node.describe() + ").", at, "write retention: {keep_last: 10} or retention: off");
            return RetentionConfig.defaults();
        }
        if (!(node instanceof YamlNode.Mapping mapping)) {
            problems.error(PzCode.RETENTION_CONFIG_INVALID, FILE + ": retention must be either `off` or a mapping with"
                    + " keep_last (got " + node.describe() + ").", at, "write retention: {keep_last: 10} or retention: off");
            return RetentionConfig.defaults();
        }
        for (YamlNode.Entry entry : mapping.entries().values()) {
            if (!entry.key().equals("keep_last")) {
                problems.error(PzCode.RETENTION_CONFIG_INVALID, FILE + ": retention has an unknown key '" + entry.key()
                        + "'.", new SourceLocation(FILE, entry.line()), NearMiss.didYouMean(entry.key(),
                                List.of("keep_last")).orElse("retention accepts only keep_last"));
            }
        }
        YamlNode keepLast = mapping.get("keep_last");
        Object value = keepLast == null ? null : keepLast.toPlain();
        Integer parsed = Values.asIntIn(value, 1, Integer.MAX_VALUE).orElse(null);
        if (parsed == null) {
            problems.error(PzCode.RETENTION_CONFIG_INVALID, FILE + ": retention.keep_last must be an integer >= 1 (got "
                    + Values.describe(value) + "). Use `retention: off` to disable automatic cleanup.",
                    new SourceLocation(FILE, keepLast == null ? line : mapping.lineOf("keep_last")), null);
            return RetentionConfig.defaults();
        }
        return new RetentionConfig(true, parsed);
    }

    private DriftPolicy drift(YamlNode node, int line) {
        if (node == null || node.isEmpty()) {
            return DriftPolicy.IGNORE;
        }
        List<String> words = List.of("ignore", "warn", "fail");
        if (node instanceof YamlNode.Scalar scalar && words.contains(scalar.text()) && scalar.value() instanceof String) {
            return DriftPolicy.valueOf(scalar.text().toUpperCase(Locale.ROOT));
        }
        String given = node instanceof YamlNode.Scalar scalar ? scalar.text() : "";
        problems.error(PzCode.DRIFT_POLICY_INVALID, FILE + ": on_source_drift must be ignore, warn or fail (got "
                + node.describe() + ").", new SourceLocation(FILE, line),
                NearMiss.didYouMean(given, words).orElse("ignore is the default; warn reports drift, fail stops the load"));
        return DriftPolicy.IGNORE;
    }

    /** {@code scale_out: {staging: <folder>}}; absent is fine until a sharded run or a commit needs it. */
    private ScaleOutConfig scaleOut(YamlNode node, int line) {
        if (node == null || node.isEmpty()) {
            return ScaleOutConfig.absent();
        }
        String hint = "write scale_out: {staging: <folder every shard and the commit can reach>}";
        if (!(node instanceof YamlNode.Mapping mapping)) {
            problems.error(PzCode.SCALE_OUT_STAGING_INVALID, FILE + ": scale_out must be a mapping (got "
                    + node.describe() + ").", new SourceLocation(FILE, line), hint);
            return ScaleOutConfig.absent();
        }
        for (YamlNode.Entry entry : mapping.entries().values()) {
            if (!entry.key().equals("staging")) {
                problems.error(PzCode.SCALE_OUT_STAGING_INVALID, FILE + ": unknown key 'scale_out." + entry.key() + "'.",
                        new SourceLocation(FILE, entry.line()), "the only key of scale_out is staging");
            }
        }
        YamlNode staging = mapping.get("staging");
        int at = staging == null ? line : mapping.lineOf("staging");
        if (!(staging instanceof YamlNode.Scalar scalar) || !(scalar.value() instanceof String text) || text.isBlank()) {
            problems.error(PzCode.SCALE_OUT_STAGING_INVALID, FILE + ": scale_out.staging must be a folder path (got "
                    + (staging == null ? "nothing" : staging.describe()) + ").", new SourceLocation(FILE, at), hint);
            return ScaleOutConfig.absent();
        }
        return new ScaleOutConfig(text, at);
    }
}
