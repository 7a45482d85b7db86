package dev.pz.engine.template;

/**
 * One token.
 *
 * @param type what it is
 * @param text the source spelling (for TEXT: the literal text, after whitespace control)
 * @param value the decoded literal (String, Long, Double) or, for block delimiters, the
 *     {@link WhitespaceTrim}; null otherwise
 * @param line 1-based line where the token starts
 */
record Token(TokenType type, String text, Object value, int line) {

    boolean is(TokenType expected) {
        return type == expected;
    }

    boolean isWord(String word) {
        return type == TokenType.IDENTIFIER && text.equals(word);
    }

    Token withText(String newText) {
        return new Token(type, newText, value, line);
    }

    /** How an error message names this token. */
    String describe() {
        return switch (type) {
            case NEWLINE -> "the end of the line";
            case END_OF_TEMPLATE -> "the end of the template";
            case BLOCK_CLOSE -> "'}}'";
            case BLOCK_OPEN -> "'{{'";
            case TEXT -> "text";
            case STRING -> "the string " + quoted(text);
            case IDENTIFIER -> "'" + text + "'";
            default -> "'" + text + "'";
        };
    }

    private static String quoted(String source) {
        return source.length() > 40 ? source.substring(0, 37) + "..." : source;
    }
}
