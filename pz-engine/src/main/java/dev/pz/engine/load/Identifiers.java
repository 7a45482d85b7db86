package dev.pz.engine.load;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** pz identifiers ({@code [A-Za-z_][A-Za-z0-9_]*}) for pipeline file stems and connection names. */
final class Identifiers {
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern LEADING_DIGITS = Pattern.compile("([0-9]+)_*(.*)");

    private Identifiers() {
    }

    public static boolean isIdentifier(String text) {
        return text != null && IDENTIFIER.matcher(text).matches();
    }

    /**
     * A valid identifier close to {@code text}: ASCII separators become {@code _}, other non-ASCII
     * characters are dropped, runs of {@code _} collapse, and a leading number moves to the end
     * ({@code 01_load} → {@code load_01}, {@code daily-orders} → {@code daily_orders}, {@code café} → {@code caf}).
     */
    public static String suggestRename(String text) {
        StringBuilder folded = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_') {
                folded.append(c);
            } else if (c < 128) {
                folded.append('_');
            }
        }
        boolean leadingUnderscore = text.startsWith("_");
        String collapsed = folded.toString().replaceAll("_+", "_");
        collapsed = stripUnderscores(collapsed, !leadingUnderscore);
        Matcher digits = LEADING_DIGITS.matcher(collapsed);
        if (digits.matches()) {
            String rest = stripUnderscores(digits.group(2), true);
            collapsed = rest.isEmpty() ? "_" + digits.group(1) : rest + "_" + digits.group(1);
        }
        return collapsed.isEmpty() ? "_" : collapsed;
    }

    private static String stripUnderscores(String text, boolean leading) {
        int start = 0;
        int end = text.length();
        while (leading && start < end && text.charAt(start) == '_') {
            start++;
        }
        while (end > start && text.charAt(end - 1) == '_') {
            end--;
        }
        return text.substring(start, end);
    }
}
