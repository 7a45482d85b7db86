package dev.pz.engine.artifacts;

import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.json.AtomicFiles;
import dev.pz.engine.json.Json;
import dev.pz.engine.model.Project;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * {@code pz compile}'s output: {@code .pz/target/manifest.json} and one
 * {@code .pz/target/compiled/<pipeline>.sql} per pipeline node written. Byte-identical across runs.
 */
public final class CompileArtifacts {

    private CompileArtifacts() {
    }

    public static Path targetDirectory(Path projectDirectory) {
        return projectDirectory.resolve(".pz").resolve("target");
    }

    /** Writes the artifacts for {@code selected} node ids (in DAG order) and returns how many nodes. */
    public static int write(Project project, CompiledDag dag, Set<String> selected) {
        Path target = targetDirectory(project.directory());
        Path compiled = target.resolve("compiled");
        clear(compiled);
        List<Node> nodes = dag.nodes().stream().filter(node -> selected.contains(node.id())).toList();
        for (Node node : nodes) {
            if (node instanceof PipelineNode pipeline) {
                AtomicFiles.writeString(compiled.resolve(pipeline.name() + ".sql"), compiledSql(dag, pipeline));
            }
        }
        AtomicFiles.writeString(target.resolve("manifest.json"), manifest(project, nodes));
        return nodes.size();
    }

    static String manifest(Project project, List<Node> nodes) {
        List<Object> entries = new ArrayList<>();
        for (Node node : nodes) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("id", node.id());
            entry.put("kind", node.kind().snakeName());
            entry.put("name", node.name());
            entry.put("dependsOn", List.copyOf(new TreeSet<>(node.dependsOn())));
            entry.put("tags", node instanceof PipelineNode pipeline ? pipeline.tags() : List.of());
            entry.put("file", node.file());
            entries.add(entry);
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("project", project.name());
        root.put("version", project.version());
        root.put("generatedBy", "pz");
        root.put("nodes", entries);
        return Json.indented(root) + "\n";
    }

    /**
     * The pipeline's final SQL behind its header lines, LF, exactly one trailing newline; secret
     * values (see {@link CompiledDag#secrets()}) appear as {@code ***}.
     */
    public static String compiledSql(CompiledDag dag, PipelineNode pipeline) {
        TreeSet<String> outputs = new TreeSet<>();
        for (Node node : dag.nodes()) {
            if (node instanceof SinkWriteNode sink && sink.pipeline().equals(pipeline.name())) {
                Object format = sink.write().options().get("format");
                String strategy = sink.write().strategy().word();
                outputs.add("-- output: " + sink.name() + " (" + (format == null ? strategy : format + ", " + strategy)
                        + ")");
            }
        }
        TreeSet<String> incremental = new TreeSet<>();
        for (String parent : pipeline.dependsOn()) {
            if (dag.node(parent) instanceof SourceLoadNode source && source.incremental() != null
                    && source.incremental().declaredInSql()) {
                incremental.add("-- incremental: " + source.datasetKey() + " (cursor " + source.incremental().cursor()
                        + ", declared in SQL)");
            }
        }
        StringBuilder text = new StringBuilder();
        incremental.forEach(line -> text.append(line).append('\n'));
        outputs.forEach(line -> text.append(line).append('\n'));
        return text.append(dag.secrets().mask(pipeline.sql())).append('\n').toString();
    }

    private static void clear(Path directory) {
        if (!Files.isDirectory(directory)) {
            return;
        }
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.filter(path -> path.toString().endsWith(".sql")).toList()) {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
