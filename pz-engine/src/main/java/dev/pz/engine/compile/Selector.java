package dev.pz.engine.compile;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The {@code --select} grammar: whitespace separates groups (union), commas separate atoms within
 * a group (intersection). {@code atom = ["+"] base ["+"]}, {@code base = tag:<name> | source:<pattern>
 * | <pattern>}; a leading {@code +} adds ancestors, a trailing {@code +} adds descendants; {@code *}
 * matches any run of characters over the whole name.
 */
public final class Selector {
    private static final Pattern PATTERN_CHARS = Pattern.compile("[A-Za-z0-9_.*/-]+");

    private Selector() {
    }

    /** The ids the expression denotes, in DAG order. An atom matching nothing fails (PZ0210). */
    public static Set<String> select(CompiledDag dag, String expression) {
        List<PzError> errors = new ArrayList<>();
        Set<String> union = new LinkedHashSet<>();
        for (String group : expression.trim().split("\\s+")) {
            if (group.isEmpty()) {
                continue;
            }
            Set<String> intersection = null;
            for (String atom : group.split(",", -1)) {
                Set<String> matched = atom(dag, atom, errors);
                if (intersection == null) {
                    intersection = matched;
                } else {
                    intersection.retainAll(matched);
                }
            }
            if (intersection != null) {
                union.addAll(intersection);
            }
        }
        if (!errors.isEmpty()) {
            throw new PzValidationException(errors);
        }
        Set<String> ordered = new LinkedHashSet<>();
        dag.nodes().stream().map(Node::id).filter(union::contains).forEach(ordered::add);
        return ordered;
    }

    private static Set<String> atom(CompiledDag dag, String atom, List<PzError> errors) {
        boolean ancestors = atom.startsWith("+");
        boolean descendants = atom.length() > 1 && atom.endsWith("+");
        String base = atom.substring(ancestors ? 1 : 0, atom.length() - (descendants ? 1 : 0));
        Set<String> matched = new LinkedHashSet<>();
        String pattern;
        java.util.function.Predicate<Node> kindFilter;
        if (base.startsWith("tag:")) {
            String tag = base.substring(4);
            for (Node node : dag.nodes()) {
                if (node instanceof PipelineNode pipeline && pipeline.tags().contains(tag)) {
                    matched.add(node.id());
                }
            }
            pattern = tag;
            kindFilter = null;
        } else if (base.startsWith("source:")) {
            pattern = base.substring(7);
            kindFilter = node -> node instanceof SourceLoadNode;
        } else {
            pattern = base;
            kindFilter = node -> true;
        }
        if (pattern.isEmpty() || !PATTERN_CHARS.matcher(pattern).matches()) {
            errors.add(noMatch(atom));
            return matched;
        }
        if (kindFilter != null) {
            Pattern regex = Pattern.compile(globToRegex(pattern));
            for (Node node : dag.nodes()) {
                if (!kindFilter.test(node)) {
                    continue;
                }
                String subject = node instanceof SourceLoadNode source && base.startsWith("source:")
                        ? source.datasetKey() : node.name();
                if (regex.matcher(subject).matches()) {
                    matched.add(node.id());
                }
            }
        }
        if (matched.isEmpty()) {
            errors.add(noMatch(atom));
            return matched;
        }
        Set<String> expanded = new LinkedHashSet<>(matched);
        for (String id : matched) {
            if (ancestors) {
                expanded.addAll(dag.ancestors(id));
            }
            if (descendants) {
                expanded.addAll(dag.descendants(id));
            }
        }
        return expanded;
    }

    private static PzError noMatch(String atom) {
        return PzError.of(PzCode.SELECTOR_NO_MATCH, "Selector '" + atom + "' matched no nodes.")
                .withHint("see `pz ls` for node names and tags");
    }

    private static String globToRegex(String glob) {
        StringBuilder regex = new StringBuilder();
        for (char c : glob.toCharArray()) {
            if (c == '*') {
                regex.append(".*");
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return regex.toString();
    }
}
