package dev.pz.engine.template;

/**
 * Scriban's whitespace control on one side of a block. {@code {{-} / {@code -}}} trim greedily (all
 * whitespace, newlines included); {@code {{~} / {@code ~}}} trim non-greedily (spaces and tabs on
 * that side; on the right side also the first line break, on the left side never the line break).
 */
enum WhitespaceTrim {
    NONE,
    GREEDY,
    NON_GREEDY;

    static WhitespaceTrim ofMarker(char marker) {
        return switch (marker) {
            case '-' -> GREEDY;
            case '~' -> NON_GREEDY;
            default -> NONE;
        };
    }

    /** Trims the end of the text that precedes a block opened with this marker. */
    String trimEnd(String text) {
        int end = text.length();
        switch (this) {
            case NONE -> { }
            case GREEDY -> {
                while (end > 0 && Character.isWhitespace(text.charAt(end - 1))) {
                    end--;
                }
            }
            case NON_GREEDY -> {
                while (end > 0 && isBlank(text.charAt(end - 1))) {
                    end--;
                }
            }
        }
        return text.substring(0, end);
    }

    /** Trims the start of the text that follows a block closed with this marker. */
    String trimStart(String text) {
        int start = 0;
        switch (this) {
            case NONE -> { }
            case GREEDY -> {
                while (start < text.length() && Character.isWhitespace(text.charAt(start))) {
                    start++;
                }
            }
            case NON_GREEDY -> {
                while (start < text.length() && isBlank(text.charAt(start))) {
                    start++;
                }
                if (text.startsWith("\r\n", start)) {
                    start += 2;
                } else if (text.startsWith("\n", start)) {
                    start++;
                }
            }
        }
        return text.substring(start);
    }

    /** Whitespace that is not a line break ('\r' belongs to a CRLF line break). */
    private static boolean isBlank(char c) {
        return c != '\n' && c != '\r' && Character.isWhitespace(c);
    }
}
