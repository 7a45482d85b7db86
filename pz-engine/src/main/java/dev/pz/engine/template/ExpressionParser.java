package dev.pz.engine.template;

import dev.pz.engine.template.Expression.BinaryOperator;
import dev.pz.engine.template.Expression.UnaryOperator;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Recursive-descent parser for one expression. It keeps a stack of the brackets it is inside, so
 * that a line break in the middle of a call can be reported as "call to source() spans several
 * lines" at the line where the call starts (Scriban ends a statement at a line break).
 */
final class ExpressionParser {
    /** Binary operators from loosest to tightest binding. */
    private static final List<Map<TokenType, BinaryOperator>> PRECEDENCE = List.of(
            Map.of(TokenType.OR, BinaryOperator.OR),
            Map.of(TokenType.AND, BinaryOperator.AND),
            Map.of(TokenType.EQUAL, BinaryOperator.EQUAL, TokenType.NOT_EQUAL, BinaryOperator.NOT_EQUAL),
            Map.of(TokenType.LESS, BinaryOperator.LESS, TokenType.LESS_EQUAL, BinaryOperator.LESS_EQUAL,
                    TokenType.GREATER, BinaryOperator.GREATER, TokenType.GREATER_EQUAL, BinaryOperator.GREATER_EQUAL),
            Map.of(TokenType.PLUS, BinaryOperator.ADD, TokenType.MINUS, BinaryOperator.SUBTRACT),
            Map.of(TokenType.STAR, BinaryOperator.MULTIPLY, TokenType.SLASH, BinaryOperator.DIVIDE,
                    TokenType.DOUBLE_SLASH, BinaryOperator.INTEGER_DIVIDE, TokenType.PERCENT, BinaryOperator.MODULO));

    /** Words that start or end statements and so cannot be values. */
    static final Set<String> RESERVED = Set.of("if", "else", "end", "for", "in", "true", "false", "null");

    private final TokenCursor cursor;
    private final TemplateLimits.Nesting nesting;
    private final Deque<OpenGroup> groups = new ArrayDeque<>();

    ExpressionParser(TokenCursor cursor, TemplateLimits.Nesting nesting) {
        this.cursor = cursor;
        this.nesting = nesting;
    }

    Expression parse() {
        return parseBinary(0);
    }

    /** Reports a token the grammar does not allow here; a line break gets the one-line-rule message. */
    TemplateException unexpected(Token found, String expected) {
        if (found.is(TokenType.NEWLINE)) {
            return lineBreak(found);
        }
        OpenGroup innermost = groups.peek();
        String where = innermost == null ? "" : " " + innermost.describe();
        return new TemplateException("expected " + expected + where + " but found " + found.describe(), found.line());
    }

    private TemplateException lineBreak(Token newline) {
        OpenGroup outermostCall = null;
        for (OpenGroup group : groups) {
            if (group.function() != null) {
                outermostCall = group;
            }
        }
        if (outermostCall != null) {
            String name = outermostCall.function() + "()";
            return new TemplateException("call to " + name + " spans several lines", outermostCall.line(),
                    "write the whole " + name + " call on one line: a template statement ends at the end of its line");
        }
        if (!groups.isEmpty()) {
            OpenGroup outermost = groups.peekLast();
            return new TemplateException(outermost.kind() + " spans several lines", outermost.line(),
                    "write the whole expression on one line: a template statement ends at the end of its line");
        }
        return new TemplateException("expression is cut off by the end of line " + newline.line(), newline.line(),
                "a template statement ends at the end of its line; write the whole expression on one line");
    }

    private Expression parseBinary(int level) {
        if (level == PRECEDENCE.size()) {
            return parseUnary();
        }
        Expression left = parseBinary(level + 1);
        BinaryOperator operator;
        int chain = 0;
        while ((operator = PRECEDENCE.get(level).get(cursor.peek().type())) != null) {
            Token operatorToken = cursor.next();
            nesting.enter(operatorToken.line());
            chain++;
            Expression right = parseBinary(level + 1);
            left = new Expression.Binary(operator, left, right, operatorToken.line());
        }
        nesting.leave(chain);
        return left;
    }

    private Expression parseUnary() {
        Token token = cursor.peek();
        if (token.is(TokenType.NOT) || token.is(TokenType.MINUS)) {
            cursor.next();
            UnaryOperator operator = token.is(TokenType.NOT) ? UnaryOperator.NOT : UnaryOperator.NEGATE;
            nesting.enter(token.line());
            Expression operand = parseUnary();
            nesting.leave();
            return new Expression.Unary(operator, operand, token.line());
        }
        return parsePostfix();
    }

    private Expression parsePostfix() {
        Expression expression = parsePrimary();
        int chain = 0;
        while (true) {
            Token token = cursor.peek();
            if (token.is(TokenType.DOT)) {
                cursor.next();
                Token name = cursor.next();
                if (!name.is(TokenType.IDENTIFIER)) {
                    throw unexpected(name, "a member name after '.'");
                }
                nesting.enter(token.line());
                chain++;
                expression = new Expression.Member(expression, name.text(), token.line());
            } else if (token.is(TokenType.LEFT_BRACKET)) {
                cursor.next();
                nesting.enter(token.line());
                chain++;
                groups.push(new OpenGroup("index", null, token.line()));
                Expression index = parse();
                expect(TokenType.RIGHT_BRACKET, "']'");
                groups.pop();
                expression = new Expression.Index(expression, index, token.line());
            } else if (token.is(TokenType.LEFT_PAREN)) {
                throw new TemplateException("only template functions can be called, by name, as name(...)",
                        token.line());
            } else {
                nesting.leave(chain);
                return expression;
            }
        }
    }

    private Expression parsePrimary() {
        Token token = cursor.peek();
        return switch (token.type()) {
            case STRING, INTEGER, DECIMAL -> new Expression.Literal(cursor.next().value(), token.line());
            case IDENTIFIER -> parseName();
            case LEFT_PAREN -> parseParenthesised();
            case LEFT_BRACKET -> parseList();
            case LEFT_BRACE -> parseMap();
            default -> throw unexpected(token, "a value");
        };
    }

    private Expression parseName() {
        Token name = cursor.next();
        switch (name.text()) {
            case "true":
                return new Expression.Literal(Boolean.TRUE, name.line());
            case "false":
                return new Expression.Literal(Boolean.FALSE, name.line());
            case "null":
                return new Expression.Literal(null, name.line());
            case "for":
                // The loop object (for.index, for.first, for.last ...), not a statement here.
                return new Expression.Variable(name.text(), name.line());
            default:
                if (RESERVED.contains(name.text())) {
                    throw unexpected(name, "a value");
                }
        }
        if (cursor.check(TokenType.LEFT_PAREN)) {
            return parseCall(name);
        }
        return new Expression.Variable(name.text(), name.line());
    }

    private Expression parseCall(Token name) {
        cursor.next();
        nesting.enter(name.line());
        groups.push(new OpenGroup("call", name.text(), name.line()));
        List<Expression> positional = new ArrayList<>();
        List<Expression.KeywordArgument> keywords = new ArrayList<>();
        while (!cursor.check(TokenType.RIGHT_PAREN)) {
            if (cursor.check(TokenType.IDENTIFIER) && cursor.peek(1).is(TokenType.COLON)) {
                String keyword = cursor.next().text();
                cursor.next();
                keywords.add(new Expression.KeywordArgument(keyword, parse()));
            } else if (!keywords.isEmpty()) {
                throw new TemplateException("positional argument after a keyword argument in the call to "
                        + name.text() + "()", cursor.peek().line(),
                        "write positional arguments first, then name: value arguments");
            } else {
                positional.add(parse());
            }
            if (!cursor.match(TokenType.COMMA)) {
                break;
            }
        }
        expect(TokenType.RIGHT_PAREN, "',' or ')'");
        groups.pop();
        nesting.leave();
        return new Expression.Call(name.text(), positional, keywords, name.line());
    }

    private Expression parseParenthesised() {
        Token open = cursor.next();
        nesting.enter(open.line());
        groups.push(new OpenGroup("parenthesised expression", null, open.line()));
        Expression inner = parse();
        expect(TokenType.RIGHT_PAREN, "')'");
        groups.pop();
        nesting.leave();
        return inner;
    }

    private Expression parseList() {
        Token open = cursor.next();
        nesting.enter(open.line());
        groups.push(new OpenGroup("list", null, open.line()));
        List<Expression> elements = new ArrayList<>();
        while (!cursor.check(TokenType.RIGHT_BRACKET)) {
            elements.add(parse());
            if (!cursor.match(TokenType.COMMA)) {
                break;
            }
        }
        expect(TokenType.RIGHT_BRACKET, "',' or ']'");
        groups.pop();
        nesting.leave();
        return new Expression.ListLiteral(elements, open.line());
    }

    private Expression parseMap() {
        Token open = cursor.next();
        nesting.enter(open.line());
        groups.push(new OpenGroup("map", null, open.line()));
        List<Expression.MapEntry> entries = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        while (!cursor.check(TokenType.RIGHT_BRACE)) {
            Token key = cursor.next();
            if (!key.is(TokenType.IDENTIFIER) && !key.is(TokenType.STRING)) {
                throw unexpected(key, "a map key (a name or a quoted string)");
            }
            String name = key.is(TokenType.STRING) ? (String) key.value() : key.text();
            if (!keys.add(name)) {
                throw new TemplateException("duplicate key '" + name + "' in a map", key.line());
            }
            expect(TokenType.COLON, "':' after the map key '" + name + "'");
            entries.add(new Expression.MapEntry(name, parse()));
            if (!cursor.match(TokenType.COMMA)) {
                break;
            }
        }
        expect(TokenType.RIGHT_BRACE, "',' or '}'");
        groups.pop();
        nesting.leave();
        return new Expression.MapLiteral(entries, open.line());
    }

    private void expect(TokenType type, String description) {
        Token token = cursor.peek();
        if (!token.is(type)) {
            throw unexpected(token, description);
        }
        cursor.next();
    }

    /** A bracket the parser is inside: a call (with its function name), list, map, index or parentheses. */
    private record OpenGroup(String kind, String function, int line) {
        String describe() {
            return function != null ? "in the call to " + function + "()" : "in the " + kind + " opened at line " + line;
        }
    }
}
