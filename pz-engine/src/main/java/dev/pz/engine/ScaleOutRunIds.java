package dev.pz.engine;

import java.util.regex.Pattern;

/**
 * The one rule for a scale-out run id ({@code --run-id} of sharded runs, {@code pz commit},
 * {@code pz plan --emit} and {@code pz submit}): it names folders and state keys, so it is a letter
 * or digit followed by at most 127 letters, digits, dots, underscores or dashes.
 */
public final class ScaleOutRunIds {
    /** The rule as users read it in messages. */
    public static final String RULE = "[A-Za-z0-9][A-Za-z0-9._-]{0,127}";
    private static final Pattern PATTERN = Pattern.compile(RULE);

    private ScaleOutRunIds() {
    }

    public static boolean isValid(String runId) {
        return runId != null && PATTERN.matcher(runId).matches();
    }
}
