package dev.pz.connectors.http;

import dev.pz.connectors.api.OptionProblem;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One output's write options, checked together. Append sends rows in batches of
 * {@code rows_per_request} to {@code path}; merge sends each row to {@code path} with {@code {key}}
 * replaced by the row's URL-escaped key, so a key written twice is updated, not duplicated.
 */
record HttpOutput(String path, String method, HttpOptions.BodyFormat bodyFormat, int rowsPerRequest, String key) {

    static final String KEY_PLACEHOLDER = "{key}";

    static HttpOutput of(OutputSpec spec) {
        if (spec.strategy() == WriteStrategy.REPLACE) {
            throw new PzConnectorException(PzCode.WRITE_MODE_UNSUPPORTED, spec.context() + ": http cannot replace"
                    + " what an API holds", "use strategy append, or merge with one key");
        }
        List<OptionProblem> problems = problems(spec);
        if (!problems.isEmpty()) {
            throw new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, spec.context() + ": " + problems.stream()
                    .map(OptionProblem::message).collect(Collectors.joining("; ")), problems.get(0).hint());
        }
        boolean merge = spec.strategy() == WriteStrategy.MERGE;
        HttpOptions.Method method = spec.find(HttpOptions.METHOD).orElse(merge ? HttpOptions.Method.PUT
                : HttpOptions.Method.POST);
        return new HttpOutput(spec.get(HttpOptions.WRITE_PATH), method.name(), spec.get(HttpOptions.BODY_FORMAT),
                spec.get(HttpOptions.ROWS_PER_REQUEST), merge ? spec.keys().get(0) : null);
    }

    /** Every rule across the output's options, strategy and keys. */
    static List<OptionProblem> problems(OutputSpec spec) {
        List<OptionProblem> declared = HttpOptions.WRITE.check(spec.options(), OptionSet.RESERVED_WRITE_KEYS);
        if (!declared.isEmpty()) {
            return declared;
        }
        List<OptionProblem> problems = new ArrayList<>();
        String path = spec.get(HttpOptions.WRITE_PATH);
        String bare = path.replace(KEY_PLACEHOLDER, "key");
        if (!HttpSettings.isRelativeReference(bare)) {
            problems.add(invalid("path", "'path' must be a URL path such as /items, got '" + path + "'", null));
        }
        if (spec.strategy() == WriteStrategy.MERGE) {
            if (!path.contains(KEY_PLACEHOLDER)) {
                problems.add(invalid("path", "a merge 'path' needs {key}, replaced by each row's key (e.g. /items/{key})",
                        "write path: /items/{key}"));
            }
            if (spec.keys().size() > 1) {
                problems.add(new OptionProblem("keys", OptionProblem.Kind.INVALID, PzCode.CONNECTOR_CONFIG_INVALID,
                        "http merges by exactly one key column, got " + spec.keys().size(), "keep one column in keys:"));
            }
            List<String> appendOnly = new ArrayList<>();
            if (spec.isSet(HttpOptions.BODY_FORMAT)) {
                appendOnly.add("'body_format'");
            }
            if (spec.isSet(HttpOptions.ROWS_PER_REQUEST)) {
                appendOnly.add("'rows_per_request'");
            }
            if (!appendOnly.isEmpty()) {
                problems.add(invalid(appendOnly.size() == 1 ? appendOnly.get(0).replace("'", "") : "body_format",
                        String.join(" and ", appendOnly) + (appendOnly.size() == 1 ? " applies" : " apply")
                                + " to append only; a merge sends one request per row",
                        "remove them, or use strategy: append"));
            }
        } else if (path.contains(KEY_PLACEHOLDER)) {
            problems.add(invalid("path", "an append 'path' cannot hold {key}: appends send rows in batches, not one"
                    + " request per key", "use strategy: merge with keys: [<column>] to send each row to its own URL"));
        }
        return problems;
    }

    boolean merge() {
        return key != null;
    }

    private static OptionProblem invalid(String option, String message, String hint) {
        return new OptionProblem(option, OptionProblem.Kind.INVALID, PzCode.CONNECTOR_CONFIG_INVALID, message, hint);
    }
}
