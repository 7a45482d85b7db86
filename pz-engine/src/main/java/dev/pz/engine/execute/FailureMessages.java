package dev.pz.engine.execute;

import dev.pz.duckdb.DuckErrors;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.compile.SourceLoadNode;
import java.util.regex.Pattern;

/**
 * How a node failure reads: which node, then the cause, plus a next step where pz knows one.
 * DuckDB's messages lose their statement echoes and have single-quoted literals masked (they can
 * hold data values or secrets); connector messages are written for users and pass verbatim.
 */
public final class FailureMessages {
    private static final Pattern QUOTED = Pattern.compile("'(?:[^']|'')*'");

    private FailureMessages() {
    }

    static String redact(String message) {
        String sanitized = DuckErrors.sanitize(message == null ? "" : message);
        return QUOTED.matcher(sanitized).replaceAll("'***'");
    }

    /**
     * {@code <subject>: <cause>}, naming the subject once: a connector that already leads with the
     * dataset or output ({@code dataset 'orders': …}) does not get it twice.
     */
    static String describe(Node node, String cause) {
        String subject;
        String repeated = null;
        if (node instanceof SourceLoadNode source) {
            subject = "source '" + source.connection() + "' dataset '" + source.entity() + "'";
            repeated = "dataset '" + source.entity() + "': ";
        } else if (node instanceof SinkWriteNode sink) {
            subject = "sink '" + sink.connection() + "' output '" + sink.entity() + "'";
            repeated = "output '" + sink.entity() + "': ";
        } else if (node instanceof PipelineNode pipeline) {
            subject = "pipeline '" + pipeline.name() + "'";
        } else {
            subject = node.name();
        }
        String text = repeated != null && cause.startsWith(repeated) ? cause.substring(repeated.length()) : cause;
        return subject + ": " + text + guidance(text);
    }

    private static String guidance(String cause) {
        if (cause.contains("Out of Memory Error")) {
            return "\n\npz: raise engine.duckdb.memory_limit or lower engine.duckdb.threads in project.yml";
        }
        return "";
    }
}
