package dev.pz.engine.load;

import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.SourceLocation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code --config} file of {@code pz connector test}: {@code connection:} (the connection's options),
 * optionally {@code read:} ({@code dataset:} and read options) and {@code write:} ({@code output:},
 * {@code mode} default replace, {@code schema_policy} default fail_on_change, {@code visible:} a path that exists
 * once the output is visible, and write options), with {@code ${VAR}} interpolated. Bad shapes are PZ0101.
 */
public final class ContractConfigParser {

    /** What the file says; {@code dataset} and {@code output} are null when their block is absent. */
    public record ContractConfig(Map<String, Object> connection, String dataset, Map<String, Object> readOptions,
            String output, WriteStrategy mode, SchemaPolicy schemaPolicy, Map<String, Object> writeOptions,
            String visible) {
    }

    private final String file;
    private final Problems problems = new Problems();

    private ContractConfigParser(String file) {
        this.file = file;
    }

    /** @throws dev.pz.connectors.api.error.PzValidationException every problem of the file */
    public static ContractConfig parse(Path path, Map<String, String> environment) {
        ContractConfigParser parser = new ContractConfigParser(path.getFileName().toString());
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            parser.problems.error(PzCode.YAML_SHAPE, "cannot read the connector test config " + path + ".",
                    SourceLocation.file(parser.file), "pass an existing YAML file to --config");
            parser.problems.throwIfErrors();
            throw new UncheckedIOException(e);
        }
        YamlNode.Mapping root = YamlReader.readRoot(text, parser.file, parser.problems).orElse(null);
        parser.problems.throwIfErrors();
        EnvInterpolation env = new EnvInterpolation(environment, parser.file);
        ContractConfig config = parser.read(root, env);
        env.reportMissing(parser.problems);
        parser.problems.throwIfErrors();
        return config;
    }

    private ContractConfig read(YamlNode.Mapping root, EnvInterpolation env) {
        unknownKeys(root, List.of("connection", "read", "write"), "the file");
        Map<String, Object> connection = mapping(root, "connection", env);
        Map<String, Object> read = mapping(root, "read", env);
        Map<String, Object> write = mapping(root, "write", env);
        if (root.get("connection") == null) {
            problems.error(PzCode.YAML_SHAPE, file + ": 'connection' is required.", new SourceLocation(file, 1),
                    "write connection: with the options of a working connection");
        }
        String dataset = text(read, "dataset", root.get("read") != null, root.lineOf("read"));
        String output = text(write, "output", root.get("write") != null, root.lineOf("write"));
        String modeWord = text(write, "mode", false, root.lineOf("write"));
        String policyWord = text(write, "schema_policy", false, root.lineOf("write"));
        String visible = text(write, "visible", false, root.lineOf("write"));
        WriteStrategy mode = modeWord == null ? WriteStrategy.REPLACE : WriteStrategy.fromWord(modeWord).orElse(null);
        SchemaPolicy policy = policyWord == null ? SchemaPolicy.FAIL_ON_CHANGE : SchemaPolicy.fromWord(policyWord).orElse(null);
        if (mode == null || policy == null) {
            problems.error(PzCode.YAML_SHAPE, file + ": write." + (mode == null ? "mode" : "schema_policy")
                    + " has an unknown value.", new SourceLocation(file, root.lineOf("write")),
                    "mode is append, replace or merge; schema_policy as in connections.yml");
        }
        return new ContractConfig(connection, dataset, read, output, mode, policy, write, visible);
    }

    private void unknownKeys(YamlNode.Mapping mapping, List<String> known, String where) {
        for (YamlNode.Entry entry : mapping.entries().values()) {
            if (!known.contains(entry.key())) {
                problems.error(PzCode.YAML_SHAPE, file + ": unknown key '" + entry.key() + "' in " + where + ".",
                        new SourceLocation(file, entry.line()), "valid keys: " + String.join(", ", known));
            }
        }
    }

    private Map<String, Object> mapping(YamlNode.Mapping root, String key, EnvInterpolation env) {
        YamlNode node = root.get(key);
        if (node == null) {
            return new LinkedHashMap<>();
        }
        if (!(node instanceof YamlNode.Mapping)) {
            problems.error(PzCode.YAML_SHAPE, file + ": '" + key + "' must be a mapping (got " + node.describe() + ").",
                    new SourceLocation(file, root.lineOf(key)), null);
            return new LinkedHashMap<>();
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> values = new LinkedHashMap<>((Map<String, Object>) env.interpolate(node));
        return values;
    }

    /** Removes {@code key} from {@code block} (it is not a connector option) and returns its text. */
    private String text(Map<String, Object> block, String key, boolean required, int line) {
        Object value = block.remove(key);
        if (value == null) {
            if (required) {
                problems.error(PzCode.YAML_SHAPE, file + ": '" + key + "' is required in its block.",
                        new SourceLocation(file, line), null);
            }
            return null;
        }
        if (!(value instanceof String text)) {
            problems.error(PzCode.YAML_SHAPE, file + ": '" + key + "' must be a string.", new SourceLocation(file, line),
                    null);
            return null;
        }
        return text;
    }
}
