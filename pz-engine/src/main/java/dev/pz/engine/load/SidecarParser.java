package dev.pz.engine.load;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.model.CheckDef;
import dev.pz.engine.model.Materialization;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.SidecarDef;
import dev.pz.engine.model.SourceLocation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** One {@code pipelines/configs/<name>.yml}: a pipeline's materialization, tags and checks. */
final class SidecarParser {
    static final List<String> KEYS = List.of("pipeline", "materialization", "tags", "checks");
    static final List<String> MATERIALIZATIONS = List.of("table", "view", "ephemeral");

    private SidecarParser() {
    }

    /** The sidecar, or empty when its {@code pipeline:} is unusable; other problems are reported and skipped. */
    static Optional<SidecarDef> parse(YamlNode.Mapping root, String file, Problems problems) {
        for (YamlNode.Entry entry : root.entries().values()) {
            if (!KEYS.contains(entry.key())) {
                problems.error(entry.key().equals("outputs") ? PzCode.RETIRED_OUTPUTS_BLOCK : PzCode.YAML_SHAPE,
                        file + ": unknown sidecar key '" + entry.key() + "'.", new SourceLocation(file, entry.line()),
                        NearMiss.didYouMean(entry.key(), KEYS).map(s -> s + " ").orElse("")
                                + "a sidecar accepts " + String.join(", ", KEYS));
            }
        }
        YamlNode pipelineNode = root.get("pipeline");
        String pipeline = null;
        if (pipelineNode == null || pipelineNode.isEmpty()) {
            problems.error(PzCode.YAML_SHAPE, file + " is missing required field 'pipeline'.", SourceLocation.file(file),
                    "name the pipeline this sidecar configures, e.g. pipeline: orders");
        } else if (pipelineNode instanceof YamlNode.Scalar scalar) {
            pipeline = scalar.text();
        } else {
            problems.error(PzCode.YAML_SHAPE, file + ": 'pipeline' must be a pipeline name (got "
                    + pipelineNode.describe() + ").", new SourceLocation(file, root.lineOf("pipeline")), null);
        }
        String shownName = pipeline != null ? pipeline : stem(file);
        Materialization materialization = materialization(root, file, shownName, problems);
        List<String> tags = tags(root, file, shownName, problems);
        List<CheckDef> checks = new CheckParser(file, shownName, problems).parse(root.get("checks"));
        if (pipeline == null) {
            return Optional.empty();
        }
        return Optional.of(new SidecarDef(pipeline, materialization, tags, checks, file));
    }

    private static Materialization materialization(YamlNode.Mapping root, String file, String pipeline,
            Problems problems) {
        YamlNode node = root.get("materialization");
        if (node == null || node.isEmpty()) {
            return Materialization.TABLE;
        }
        if (node instanceof YamlNode.Scalar scalar && MATERIALIZATIONS.contains(scalar.text())) {
            return Materialization.valueOf(scalar.text().toUpperCase(Locale.ROOT));
        }
        String given = node instanceof YamlNode.Scalar scalar ? scalar.text() : "";
        problems.error(PzCode.MATERIALIZATION_INVALID, "pipeline '" + pipeline + "': materialization "
                + node.describe() + " is not one of table, view, ephemeral.",
                new SourceLocation(file, root.lineOf("materialization")),
                NearMiss.didYouMean(given, MATERIALIZATIONS).orElse("use table (default), view or ephemeral"));
        return Materialization.TABLE;
    }

    private static List<String> tags(YamlNode.Mapping root, String file, String pipeline, Problems problems) {
        YamlNode node = root.get("tags");
        List<String> tags = new ArrayList<>();
        if (node == null || node.isEmpty()) {
            return tags;
        }
        if (node instanceof YamlNode.Scalar scalar) {
            tags.add(scalar.text());
            return tags;
        }
        if (node instanceof YamlNode.Sequence list) {
            for (YamlNode item : list.items()) {
                if (item instanceof YamlNode.Scalar scalar && !scalar.text().isBlank()) {
                    tags.add(scalar.text());
                } else {
                    problems.error(PzCode.YAML_SHAPE, "pipeline '" + pipeline + "': tags must be a list of strings (got "
                            + item.describe() + " as an item).", new SourceLocation(file, item.line()), "write e.g. tags: [daily, crm]");
                }
            }
            return tags;
        }
        problems.error(PzCode.YAML_SHAPE, "pipeline '" + pipeline + "': tags must be a list of strings (got "
                + node.describe() + ").", new SourceLocation(file, root.lineOf("tags")), "write e.g. tags: [daily, crm]");
        return tags;
    }

    private static String stem(String file) {
        String name = file.substring(file.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return dot < 0 ? name : name.substring(0, dot);
    }
}
