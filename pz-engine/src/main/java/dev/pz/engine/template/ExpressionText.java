package dev.pz.engine.template;

import java.util.stream.Collectors;

/** A short source-like spelling of an expression, to name it in error messages. */
final class ExpressionText {

    private ExpressionText() {
    }

    static String of(Expression expression) {
        if (expression instanceof Expression.Variable variable) {
            return variable.name();
        }
        if (expression instanceof Expression.Member member) {
            return of(member.target()) + "." + member.name();
        }
        if (expression instanceof Expression.Index index) {
            return of(index.target()) + "[" + of(index.index()) + "]";
        }
        if (expression instanceof Expression.Call call) {
            return call.function() + "(" + call.positional().stream().map(ExpressionText::of)
                    .collect(Collectors.joining(", ")) + (call.keywords().isEmpty() ? "" : ", ...") + ")";
        }
        if (expression instanceof Expression.Literal literal) {
            return literal.value() instanceof String text ? "'" + text + "'" : String.valueOf(literal.value());
        }
        return "the expression";
    }
}
