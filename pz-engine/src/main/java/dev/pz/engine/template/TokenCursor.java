package dev.pz.engine.template;

import java.util.List;

/** Reads a token list front to back; the list always ends with END_OF_TEMPLATE. */
final class TokenCursor {
    private final List<Token> tokens;
    private int index;

    TokenCursor(List<Token> tokens) {
        this.tokens = List.copyOf(tokens);
    }

    Token peek() {
        return peek(0);
    }

    Token peek(int ahead) {
        return tokens.get(Math.min(index + ahead, tokens.size() - 1));
    }

    Token next() {
        Token token = peek();
        if (index < tokens.size() - 1) {
            index++;
        }
        return token;
    }

    boolean check(TokenType type) {
        return peek().is(type);
    }

    boolean checkWord(String word) {
        return peek().isWord(word);
    }

    /** Consumes the next token if it has the given type. */
    boolean match(TokenType type) {
        if (check(type)) {
            next();
            return true;
        }
        return false;
    }
}
