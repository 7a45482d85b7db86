package dev.pz.connectors.remote;

import java.util.regex.Pattern;

/**
 * Glob patterns over slash-separated keys: {@code **} matches across {@code /}, {@code *} within
 * one segment, {@code ?} one character other than {@code /}; everything else is literal. Listing
 * narrows to the pattern's static prefix, then every listed key is matched against the whole
 * pattern.
 */
public final class Globs {

    private Globs() {
    }

    public static boolean isGlob(String pattern) {
        return pattern.indexOf('*') >= 0 || pattern.indexOf('?') >= 0;
    }

    /** The text before the first {@code *}, {@code ?} or {@code {}. */
    public static String staticPrefix(String pattern) {
        int end = pattern.length();
        for (char c : new char[] {'*', '?', '{'}) {
            int at = pattern.indexOf(c);
            if (at >= 0 && at < end) {
                end = at;
            }
        }
        return pattern.substring(0, end);
    }

    /** A regex matching whole keys. */
    public static Pattern toRegex(String pattern) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '*' && i + 1 < pattern.length() && pattern.charAt(i + 1) == '*') {
                regex.append(".*");
                i++;
            } else if (c == '*') {
                regex.append("[^/]*");
            } else if (c == '?') {
                regex.append("[^/]");
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString());
    }
}
