package dev.pz.connectors.sqlserver;

import java.util.Locale;

/**
 * Reading option values as YAML (or a {@code ${VAR}} substitution) delivers them: a whole number
 * may arrive as a Long, a Double with no fraction or text; a boolean as a Boolean or the text
 * {@code true}/{@code false}. Null means "not that shape".
 */
final class OptionValues {

    private OptionValues() {
    }

    static Long wholeNumber(Object raw) {
        if (raw instanceof Number number) {
            double value = number.doubleValue();
            return value == Math.rint(value) && !Double.isInfinite(value) ? number.longValue() : null;
        }
        if (raw instanceof String text) {
            try {
                return Long.parseLong(text.trim());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    static Boolean bool(Object raw) {
        if (raw instanceof Boolean flag) {
            return flag;
        }
        if (raw instanceof String text) {
            String word = text.trim().toLowerCase(Locale.ROOT);
            if (word.equals("true") || word.equals("false")) {
                return Boolean.valueOf(word);
            }
        }
        return null;
    }
}
