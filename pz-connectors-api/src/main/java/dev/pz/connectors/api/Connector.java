package dev.pz.connectors.api;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A connector: the adapter behind every connection that names it. One instance serves all of an
 * invocation's connections; per-connection state lives in the {@link Source} and {@link Sink}
 * objects it opens.
 *
 * <p>Options are declared as {@link Option} constants and listed here by place; pz checks what
 * users write against them before anything runs (unknown keys with a "did you mean", wrong types,
 * values outside the allowed set, missing required options) and lists them in
 * {@code pz connectors --json}. Options marked {@link Option#secret()} are never printed.
 */
public interface Connector {

    String name();

    /** The connector's own version, shown by {@code pz connectors}. */
    String version();

    /** Exactly the capabilities whose behaviour this connector implements. */
    Set<ConnectorCapability> capabilities();

    /**
     * Whether this connector's merge sessions count the key groups that occur more than once among
     * the rows they merge, and return them in {@link WriteResult#mergeKeyDuplicates()}. pz then
     * reports those counts instead of scanning the staged rows for them first, so a merge can
     * stream from its source like an append. Without it (the default) pz counts them itself over
     * the staged relation before the write.
     */
    default boolean countsMergeKeyDuplicates() {
        return false;
    }

    /** Options accepted at connection level in connections.yml (besides pz's reserved keys). */
    OptionSet connectionOptions();

    /** Options accepted under an entity's {@code read:} block or as {@code source()} kwargs. */
    OptionSet readOptions();

    /** Options accepted under an entity's {@code write:} block or as {@code sink()} kwargs. */
    OptionSet writeOptions();

    /**
     * Offline rules across one connection's options that the declarations cannot state (e.g. two
     * options that exclude each other). pz checks each declaration first; this sees only
     * connections whose declared options are valid. Returns one message per problem, without the
     * connection's name (pz adds it); each is reported as PZ0301. Never touches the network.
     */
    default List<String> validate(ConnectorConfig config) {
        return List.of();
    }

    /**
     * Offline rules across one dataset's read options, its {@code columns:} contract and its
     * incremental cursor ({@link DatasetSpec#watermark()} carries the cursor, never a value), that
     * the declarations cannot state. pz checks each declaration first; this sees only datasets
     * whose declared options are valid, in {@code pz validate}, {@code pz plan} and {@code pz run}
     * alike, before anything runs. Returns one problem per violation, each naming the option it
     * concerns and without the dataset's name (pz adds it). Never touches the network.
     */
    default List<OptionProblem> validateRead(DatasetSpec spec) {
        return List.of();
    }

    /**
     * Offline rules across one output's write options, strategy and keys, as
     * {@link #validateRead} does for reads.
     */
    default List<OptionProblem> validateWrite(OutputSpec spec) {
        return List.of();
    }

    /** The {@code pz validate --connect} probe. May touch the network; bounded by the caller. */
    ConnectionCheck checkConnection(ConnectorConfig config);

    /**
     * Opens the read side for one connection, or empty when this connector cannot read.
     * Opening is cheap and offline: the planner calls it for every dataset it plans.
     */
    Optional<Source> openSource(ConnectorConfig config);

    /** Opens the write side for one connection, or empty when this connector cannot write. */
    Optional<Sink> openSink(ConnectorConfig config);
}
