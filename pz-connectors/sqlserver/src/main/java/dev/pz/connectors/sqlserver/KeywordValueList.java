package dev.pz.connectors.sqlserver;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code keyword=value;keyword=value} syntax of ADO.NET connection strings (what the Azure portal
 * shows as "ADO.NET"): entries separated by semicolons, a value optionally quoted with {@code "} or
 * {@code '} (the quote doubled inside), keywords case-insensitive with their spaces ignored, a later
 * entry overriding an earlier one. Errors never quote the text: it holds a password.
 */
final class KeywordValueList {

    private KeywordValueList() {
    }

    /** Keyword (lower case, spaces removed) → value, in order; throws with a text-free message. */
    static Map<String, String> parse(String text) {
        Map<String, String> entries = new LinkedHashMap<>();
        int position = 0;
        int entry = 0;
        while (position < text.length()) {
            int equals = text.indexOf('=', position);
            int semicolon = text.indexOf(';', position);
            if (semicolon >= 0 && (equals < 0 || semicolon < equals)) {
                if (!text.substring(position, semicolon).isBlank()) {
                    throw new IllegalArgumentException("entry " + (entry + 1) + " has no '=' (expected keyword=value;…)");
                }
                position = semicolon + 1;
                continue;
            }
            if (equals < 0) {
                if (!text.substring(position).isBlank()) {
                    throw new IllegalArgumentException("entry " + (entry + 1) + " has no '=' (expected keyword=value;…)");
                }
                break;
            }
            entry++;
            String keyword = text.substring(position, equals).replaceAll("\\s", "").toLowerCase(Locale.ROOT);
            if (keyword.isEmpty()) {
                throw new IllegalArgumentException("entry " + entry + " has an empty keyword");
            }
            int valueStart = skipSpaces(text, equals + 1);
            StringBuilder value = new StringBuilder();
            int next;
            if (valueStart < text.length() && (text.charAt(valueStart) == '"' || text.charAt(valueStart) == '\'')) {
                next = quoted(text, valueStart, value, entry);
            } else {
                int end = text.indexOf(';', valueStart);
                end = end < 0 ? text.length() : end;
                value.append(text.substring(valueStart, end).strip());
                next = end;
            }
            entries.put(keyword, value.toString());
            position = next < text.length() ? next + 1 : next;
        }
        return entries;
    }

    /** Reads a quoted value starting at {@code open}; returns the index of the ';' (or end) after it. */
    private static int quoted(String text, int open, StringBuilder value, int entry) {
        char quote = text.charAt(open);
        int i = open + 1;
        while (true) {
            if (i >= text.length()) {
                throw new IllegalArgumentException("entry " + entry + " has an unterminated quoted value");
            }
            char c = text.charAt(i);
            if (c == quote) {
                if (i + 1 < text.length() && text.charAt(i + 1) == quote) {
                    value.append(quote);
                    i += 2;
                    continue;
                }
                int after = skipSpaces(text, i + 1);
                if (after < text.length() && text.charAt(after) != ';') {
                    throw new IllegalArgumentException("entry " + entry + " has text after its closing quote");
                }
                return after;
            }
            value.append(c);
            i++;
        }
    }

    private static int skipSpaces(String text, int from) {
        int i = from;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }
}
