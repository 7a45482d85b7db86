package dev.pz.engine.template;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a template into tokens in one pass: text outside {@code {{ }}} becomes TEXT tokens,
 * copied verbatim; code inside a block becomes code tokens, with a NEWLINE token for each line
 * break so the parser can enforce "a statement ends at the end of its line".
 *
 * <p>Inside a block, a {@code }} } closes the block only when no map literal brace is open, so
 * {@code {{ f(x: {a: {b: 1}}) }}} lexes as intended.
 */
final class TemplateLexer {
    private final String source;
    private final List<Token> tokens = new ArrayList<>();
    private int position;
    private int line = 1;
    private int blockLine;
    private int braceDepth;

    private TemplateLexer(String source) {
        this.source = source;
    }

    /** Tokenizes {@code source}, ending with END_OF_TEMPLATE; whitespace control is applied. */
    static List<Token> tokenize(String source) {
        TemplateLexer lexer = new TemplateLexer(source);
        lexer.run();
        return applyWhitespaceControl(lexer.tokens);
    }

    private void run() {
        while (position < source.length()) {
            readText();
            if (position < source.length()) {
                readBlock();
            }
        }
        tokens.add(new Token(TokenType.END_OF_TEMPLATE, "", null, line));
    }

    private void readText() {
        int start = position;
        int startLine = line;
        int open = source.indexOf("{{", position);
        int end = open < 0 ? source.length() : open;
        for (int i = start; i < end; i++) {
            if (source.charAt(i) == '\n') {
                line++;
            }
        }
        position = end;
        if (end > start) {
            tokens.add(new Token(TokenType.TEXT, source.substring(start, end), null, startLine));
        }
    }

    private void readBlock() {
        blockLine = line;
        braceDepth = 0;
        position += 2;
        WhitespaceTrim trim = WhitespaceTrim.NONE;
        if (position < source.length()) {
            trim = WhitespaceTrim.ofMarker(source.charAt(position));
            if (trim != WhitespaceTrim.NONE) {
                position++;
            }
        }
        tokens.add(new Token(TokenType.BLOCK_OPEN, "{{", trim, line));
        while (!readBlockClose()) {
            readCode();
        }
    }

    private boolean readBlockClose() {
        if (position >= source.length()) {
            throw new TemplateException("'{{' opened at line " + blockLine + " is never closed with '}}'",
                    blockLine, "close the block with }}");
        }
        if (braceDepth > 0) {
            return false;
        }
        WhitespaceTrim trim = WhitespaceTrim.ofMarker(source.charAt(position));
        int markerLength = trim == WhitespaceTrim.NONE ? 0 : 1;
        if (!source.startsWith("}}", position + markerLength)) {
            return false;
        }
        position += markerLength + 2;
        tokens.add(new Token(TokenType.BLOCK_CLOSE, "}}", trim, line));
        return true;
    }

    private void readCode() {
        char c = source.charAt(position);
        if (c == '\n') {
            tokens.add(new Token(TokenType.NEWLINE, "\n", null, line));
            position++;
            line++;
        } else if (Character.isWhitespace(c)) {
            position++;
        } else if (source.startsWith("{{", position)) {
            throw new TemplateException("'{{' opened at line " + blockLine + " is not closed before the next '{{'",
                    blockLine, "close the block with }}");
        } else if (c == '\'' || c == '"') {
            readString(c);
        } else if (isDigit(c)) {
            readNumber();
        } else if (Character.isLetter(c) || c == '_') {
            readWord();
        } else {
            readPunctuation();
        }
    }

    private void readString(char quote) {
        int start = position;
        StringBuilder value = new StringBuilder();
        position++;
        while (true) {
            if (position >= source.length() || source.charAt(position) == '\n') {
                throw new TemplateException("string starting with " + quote + " is not closed on line " + line,
                        line, "close the string with " + quote + " on the same line");
            }
            char c = source.charAt(position++);
            if (c == quote) {
                break;
            }
            value.append(c == '\\' ? readEscape() : c);
        }
        add(TokenType.STRING, source.substring(start, position), value.toString());
    }

    private char readEscape() {
        if (position >= source.length()) {
            throw new TemplateException("string ends with a lone backslash", line);
        }
        char c = source.charAt(position++);
        return switch (c) {
            case '\\' -> '\\';
            case '\'' -> '\'';
            case '"' -> '"';
            case 'n' -> '\n';
            case 't' -> '\t';
            case 'r' -> '\r';
            default -> throw new TemplateException("unknown escape sequence '\\" + c + "' in a string", line,
                    "supported escapes are \\\\ \\' \\\" \\n \\t \\r");
        };
    }

    private void readNumber() {
        int start = position;
        skipDigits();
        boolean decimal = false;
        if (position + 1 < source.length() && source.charAt(position) == '.' && isDigit(source.charAt(position + 1))) {
            decimal = true;
            position++;
            skipDigits();
        }
        if (position < source.length() && (source.charAt(position) == 'e' || source.charAt(position) == 'E')) {
            int exponent = position + 1;
            if (exponent < source.length() && (source.charAt(exponent) == '+' || source.charAt(exponent) == '-')) {
                exponent++;
            }
            if (exponent < source.length() && isDigit(source.charAt(exponent))) {
                decimal = true;
                position = exponent;
                skipDigits();
            }
        }
        String text = source.substring(start, position);
        if (decimal) {
            add(TokenType.DECIMAL, text, Double.valueOf(text));
            return;
        }
        try {
            add(TokenType.INTEGER, text, Long.valueOf(text));
        } catch (NumberFormatException tooLarge) {
            throw new TemplateException("integer " + text + " is too large", line,
                    "integers must fit in 64 bits; write a decimal (" + text + ".0) or a string");
        }
    }

    private void readWord() {
        int start = position;
        while (position < source.length()
                && (Character.isLetterOrDigit(source.charAt(position)) || source.charAt(position) == '_')) {
            position++;
        }
        String word = source.substring(start, position);
        TokenType type = switch (word) {
            case "and" -> TokenType.AND;
            case "or" -> TokenType.OR;
            case "not" -> TokenType.NOT;
            default -> TokenType.IDENTIFIER;
        };
        add(type, word, null);
    }

    private void readPunctuation() {
        for (Punctuation punctuation : Punctuation.LONGEST_FIRST) {
            if (source.startsWith(punctuation.text(), position)) {
                position += punctuation.text().length();
                trackBraces(punctuation.type());
                add(punctuation.type(), punctuation.text(), null);
                return;
            }
        }
        throw new TemplateException("unexpected character '" + source.charAt(position) + "' in a template block", line);
    }

    private void trackBraces(TokenType type) {
        if (type == TokenType.LEFT_BRACE) {
            braceDepth++;
        } else if (type == TokenType.RIGHT_BRACE) {
            braceDepth--;
        }
    }

    private void skipDigits() {
        while (position < source.length() && isDigit(source.charAt(position))) {
            position++;
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private void add(TokenType type, String text, Object value) {
        tokens.add(new Token(type, text, value, line));
    }

    /** Applies {@code {{-}, {@code {{~}, {@code -}}}, {@code ~}}} to the neighbouring text tokens. */
    private static List<Token> applyWhitespaceControl(List<Token> tokens) {
        List<Token> result = new ArrayList<>(tokens);
        for (int i = 0; i < result.size(); i++) {
            Token token = result.get(i);
            if (token.is(TokenType.BLOCK_OPEN) && i > 0 && result.get(i - 1).is(TokenType.TEXT)) {
                Token text = result.get(i - 1);
                result.set(i - 1, text.withText(((WhitespaceTrim) token.value()).trimEnd(text.text())));
            } else if (token.is(TokenType.BLOCK_CLOSE) && i + 1 < result.size() && result.get(i + 1).is(TokenType.TEXT)) {
                Token text = result.get(i + 1);
                result.set(i + 1, text.withText(((WhitespaceTrim) token.value()).trimStart(text.text())));
            }
        }
        return result;
    }
}
