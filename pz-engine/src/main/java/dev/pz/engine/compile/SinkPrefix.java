package dev.pz.engine.compile;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The leading load statement of a pipeline that calls {@code sink()}:
 * {@code INSERT INTO <marker> <query>} or {@code INSERT INTO [<m1>, <m2>] <query>}. Only whitespace
 * and full-line {@code --} comments may precede it; keywords are case-insensitive.
 */
final class SinkPrefix {

    /** The markers in written order and the query that follows them. */
    record Parsed(List<String> markers, String query) {
    }

    private SinkPrefix() {
    }

    static Optional<Parsed> parse(String sql) {
        Cursor cursor = new Cursor(sql);
        cursor.skipWhitespaceAndLineComments();
        if (!cursor.keyword("insert") || !cursor.whitespace() || !cursor.keyword("into") || !cursor.whitespace()) {
            return Optional.empty();
        }
        List<String> markers = new ArrayList<>();
        if (cursor.peek('[')) {
            cursor.advance(1);
            do {
                cursor.skipSpaces();
                Optional<String> marker = cursor.marker();
                if (marker.isEmpty()) {
                    return Optional.empty();
                }
                markers.add(marker.get());
                cursor.skipSpaces();
            } while (cursor.consume(','));
            if (!cursor.consume(']')) {
                return Optional.empty();
            }
        } else {
            Optional<String> marker = cursor.marker();
            if (marker.isEmpty()) {
                return Optional.empty();
            }
            markers.add(marker.get());
        }
        if (!cursor.atEnd() && !cursor.whitespace()) {
            return Optional.empty();
        }
        return Optional.of(new Parsed(markers, cursor.rest()));
    }

    /** A position in the rendered SQL. */
    private static final class Cursor {
        private final String text;
        private int position;

        Cursor(String text) {
            this.text = text;
        }

        void skipWhitespaceAndLineComments() {
            while (position < text.length()) {
                char c = text.charAt(position);
                if (Character.isWhitespace(c)) {
                    position++;
                } else if (text.startsWith("--", position)) {
                    int end = text.indexOf('\n', position);
                    position = end < 0 ? text.length() : end + 1;
                } else {
                    return;
                }
            }
        }

        boolean keyword(String word) {
            if (text.regionMatches(true, position, word, 0, word.length())) {
                position += word.length();
                return true;
            }
            return false;
        }

        /** Consumes at least one whitespace character. */
        boolean whitespace() {
            int start = position;
            skipSpaces();
            return position > start;
        }

        void skipSpaces() {
            while (position < text.length() && Character.isWhitespace(text.charAt(position))) {
                position++;
            }
        }

        boolean peek(char c) {
            return position < text.length() && text.charAt(position) == c;
        }

        boolean consume(char c) {
            if (peek(c)) {
                position++;
                return true;
            }
            return false;
        }

        void advance(int count) {
            position += count;
        }

        boolean atEnd() {
            return position >= text.length();
        }

        Optional<String> marker() {
            if (!text.startsWith("__pz_sink__", position)) {
                return Optional.empty();
            }
            int end = text.indexOf("__", position + "__pz_sink__".length());
            // The marker ends with the first "__" that is followed by whitespace, ',' , ']' or the end.
            while (end >= 0) {
                int after = end + 2;
                if (after >= text.length() || Character.isWhitespace(text.charAt(after)) || text.charAt(after) == ','
                        || text.charAt(after) == ']') {
                    String marker = text.substring(position, after);
                    position = after;
                    return Optional.of(marker);
                }
                end = text.indexOf("__", end + 1);
            }
            return Optional.empty();
        }

        String rest() {
            return text.substring(position);
        }
    }
}
