package dev.pz.connectors.api.paths;

import java.util.regex.Pattern;

/**
 * Glob patterns over slash-separated names, as listing-based connectors match object keys:
 * {@code **} matches across {@code /}, {@code *} any run of characters within one segment,
 * {@code ?} one character within a segment; every other character stands for itself.
 */
public final class Globs {

    private Globs() {
    }

    /** Whether {@code pattern} has any wildcard; a pattern without one names exactly one key. */
    public static boolean isGlob(String pattern) {
        return pattern.indexOf('*') >= 0 || pattern.indexOf('?') >= 0;
    }

    /** A regular expression that matches a whole name against {@code glob}. */
    public static Pattern toRegex(String glob) {
        StringBuilder regex = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c != '*' && c != '?') {
                literal.append(c);
                continue;
            }
            if (literal.length() > 0) {
                regex.append(Pattern.quote(literal.toString()));
                literal.setLength(0);
            }
            if (c == '?') {
                regex.append("[^/]");
            } else if (i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                regex.append(".*");
                i++;
            } else {
                regex.append("[^/]*");
            }
        }
        if (literal.length() > 0) {
            regex.append(Pattern.quote(literal.toString()));
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }
}
