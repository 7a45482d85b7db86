package dev.pz.cli;

import dev.pz.engine.Diagnostics;
import dev.pz.engine.NodeInfo;
import dev.pz.engine.ProjectRequest;
import dev.pz.engine.PzEngine;
import dev.pz.engine.RunSummary;
import dev.pz.engine.StateOverview;
import dev.pz.engine.events.NodeKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The words of one project that shell completion offers: node names (flows are run by a node's
 * name), selectors ({@code tag:}, {@code source:<connection>.<entity>}), state keys and run ids.
 * A project that does not load or compile offers none of the words that need it; completion never
 * prints an error.
 */
final class ProjectWords {
    private final Path directory;
    private final PzEngine engine;
    private List<NodeInfo> nodes;

    ProjectWords(Path directory, Map<String, String> environment) {
        this.directory = directory;
        this.engine = PzEngine.create(environment);
    }

    /** Every node's name in dependency order: what {@code pz run <name>} and {@code pz plan <name>} take. */
    List<String> nodeNames() {
        return nodes().stream().map(NodeInfo::name).toList();
    }

    /** What {@code --select} takes: node names, {@code tag:<tag>} and {@code source:<connection>.<entity>}. */
    List<String> selectors() {
        List<String> words = new ArrayList<>(nodeNames());
        TreeSet<String> tags = new TreeSet<>();
        TreeSet<String> sources = new TreeSet<>();
        for (NodeInfo node : nodes()) {
            node.tags().forEach(tag -> tags.add("tag:" + tag));
            if (node.kind() == NodeKind.SOURCE_LOAD) {
                sources.add("source:" + node.dataset());
            }
        }
        words.addAll(tags);
        words.addAll(sources);
        return words;
    }

    /** {@code <connection>.<entity>} of every source in the project, and every key already stored. */
    List<String> stateKeys() {
        TreeSet<String> keys = new TreeSet<>();
        nodes().stream().filter(node -> node.kind() == NodeKind.SOURCE_LOAD).map(NodeInfo::dataset).forEach(keys::add);
        try {
            engine.stateOverview(directory).watermarks().stream().map(StateOverview.WatermarkRow::key)
                    .forEach(keys::add);
        } catch (RuntimeException e) {
            // An unreadable state file offers no stored keys.
        }
        return List.copyOf(keys);
    }

    /** The ids of the project's recorded runs, newest first. */
    List<String> runIds() {
        try {
            return engine.runs(directory, null).stream().map(RunSummary::runId).toList();
        } catch (RuntimeException e) {
            return List.of();
        }
    }

    private List<NodeInfo> nodes() {
        if (nodes == null) {
            try {
                nodes = engine.open(ProjectRequest.of(directory), Diagnostics.ignore()).nodes(null);
            } catch (RuntimeException e) {
                nodes = List.of();
            }
        }
        return nodes;
    }
}
