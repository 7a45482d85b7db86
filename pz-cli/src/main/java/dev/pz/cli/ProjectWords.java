package dev.pz.cli;

import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.DagCompiler;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.compile.RenderContext;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.load.ProjectLoader;
import dev.pz.engine.model.Project;
import dev.pz.engine.state.WatermarkStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The words of one project that shell completion offers: node names (flows are run by a node's
 * name), selectors ({@code tag:}, {@code source:<connection>.<entity>}), state keys and run ids.
 * A project that does not load or compile offers none of the words that need it; completion never
 * prints an error.
 */
final class ProjectWords {
    private final Path directory;
    private final Map<String, String> environment;
    private CompiledDag dag;
    private boolean compiled;

    ProjectWords(Path directory, Map<String, String> environment) {
        this.directory = directory;
        this.environment = environment;
    }

    /** Every node's name in dependency order: what {@code pz run <name>} and {@code pz plan <name>} take. */
    List<String> nodeNames() {
        return dag() == null ? List.of() : dag().nodes().stream().map(Node::name).toList();
    }

    /** What {@code --select} takes: node names, {@code tag:<tag>} and {@code source:<connection>.<entity>}. */
    List<String> selectors() {
        if (dag() == null) {
            return List.of();
        }
        List<String> words = new ArrayList<>(nodeNames());
        TreeSet<String> tags = new TreeSet<>();
        TreeSet<String> sources = new TreeSet<>();
        for (Node node : dag().nodes()) {
            if (node instanceof PipelineNode pipeline) {
                pipeline.tags().forEach(tag -> tags.add("tag:" + tag));
            } else if (node instanceof SourceLoadNode source) {
                sources.add("source:" + source.connection() + "." + source.entity());
            }
        }
        words.addAll(tags);
        words.addAll(sources);
        return words;
    }

    /** {@code <connection>.<entity>} of every source in the project, and every key already stored. */
    List<String> stateKeys() {
        TreeSet<String> keys = new TreeSet<>();
        if (dag() != null) {
            dag().nodes().stream().filter(SourceLoadNode.class::isInstance).map(SourceLoadNode.class::cast)
                    .forEach(source -> keys.add(source.connection() + "." + source.entity()));
        }
        try {
            keys.addAll(WatermarkStore.local(directory).all().keySet());
        } catch (RuntimeException e) {
            // An unreadable state file offers no stored keys.
        }
        return List.copyOf(keys);
    }

    /** The run ids under {@code .pz/runs}, newest first. */
    List<String> runIds() {
        Path runs = directory.resolve(".pz").resolve("runs");
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(runs)) {
            return entries.filter(Files::isDirectory).map(path -> path.getFileName().toString())
                    .sorted(Comparator.reverseOrder()).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private CompiledDag dag() {
        if (!compiled) {
            compiled = true;
            try {
                Project project = ProjectLoader.load(directory, environment, Map.of());
                dag = DagCompiler.compile(project, RenderContext.forCompile(environment));
            } catch (RuntimeException e) {
                dag = null;
            }
        }
        return dag;
    }
}
