package dev.pz.cli.mcp;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What an agent may not write through the server. A credential-looking key (its name contains
 * password, secret, token, key or connection_string) must hold a {@code ${VAR}} reference, never a
 * literal (PZ0601): secrets stay in the environment, out of the files an agent writes and reads
 * back. A localfiles path ({@code root}, {@code base_dir}, {@code path}) must stay inside the
 * project (PZ0606): the server's reach is the project directory.
 */
final class AuthoringGuards {
    private static final List<String> CREDENTIAL_WORDS = List.of("password", "secret", "token", "key",
            "connection_string");
    private static final Set<String> PATH_KEYS = Set.of("root", "base_dir", "path");
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{[A-Za-z_][A-Za-z0-9_]*}");

    private AuthoringGuards() {
    }

    /** Every literal credential in {@code options} (nested maps included), {@code where} naming the input. */
    static List<PzError> literalCredentials(Map<String, Object> options, String where) {
        List<PzError> errors = new ArrayList<>();
        collectCredentials(options, where, errors);
        return errors;
    }

    private static void collectCredentials(Map<String, Object> options, String where, List<PzError> errors) {
        if (options == null) {
            return;
        }
        for (Map.Entry<String, Object> option : options.entrySet()) {
            String key = option.getKey().toLowerCase(Locale.ROOT);
            Object value = option.getValue();
            if (value instanceof Map<?, ?> nested) {
                @SuppressWarnings("unchecked")
                Map<String, Object> map = (Map<String, Object>) nested;
                collectCredentials(map, where + "." + option.getKey(), errors);
            } else if (value instanceof String text && CREDENTIAL_WORDS.stream().anyMatch(key::contains)
                    && !VARIABLE.matcher(text.strip()).matches()) {
                errors.add(PzError.of(PzCode.MCP_LITERAL_CREDENTIAL, "'" + where + "." + option.getKey()
                        + "' looks like a credential and holds a literal value")
                        .withHint("put the secret in an environment variable and write `${VAR_NAME}` instead"));
            }
        }
    }

    /** Every localfiles path option in {@code options} that resolves outside {@code project}. */
    static List<PzError> escapingPaths(Path project, Map<String, Object> options, String where) {
        List<PzError> errors = new ArrayList<>();
        if (options == null) {
            return errors;
        }
        for (Map.Entry<String, Object> option : options.entrySet()) {
            if (PATH_KEYS.contains(option.getKey()) && option.getValue() instanceof String text
                    && !VARIABLE.matcher(text).find() && escapes(project, text)) {
                errors.add(PzError.of(PzCode.MCP_PATH_ESCAPES_PROJECT, "'" + where + "." + option.getKey() + "' ('"
                        + text + "') resolves outside the project directory")
                        .withHint("use a path inside the project, relative to it (e.g. data/orders.csv)"));
            }
        }
        return errors;
    }

    private static boolean escapes(Path project, String value) {
        if (value.contains("://")) {
            return false;
        }
        try {
            return !project.resolve(value).normalize().startsWith(project.normalize());
        } catch (InvalidPathException e) {
            return false;
        }
    }
}
