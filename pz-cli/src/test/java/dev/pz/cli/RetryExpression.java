package dev.pz.cli;

import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Argo's {@code retryStrategy.expression} for the forms pz emits: terms joined by {@code ||}, each
 * {@code lastRetry.status == "<phase>"}, {@code asInt(lastRetry.exitCode) in [<codes>]} or
 * {@code asInt(lastRetry.exitCode) > <n>}. Any other term is refused, so an emitter change cannot
 * pass unexercised.
 */
final class RetryExpression {
    private static final Pattern STATUS = Pattern.compile("lastRetry\\.status == \"(\\w+)\"");
    private static final Pattern IN = Pattern.compile("asInt\\(lastRetry\\.exitCode\\) in \\[([0-9, ]+)]");
    private static final Pattern ABOVE = Pattern.compile("asInt\\(lastRetry\\.exitCode\\) > (\\d+)");

    private RetryExpression() {
    }

    /** Whether Argo retries after an attempt that ended in {@code status} with {@code exitCode}. */
    static boolean retries(String expression, String status, int exitCode) {
        for (String term : expression.split("\\|\\|")) {
            if (holds(term.strip(), status, exitCode)) {
                return true;
            }
        }
        return false;
    }

    private static boolean holds(String term, String status, int exitCode) {
        Matcher matcher;
        if ((matcher = STATUS.matcher(term)).matches()) {
            return matcher.group(1).equals(status);
        }
        if ((matcher = IN.matcher(term)).matches()) {
            return Arrays.stream(matcher.group(1).split(",")).map(String::strip).mapToInt(Integer::parseInt)
                    .anyMatch(code -> code == exitCode);
        }
        if ((matcher = ABOVE.matcher(term)).matches()) {
            return exitCode > Integer.parseInt(matcher.group(1));
        }
        throw new IllegalArgumentException("the runner does not know the retry term '" + term + "'");
    }
}
