package dev.pz.connectors.http;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks a connection's credentials in text shown to users: every secret value (as written and
 * URL-encoded) and whatever follows {@code <param>=} when an API key travels in the query.
 */
final class Redactor {
    private static final String MASK = "***";
    /** Shorter values are not masked: masking "1" everywhere would garble messages and hide nothing. */
    private static final int SHORTEST_SECRET = 3;

    private final List<String> secrets;
    private final Pattern parameter;

    Redactor(List<String> secrets, String keyParameter) {
        List<String> all = new ArrayList<>();
        for (String secret : secrets) {
            if (secret != null && secret.length() >= SHORTEST_SECRET) {
                all.add(secret);
                all.add(QueryString.encode(secret));
            }
        }
        all.sort(Comparator.comparingInt(String::length).reversed());
        this.secrets = List.copyOf(all);
        this.parameter = keyParameter == null ? null : Pattern.compile("(?<=(?:^|[?&\\s\"'])"
                + Pattern.quote(QueryString.encode(keyParameter)) + "=)[^&\\s\"'#]*");
    }

    String redact(String text) {
        if (text == null) {
            return null;
        }
        String masked = text;
        for (String secret : secrets) {
            masked = masked.replace(secret, MASK);
        }
        if (parameter != null) {
            masked = parameter.matcher(masked).replaceAll(Matcher.quoteReplacement(MASK));
        }
        return masked;
    }
}
