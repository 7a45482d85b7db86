package dev.pz.engine.execute;

import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.compile.SourceLoadNode;
import java.util.Optional;

/**
 * The connection a node talks to: its source's or sink's, none for pipelines and checks. Limits
 * that belong to a connection ({@code max_concurrency}, circuit breakers) are keyed by it.
 */
public final class Instances {

    private Instances() {
    }

    public static Optional<String> connectionOf(Node node) {
        if (node instanceof SourceLoadNode source) {
            return Optional.of(source.connection());
        }
        if (node instanceof SinkWriteNode sink) {
            return Optional.of(sink.connection());
        }
        return Optional.empty();
    }

    /** The instance name events use for a connection: {@code conn:<connection>}. */
    static String key(String connection) {
        return "conn:" + connection;
    }
}
