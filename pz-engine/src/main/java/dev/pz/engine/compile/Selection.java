package dev.pz.engine.compile;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a verb works on: flow names, a {@code --select} expression, {@code --all}, or nothing. The
 * three ways are mutually exclusive (PZ0216).
 */
public record Selection(List<String> names, String select, boolean all) {

    public Selection {
        names = List.copyOf(names);
    }

    public static Selection everything() {
        return new Selection(List.of(), null, true);
    }

    public boolean isBare() {
        return names.isEmpty() && select == null && !all;
    }

    /**
     * The nodes chosen, before any verb-specific expansion, or empty for "the whole project".
     * Flow names choose each named node with every ancestor and descendant. A bare selection on a
     * project of several independent flows fails (PZ0215) when {@code gateBareMultiFlow}.
     */
    public Optional<Set<String>> resolve(CompiledDag dag, boolean gateBareMultiFlow) {
        int ways = (names.isEmpty() ? 0 : 1) + (select == null ? 0 : 1) + (all ? 1 : 0);
        if (ways > 1) {
            throw new PzValidationException(List.of(PzError.of(PzCode.SELECTION_CONFLICT,
                    "flow names, --select, and --all are mutually exclusive ways to choose what runs.")
                    .withHint("pass exactly one: `pz run <name>`, `pz run --select '<expr>'`, or `pz run --all`")));
        }
        if (all) {
            return Optional.empty();
        }
        if (select != null) {
            return Optional.of(Selector.select(dag, select));
        }
        if (!names.isEmpty()) {
            return Optional.of(flowsThrough(dag));
        }
        List<List<Node>> flows = dag.flows();
        if (gateBareMultiFlow && flows.size() > 1) {
            throw new PzValidationException(List.of(PzError.of(PzCode.MULTI_FLOW_NEEDS_SELECTION, "project has "
                    + flows.size() + " independent flows (" + flowLabels(dag) + "); bare `pz run` would run all of them.")
                    .withHint("run one flow with `pz run <name>`, or everything with `pz run --all`")));
        }
        return Optional.empty();
    }

    private Set<String> flowsThrough(CompiledDag dag) {
        List<PzError> errors = new ArrayList<>();
        Set<String> chosen = new LinkedHashSet<>();
        for (String name : names) {
            Optional<Node> node = dag.byName(name);
            if (node.isPresent()) {
                chosen.add(node.get().id());
                chosen.addAll(dag.ancestors(node.get().id()));
                chosen.addAll(dag.descendants(node.get().id()));
            } else if (name.startsWith("-")) {
                errors.add(PzError.of(PzCode.SELECTOR_NO_MATCH, "'" + name + "' is not a recognized option.")
                        .withHint("see `pz run --help` for the options"));
            } else {
                errors.add(PzError.of(PzCode.SELECTOR_NO_MATCH, "no node named '" + name + "'; this project's flows: "
                        + flowLabels(dag) + ".").withHint("see `pz ls` for node names"));
            }
        }
        if (!errors.isEmpty()) {
            throw new PzValidationException(errors);
        }
        return chosen;
    }

    private static String flowLabels(CompiledDag dag) {
        return dag.flows().stream().map(dag::flowLabel).collect(Collectors.joining("; "));
    }

    /** {@code ids} plus every ancestor of each: what must run for them to run. */
    public static Set<String> withAncestors(CompiledDag dag, Set<String> ids) {
        Set<String> closure = new LinkedHashSet<>(ids);
        ids.forEach(id -> closure.addAll(dag.ancestors(id)));
        Set<String> ordered = new LinkedHashSet<>();
        dag.nodes().stream().map(Node::id).filter(closure::contains).forEach(ordered::add);
        return ordered;
    }
}
