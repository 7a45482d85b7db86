package dev.pz.engine.compile;

import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.SecretMask;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The secrets a loaded project holds before any pipeline renders: the values of secret connection
 * keys (declared by the connector, or named like a secret), and the values of secret-named
 * environment variables that a {@code ${NAME}} put whole into a var or a connection key (found by
 * equal value; values shorter than {@link #MIN_MATCHED_LENGTH} are not matched, so an unrelated
 * {@code SOME_KEY=1} does not mask every {@code 1}). What rendering reads through {@code env()}
 * and {@code var()} is added by the renderer.
 */
final class ProjectSecrets {
    static final int MIN_MATCHED_LENGTH = 4;

    private ProjectSecrets() {
    }

    static SecretMask of(Project project, Map<String, String> environment,
            Function<String, Set<String>> connectorSecretKeys) {
        List<String> secrets = new ArrayList<>();
        Set<String> configured = new HashSet<>();
        for (ConnectionDef connection : project.connections().values()) {
            Set<String> secretKeys = connectorSecretKeys.apply(connection.connector());
            connection.config().forEach((key, value) -> {
                if (value != null) {
                    configured.add(String.valueOf(value));
                    if (secretKeys.contains(key) || SecretMask.isSecretName(key)) {
                        secrets.add(String.valueOf(value));
                    }
                }
            });
        }
        project.vars().values().forEach(value -> addLeaves(value, configured));
        for (String value : SecretMask.secretEnvironmentValues(environment, environment.keySet())) {
            if (value.length() >= MIN_MATCHED_LENGTH && configured.contains(value)) {
                secrets.add(value);
            }
        }
        return SecretMask.of(secrets);
    }

    /** Every scalar inside a var's value, as text. */
    static void addLeaves(Object value, Set<String> leaves) {
        if (value instanceof Map<?, ?> map) {
            map.values().forEach(element -> addLeaves(element, leaves));
        } else if (value instanceof List<?> list) {
            list.forEach(element -> addLeaves(element, leaves));
        } else if (value != null) {
            leaves.add(String.valueOf(value));
        }
    }
}
