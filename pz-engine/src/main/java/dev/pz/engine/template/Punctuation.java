package dev.pz.engine.template;

import java.util.List;

/** The operator and bracket spellings of the template language, longest first so '==' wins over '='. */
record Punctuation(String text, TokenType type) {

    static final List<Punctuation> LONGEST_FIRST = List.of(
            new Punctuation("==", TokenType.EQUAL),
            new Punctuation("!=", TokenType.NOT_EQUAL),
            new Punctuation("<=", TokenType.LESS_EQUAL),
            new Punctuation(">=", TokenType.GREATER_EQUAL),
            new Punctuation("&&", TokenType.AND),
            new Punctuation("||", TokenType.OR),
            new Punctuation("//", TokenType.DOUBLE_SLASH),
            new Punctuation("(", TokenType.LEFT_PAREN),
            new Punctuation(")", TokenType.RIGHT_PAREN),
            new Punctuation("[", TokenType.LEFT_BRACKET),
            new Punctuation("]", TokenType.RIGHT_BRACKET),
            new Punctuation("{", TokenType.LEFT_BRACE),
            new Punctuation("}", TokenType.RIGHT_BRACE),
            new Punctuation(",", TokenType.COMMA),
            new Punctuation(":", TokenType.COLON),
            new Punctuation(";", TokenType.SEMICOLON),
            new Punctuation(".", TokenType.DOT),
            new Punctuation("=", TokenType.ASSIGN),
            new Punctuation("<", TokenType.LESS),
            new Punctuation(">", TokenType.GREATER),
            new Punctuation("!", TokenType.NOT),
            new Punctuation("+", TokenType.PLUS),
            new Punctuation("-", TokenType.MINUS),
            new Punctuation("*", TokenType.STAR),
            new Punctuation("/", TokenType.SLASH),
            new Punctuation("%", TokenType.PERCENT));
}
