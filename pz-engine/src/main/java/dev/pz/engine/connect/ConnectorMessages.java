package dev.pz.engine.connect;

import dev.pz.engine.model.SourceLocation;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Connector messages as the engine reports them: a connector writes its messages for users, but
 * may lead with the code ({@code PZ0361: …}) or with the subject the engine is about to name
 * ({@code connection 'lake': …}); the engine reports code and subject once. And a message names the
 * option it is about, which tells where the value was written.
 */
public final class ConnectorMessages {
    private static final Pattern LEADING_CODE = Pattern.compile("(?s)PZ\\d{4}: (.*)");

    private ConnectorMessages() {
    }

    /** {@code message} without a leading {@code PZ####: }. */
    public static String withoutCode(String message) {
        String text = message == null ? "" : message;
        var matcher = LEADING_CODE.matcher(text);
        return matcher.matches() ? matcher.group(1) : text;
    }

    /** {@code message} without a leading {@code PZ####: } and without a leading {@code <subject>: }. */
    public static String withoutCodeOrSubject(String subject, String message) {
        String text = withoutCode(message);
        String prefix = subject + ": ";
        return text.startsWith(prefix) ? text.substring(prefix.length()) : text;
    }

    /**
     * Where the option a message is about was written: the first of {@code options}' keys the message
     * quotes ({@code 'compression'}) or names before its quoted value ({@code format 'orc'}), else
     * {@code fallback}.
     */
    public static SourceLocation locate(String message, Map<String, ?> options,
            Function<String, SourceLocation> locationOf, SourceLocation fallback) {
        String text = message == null ? "" : message;
        for (String key : options.keySet()) {
            if (text.contains("'" + key + "'") || text.contains(key + " '")) {
                return locationOf.apply(key);
            }
        }
        return fallback;
    }
}
