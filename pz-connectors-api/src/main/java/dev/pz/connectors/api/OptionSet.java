package dev.pz.connectors.api;

import dev.pz.connectors.api.error.PzCode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The options a connector accepts in one place: at connection level, under an entity's
 * {@code read:} (or as {@code source()} keyword arguments) or under {@code write:} (or as
 * {@code sink()} keyword arguments), in the order they are listed to users.
 *
 * <p>pz's own keys are never declared here: they are taken out before a connector sees the
 * options ({@link #RESERVED_CONNECTION_KEYS}, {@link #RESERVED_READ_KEYS},
 * {@link #RESERVED_WRITE_KEYS}).
 */
public final class OptionSet {

    /**
     * The write key naming the columns an output is partitioned by. pz reads it and refuses it on a
     * sink that declares neither PathTemplating nor ColumnPartitionedWrites; otherwise the sink
     * finds it among its write options.
     */
    public static final String PARTITION_BY = "partition_by";

    /** Keys pz reads at connection level; a connector declaring one is refused (PZ0345). */
    public static final Set<String> RESERVED_CONNECTION_KEYS = Set.of("connector", "entities", "max_concurrency",
            "rate_limit", "retry", "allow_unsigned_extensions", ConnectorConfig.BASE_DIR);
    /** Keys pz reads under {@code read:}. */
    public static final Set<String> RESERVED_READ_KEYS = Set.of("columns", "sync", "retry", "rate_limit",
            "max_concurrency", "incremental", "schema", "table");
    /** Keys pz reads under {@code write:}, {@link #PARTITION_BY} among them. */
    public static final Set<String> RESERVED_WRITE_KEYS = Set.of("strategy", "keys", "duplicates", "on_delete",
            "schema_policy", "retry", "rate_limit", "max_concurrency", "mode", "accept_duplicates", "write", "input",
            "schema", "table", PARTITION_BY);

    private static final OptionSet NONE = new OptionSet(List.of());

    private final Map<String, Option<?>> options;

    private OptionSet(List<Option<?>> declared) {
        Map<String, Option<?>> byName = new LinkedHashMap<>();
        for (Option<?> option : declared) {
            if (byName.putIfAbsent(option.name(), option) != null) {
                throw new IllegalArgumentException("option '" + option.name() + "' is declared twice");
            }
        }
        this.options = Collections.unmodifiableMap(byName);
    }

    public static OptionSet of(Option<?>... options) {
        return new OptionSet(Arrays.asList(options));
    }

    public static OptionSet of(List<Option<?>> options) {
        return new OptionSet(options);
    }

    /** No options. */
    public static OptionSet none() {
        return NONE;
    }

    /** These options followed by {@code more}. */
    public OptionSet with(Option<?>... more) {
        List<Option<?>> all = new ArrayList<>(options.values());
        all.addAll(Arrays.asList(more));
        return new OptionSet(all);
    }

    /** Every declaration, in declaration order. */
    public List<Option<?>> options() {
        return List.copyOf(options.values());
    }

    public Set<String> names() {
        return options.keySet();
    }

    public Optional<Option<?>> find(String name) {
        return Optional.ofNullable(options.get(name));
    }

    public boolean isEmpty() {
        return options.isEmpty();
    }

    /** Names of the options whose values are secrets. */
    public Set<String> secretNames() {
        return options.values().stream().filter(Option::isSecret).map(Option::name)
                .collect(Collectors.toUnmodifiableSet());
    }

    /**
     * Every problem with {@code written} against these declarations: unknown keys, then wrong values
     * and missing required options, in declaration order. {@code ignored} keys are skipped (pz's own
     * keys, the host's {@code base_dir}).
     */
    public List<OptionProblem> check(Map<String, Object> written, Set<String> ignored) {
        List<OptionProblem> problems = new ArrayList<>();
        String accepted = options.isEmpty() ? "none" : String.join(", ", options.keySet());
        for (String key : written.keySet()) {
            if (!options.containsKey(key) && !ignored.contains(key)) {
                problems.add(new OptionProblem(key, OptionProblem.Kind.UNKNOWN, PzCode.CONNECTOR_CONFIG_INVALID,
                        "unknown option '" + key + "'", "remove or rename it -- accepted options: " + accepted));
            }
        }
        for (Option<?> option : options.values()) {
            option.check(written.get(option.name())).ifPresent(problems::add);
        }
        return List.copyOf(problems);
    }

    @Override
    public String toString() {
        return options.values().toString();
    }
}
