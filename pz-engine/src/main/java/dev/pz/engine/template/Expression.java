package dev.pz.engine.template;

import java.util.List;

/** Expression nodes of a parsed template. Every node keeps the 1-based line it starts on. */
sealed interface Expression {

    int line();

    /** A string, integer, decimal, boolean or null written in the template. */
    record Literal(Object value, int line) implements Expression { }

    record ListLiteral(List<Expression> elements, int line) implements Expression {
        public ListLiteral {
            elements = List.copyOf(elements);
        }
    }

    record MapLiteral(List<MapEntry> entries, int line) implements Expression {
        public MapLiteral {
            entries = List.copyOf(entries);
        }
    }

    record MapEntry(String key, Expression value) { }

    record Variable(String name, int line) implements Expression { }

    /** {@code target.name} */
    record Member(Expression target, String name, int line) implements Expression { }

    /** {@code target[index]} */
    record Index(Expression target, Expression index, int line) implements Expression { }

    record Call(String function, List<Expression> positional, List<KeywordArgument> keywords, int line)
            implements Expression {
        public Call {
            positional = List.copyOf(positional);
            keywords = List.copyOf(keywords);
        }
    }

    record KeywordArgument(String name, Expression value) { }

    record Unary(UnaryOperator operator, Expression operand, int line) implements Expression { }

    record Binary(BinaryOperator operator, Expression left, Expression right, int line) implements Expression { }

    enum UnaryOperator {
        NOT, NEGATE
    }

    enum BinaryOperator {
        OR("||"), AND("&&"),
        EQUAL("=="), NOT_EQUAL("!="),
        LESS("<"), LESS_EQUAL("<="), GREATER(">"), GREATER_EQUAL(">="),
        ADD("+"), SUBTRACT("-"), MULTIPLY("*"), DIVIDE("/"), INTEGER_DIVIDE("//"), MODULO("%");

        private final String symbol;

        BinaryOperator(String symbol) {
            this.symbol = symbol;
        }

        String symbol() {
            return symbol;
        }
    }
}
