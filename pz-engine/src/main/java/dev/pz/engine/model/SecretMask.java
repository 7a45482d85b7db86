package dev.pz.engine.model;

import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The secret values one invocation knows about, and the masking that keeps them out of everything
 * pz writes or prints: compiled SQL, errors, warnings and run failures. The SQL that runs keeps
 * the real values; only text meant for people and artifacts is masked.
 *
 * <p>What counts as a secret: the value of a connection key the connector declares secret, or
 * whose name looks secret; the value of an environment variable whose name looks secret, once
 * the project reads it ({@code env()} in a pipeline, or a whole {@code ${NAME}} value in
 * project.yml or connections.yml); the value of a {@code var()} whose name looks secret. A name
 * looks secret when it contains one of {@link #SECRET_WORDS}, ignoring case ({@code PGPASSWORD},
 * {@code api_token}, {@code AWS_SECRET_ACCESS_KEY}).
 */
public final class SecretMask {
    /** The words that make a key, variable or environment name secret. */
    public static final List<String> SECRET_WORDS = List.of("password", "passwd", "secret", "token", "key",
            "credential", "connection_string");
    static final String MASK = "***";

    private static final SecretMask NONE = new SecretMask(List.of());

    /** Longest first, so a secret that contains another is masked whole. */
    private final List<String> values;

    private SecretMask(Collection<String> values) {
        TreeSet<String> distinct = new TreeSet<>(Comparator.comparingInt(String::length).reversed()
                .thenComparing(Comparator.naturalOrder()));
        for (String value : values) {
            if (value != null && !value.isBlank()) {
                distinct.add(value);
            }
        }
        this.values = List.copyOf(distinct);
    }

    public static SecretMask none() {
        return NONE;
    }

    public static SecretMask of(Collection<String> values) {
        return values.isEmpty() ? NONE : new SecretMask(values);
    }

    /** Whether a key, variable or environment name names a secret. */
    public static boolean isSecretName(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return SECRET_WORDS.stream().anyMatch(lower::contains);
    }

    /** The values of the environment variables whose names look secret, among {@code names}. */
    public static List<String> secretEnvironmentValues(Map<String, String> environment, Collection<String> names) {
        return names.stream().filter(SecretMask::isSecretName).map(environment::get)
                .filter(value -> value != null && !value.isBlank()).toList();
    }

    /** This mask and {@code more} together. */
    public SecretMask with(Collection<String> more) {
        if (more.isEmpty()) {
            return this;
        }
        TreeSet<String> all = new TreeSet<>(values);
        all.addAll(more);
        return new SecretMask(all);
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    /** {@code text} with every secret value replaced by {@code ***}. */
    public String mask(String text) {
        if (text == null || values.isEmpty()) {
            return text;
        }
        String masked = text;
        for (String value : values) {
            masked = masked.replace(value, MASK);
        }
        return masked;
    }

    public PzError mask(PzError error) {
        return values.isEmpty() ? error : new PzError(error.code(), mask(error.message()), error.file(), error.line(),
                mask(error.hint()));
    }

    public PzWarning mask(PzWarning warning) {
        return values.isEmpty() ? warning : new PzWarning(warning.code(), mask(warning.message()), warning.file(),
                mask(warning.hint()));
    }

    public PzValidationException mask(PzValidationException failure) {
        return values.isEmpty() ? failure
                : new PzValidationException(failure.errors().stream().map(this::mask).toList());
    }
}
