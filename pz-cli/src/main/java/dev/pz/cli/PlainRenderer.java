package dev.pz.cli;

import dev.pz.engine.Formats;
import dev.pz.engine.events.NodeRef;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.RunListener;
import dev.pz.engine.events.SchemaChange;
import dev.pz.engine.events.SchemaColumn;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The plain line renderer: one line per node as it completes,
 * {@code <ok|FAIL|skip|cancelled> <name> <rows> rows <ms>ms}, a failed node's error indented under
 * it, and a bottleneck hint under a universal-tier node whose channel shows one; {@code retry:} and
 * {@code breaker:} lines as they happen.
 */
final class PlainRenderer implements RunListener {
    private final PrintWriter out;

    PlainRenderer(PrintWriter out) {
        this.out = out;
    }

    @Override
    public synchronized void nodeCompleted(NodeResult result) {
        lines(result).forEach(out::println);
        out.flush();
    }

    @Override
    public synchronized void retryScheduled(NodeRef node, int attempt, int maxAttempts, long delayMs, String reason) {
        out.println(retryLine(node, attempt, maxAttempts, delayMs, reason));
        out.flush();
    }

    @Override
    public synchronized void breakerStateChanged(String instance, String oldState, String newState, String trigger,
            long coolDownMs) {
        out.println(breakerLine(instance, oldState, newState, trigger, coolDownMs));
        out.flush();
    }

    @Override
    public synchronized void sourceDriftDetected(NodeRef node, String connection, String entity, String policy,
            List<SchemaChange> changes, List<SchemaColumn> observed, String hintsHash) {
        out.println(driftLine(connection, entity, policy, changes));
        out.flush();
    }

    @Override
    public synchronized void lossyIntegerInferenceDetected(NodeRef node, String connection, String entity,
            List<String> columns) {
        out.println(lossyIntegersLine(connection, entity, columns));
        out.flush();
    }

    @Override
    public synchronized void ambiguousDateInferenceDetected(NodeRef node, String connection, String entity,
            List<String> columns, String format) {
        out.println(ambiguousDatesLine(connection, entity, columns, format));
        out.flush();
    }

    @Override
    public synchronized void mergeKeyDuplicatesDetected(NodeRef node, String output, List<String> keys,
            long duplicateGroups, long extraRows) {
        out.println(mergeDuplicatesLine(output, keys, duplicateGroups, extraRows));
        out.flush();
    }

    /**
     * A completed node's line, then its error (code and message) with each line indented two
     * spaces, then the bottleneck hint when one side of its Arrow channel waited most of the time.
     */
    static List<String> lines(NodeResult result) {
        List<String> lines = new ArrayList<>();
        lines.add(nodeLine(result));
        lines.addAll(errorLines(result));
        Formats.bottleneckHint(result).ifPresent(lines::add);
        return lines;
    }

    static String nodeLine(NodeResult result) {
        return result.status().marker() + " " + result.name() + " " + result.rows() + " rows " + result.durationMs()
                + "ms";
    }

    static List<String> errorLines(NodeResult result) {
        if (result.error() == null) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        String text = result.error().code().code() + ": " + result.error().message();
        for (String line : text.split("\n", -1)) {
            lines.add("  " + line);
        }
        return lines;
    }

    /** {@code breaker: connection <name> <old>-><new> (<trigger>; cool down <seconds>s)}. */
    static String breakerLine(String instance, String oldState, String newState, String trigger, long coolDownMs) {
        String connection = instance.startsWith("conn:") ? instance.substring("conn:".length()) : instance;
        return "breaker: connection " + connection + " " + oldState + "->" + newState + " (" + trigger + "; cool down "
                + Formats.seconds(coolDownMs) + ")";
    }

    /**
     * {@code warning: source drift on <conn>.<entity> (policy warn): retyped amount (BIGINT->VARCHAR); added x (T)
     * — run 'pz schema accept <conn>.<entity>' to accept it}.
     */
    static String driftLine(String connection, String entity, String policy, List<SchemaChange> changes) {
        String key = connection + "." + entity;
        return "warning: source drift on " + key + " (policy " + policy + "): "
                + String.join("; ", changes.stream().map(SchemaChange::compact).toList())
                + " — run 'pz schema accept " + key + "' to accept it";
    }

    /** {@code warning: crm.orders: column(s) [id, sku] auto-detected as DOUBLE but … -- declare a columns: contract …}. */
    static String lossyIntegersLine(String connection, String entity, List<String> columns) {
        return "warning: " + connection + "." + entity + ": column(s) [" + String.join(", ", columns) + "] auto-detected"
                + " as DOUBLE but hold only whole numbers beyond 2^53 -- digits may have been lost; declare a columns:"
                + " contract (e.g. bigint, decimal or varchar) to load them losslessly";
    }

    /** {@code warning: crm.orders: date column(s) [when] parsed with assumed format %d/%m/%Y -- … ISO 8601, …}. */
    static String ambiguousDatesLine(String connection, String entity, List<String> columns, String format) {
        return "warning: " + connection + "." + entity + ": date column(s) [" + String.join(", ", columns) + "] parsed"
                + " with assumed format " + format + " -- every value is day/month-ambiguous, so a month-first source"
                + " is misread on every row; normalize the source to ISO 8601, or declare the column varchar in a"
                + " columns: contract and parse it explicitly in SQL";
    }

    /** {@code warning: output 'events': 2 merge key group(s) [id] have 3 duplicate staged row(s) -- …}. */
    static String mergeDuplicatesLine(String output, List<String> keys, long duplicateGroups, long extraRows) {
        return "warning: output '" + output + "': " + duplicateGroups + " merge key group(s) [" + String.join(", ", keys)
                + "] have " + extraRows + " duplicate staged row(s) -- merge keeps one connector-determined survivor"
                + " per key (staging order, not cursor order); dedup in the pipeline if a specific row must win";
    }

    static String retryLine(NodeRef node, int attempt, int maxAttempts, long delayMs, String reason) {
        return "retry: " + node.name() + " attempt " + attempt + "/" + maxAttempts + " in " + delayMs + "ms (" + reason
                + ")";
    }
}
