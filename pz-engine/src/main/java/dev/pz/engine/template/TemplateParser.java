package dev.pz.engine.template;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds the statement tree from tokens. A block holds statements separated by line breaks or
 * ';'; {@code if}/{@code for} open a body that a later {@code end} closes, possibly several blocks
 * further on.
 */
final class TemplateParser {
    private final TokenCursor cursor;
    private final TemplateLimits.Nesting nesting = new TemplateLimits.Nesting();
    private final ExpressionParser expressions;

    private TemplateParser(List<Token> tokens) {
        this.cursor = new TokenCursor(tokens);
        this.expressions = new ExpressionParser(cursor, nesting);
    }

    static List<Statement> parse(List<Token> tokens) {
        TemplateParser parser = new TemplateParser(tokens);
        List<Statement> statements = parser.parseBody();
        Token stray = parser.cursor.peek();
        if (!stray.is(TokenType.END_OF_TEMPLATE)) {
            throw new TemplateException("'" + stray.text() + "' at line " + stray.line() + " has no matching 'if'"
                    + (stray.isWord("end") ? " or 'for'" : ""), stray.line());
        }
        return statements;
    }

    /** Reads statements up to an {@code else}, an {@code end} or the end of the template, which it leaves unread. */
    private List<Statement> parseBody() {
        List<Statement> body = new ArrayList<>();
        while (true) {
            Token token = cursor.peek();
            switch (token.type()) {
                case END_OF_TEMPLATE:
                    return body;
                case TEXT:
                    body.add(new Statement.Text(cursor.next().text()));
                    break;
                case BLOCK_OPEN, BLOCK_CLOSE, NEWLINE, SEMICOLON:
                    cursor.next();
                    break;
                default:
                    if (token.isWord("end") || token.isWord("else")) {
                        return body;
                    }
                    body.add(parseStatement());
                    expectStatementEnd();
            }
        }
    }

    private Statement parseStatement() {
        Token token = cursor.peek();
        if (token.isWord("if") || token.isWord("for") && cursor.peek(1).is(TokenType.IDENTIFIER)) {
            nesting.enter(token.line());
            Statement block = token.isWord("if") ? parseIf() : parseFor();
            nesting.leave();
            return block;
        }
        if (token.is(TokenType.IDENTIFIER) && cursor.peek(1).is(TokenType.ASSIGN)) {
            return parseAssign();
        }
        return new Statement.Output(expressions.parse());
    }

    private Statement parseIf() {
        Token start = cursor.next();
        List<Statement.Branch> branches = new ArrayList<>();
        List<Statement> otherwise = List.of();
        Expression condition = expressions.parse();
        while (true) {
            expectStatementEnd();
            branches.add(new Statement.Branch(condition, parseBody()));
            Token token = cursor.next();
            if (token.isWord("end")) {
                return new Statement.IfChain(branches, otherwise);
            }
            if (!token.isWord("else")) {
                throw unclosed(start);
            }
            if (!cursor.checkWord("if")) {
                expectStatementEnd();
                otherwise = parseBody();
                closeWithEnd(start);
                return new Statement.IfChain(branches, otherwise);
            }
            cursor.next();
            condition = expressions.parse();
        }
    }

    private Statement parseFor() {
        Token start = cursor.next();
        Token variable = cursor.next();
        requireAssignable(variable, "loop variable");
        if (!cursor.checkWord("in")) {
            throw expressions.unexpected(cursor.peek(), "'in' after 'for " + variable.text() + "'");
        }
        cursor.next();
        Expression iterable = expressions.parse();
        expectStatementEnd();
        List<Statement> body = parseBody();
        closeWithEnd(start);
        return new Statement.ForLoop(variable.text(), iterable, body, start.line());
    }

    private Statement parseAssign() {
        Token name = cursor.next();
        requireAssignable(name, "variable");
        cursor.next();
        return new Statement.Assign(name.text(), expressions.parse(), name.line());
    }

    private void closeWithEnd(Token start) {
        Token token = cursor.next();
        if (token.isWord("else")) {
            throw new TemplateException("'else' at line " + token.line() + " does not belong to an 'if'",
                    token.line());
        }
        if (!token.isWord("end")) {
            throw unclosed(start);
        }
    }

    private static TemplateException unclosed(Token start) {
        return new TemplateException("'" + start.text() + "' at line " + start.line() + " is never closed with {{ end }}",
                start.line(), "close it with {{ end }}");
    }

    private void requireAssignable(Token name, String role) {
        if (!name.is(TokenType.IDENTIFIER) || ExpressionParser.RESERVED.contains(name.text())) {
            throw expressions.unexpected(name, "a " + role + " name");
        }
    }

    private void expectStatementEnd() {
        Token token = cursor.peek();
        if (!token.is(TokenType.NEWLINE) && !token.is(TokenType.SEMICOLON) && !token.is(TokenType.BLOCK_CLOSE)) {
            throw new TemplateException("unexpected " + token.describe() + " after the end of a statement",
                    token.line(), "a block holds one statement; start another {{ }} block for the next one");
        }
    }
}
