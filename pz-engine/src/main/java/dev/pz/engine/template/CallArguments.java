package dev.pz.engine.template;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The evaluated arguments of one function call, as written.
 *
 * @param function the called name
 * @param positional positional arguments in order
 * @param keywords keyword arguments ({@code name: value}) in written order, duplicates included:
 *     the function decides whether a repeated name is an error
 * @param line 1-based line of the call in the template
 */
public record CallArguments(String function, List<Object> positional, List<Keyword> keywords, int line) {

    public CallArguments {
        Objects.requireNonNull(function, "function");
        // Values may be null, which List.copyOf refuses.
        positional = Collections.unmodifiableList(new ArrayList<>(positional));
        keywords = List.copyOf(keywords);
    }

    /** One {@code name: value} argument. */
    public record Keyword(String name, Object value) {
        public Keyword {
            Objects.requireNonNull(name, "name");
        }
    }
}
