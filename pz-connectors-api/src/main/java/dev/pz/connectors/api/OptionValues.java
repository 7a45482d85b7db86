package dev.pz.connectors.api;

import java.util.Map;
import java.util.Optional;

/**
 * Options as written for one connection, read or write, read through their declarations:
 * {@code config.get(PostgresOptions.PORT)} is the written port as an int, or its default. A value
 * the declaration refuses throws {@link dev.pz.connectors.api.error.PzConnectorException} with the
 * option's code and a message that starts with {@link #context()}.
 */
public interface OptionValues {

    /** The plain values as written (String, Long, Double, Boolean, List, Map). */
    Map<String, Object> options();

    /** How messages name this configuration: {@code connection 'lake'}, {@code dataset 'orders'}, {@code output 'daily'}. */
    String context();

    /** The written value, else the option's default, else null. */
    default <T> T get(Option<T> option) {
        return option.read(options(), context());
    }

    /** The written value or the default, if either exists. */
    default <T> Optional<T> find(Option<T> option) {
        return Optional.ofNullable(get(option));
    }

    /** Whether the option was written (a default does not count). */
    default boolean isSet(Option<?> option) {
        return options().get(option.name()) != null;
    }
}
