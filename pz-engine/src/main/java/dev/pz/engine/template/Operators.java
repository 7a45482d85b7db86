package dev.pz.engine.template;

import dev.pz.engine.template.Expression.BinaryOperator;
import dev.pz.engine.template.Expression.UnaryOperator;
import java.util.Objects;
import java.util.function.DoubleBinaryOperator;
import java.util.function.LongBinaryOperator;

/**
 * What the operators do to values. Integer arithmetic stays integer (overflow is an error) except
 * that '/' gives a decimal when the division is not exact; '+' concatenates when either side is a
 * string. {@code &&} and {@code ||} short-circuit, so the evaluator applies them itself.
 */
final class Operators {

    private Operators() {
    }

    static Object unary(UnaryOperator operator, Object operand, int line) {
        return switch (operator) {
            case NOT -> !ValueKinds.isTrue(operand);
            case NEGATE -> negate(operand, line);
        };
    }

    static Object binary(BinaryOperator operator, Object left, Object right, int line) {
        return switch (operator) {
            case OR, AND -> throw new IllegalArgumentException("'" + operator.symbol() + "' short-circuits; the evaluator applies it");
            case EQUAL -> areEqual(left, right);
            case NOT_EQUAL -> !areEqual(left, right);
            case LESS -> compare(operator, left, right, line) < 0;
            case LESS_EQUAL -> compare(operator, left, right, line) <= 0;
            case GREATER -> compare(operator, left, right, line) > 0;
            case GREATER_EQUAL -> compare(operator, left, right, line) >= 0;
            case ADD -> left instanceof String || right instanceof String
                    ? concatenate(ValueRenderer.render(left), ValueRenderer.render(right), line)
                    : arithmetic(operator, left, right, line, Math::addExact, Double::sum);
            case SUBTRACT -> arithmetic(operator, left, right, line, Math::subtractExact, (a, b) -> a - b);
            case MULTIPLY -> arithmetic(operator, left, right, line, Math::multiplyExact, (a, b) -> a * b);
            case DIVIDE -> divide(left, right, line);
            case INTEGER_DIVIDE -> arithmetic(operator, left, right, line, (a, b) -> a / b, (a, b) -> Math.floor(a / b));
            case MODULO -> arithmetic(operator, left, right, line, (a, b) -> a % b, (a, b) -> a % b);
        };
    }

    private static String concatenate(String left, String right, int line) {
        TemplateLimits.checkText((long) left.length() + right.length(), line);
        return left + right;
    }

    private static boolean areEqual(Object left, Object right) {
        if (ValueKinds.isNumber(left) && ValueKinds.isNumber(right)) {
            Number a = (Number) left;
            Number b = (Number) right;
            return ValueKinds.isInteger(a) && ValueKinds.isInteger(b)
                    ? a.longValue() == b.longValue()
                    : a.doubleValue() == b.doubleValue();
        }
        return Objects.equals(left, right);
    }

    private static int compare(BinaryOperator operator, Object left, Object right, int line) {
        if (ValueKinds.isNumber(left) && ValueKinds.isNumber(right)) {
            Number a = (Number) left;
            Number b = (Number) right;
            return ValueKinds.isInteger(a) && ValueKinds.isInteger(b)
                    ? Long.compare(a.longValue(), b.longValue())
                    : Double.compare(a.doubleValue(), b.doubleValue());
        }
        if (left instanceof String a && right instanceof String b) {
            return a.compareTo(b);
        }
        throw cannotApply(operator, left, right, line);
    }

    private static Object divide(Object left, Object right, int line) {
        Object quotient = arithmetic(BinaryOperator.DIVIDE, left, right, line, (a, b) -> a / b, (a, b) -> a / b);
        if (quotient instanceof Long whole && whole * ((Number) right).longValue() != ((Number) left).longValue()) {
            return ((Number) left).doubleValue() / ((Number) right).doubleValue();
        }
        return quotient;
    }

    private static Object arithmetic(BinaryOperator operator, Object left, Object right, int line,
            LongBinaryOperator integers, DoubleBinaryOperator decimals) {
        if (!ValueKinds.isNumber(left) || !ValueKinds.isNumber(right)) {
            throw cannotApply(operator, left, right, line);
        }
        Number a = (Number) left;
        Number b = (Number) right;
        boolean dividing = operator == BinaryOperator.DIVIDE || operator == BinaryOperator.INTEGER_DIVIDE
                || operator == BinaryOperator.MODULO;
        if (dividing && b.doubleValue() == 0) {
            throw new TemplateException("division by zero in '" + operator.symbol() + "'", line);
        }
        if (!ValueKinds.isInteger(a) || !ValueKinds.isInteger(b)) {
            return decimals.applyAsDouble(a.doubleValue(), b.doubleValue());
        }
        try {
            return integers.applyAsLong(a.longValue(), b.longValue());
        } catch (ArithmeticException overflow) {
            throw new TemplateException("integer overflow in " + a + " " + operator.symbol() + " " + b, line);
        }
    }

    private static Object negate(Object operand, int line) {
        if (ValueKinds.isInteger(operand)) {
            try {
                return Math.negateExact(((Number) operand).longValue());
            } catch (ArithmeticException overflow) {
                throw new TemplateException("integer overflow in -" + operand, line);
            }
        }
        if (ValueKinds.isNumber(operand)) {
            return -((Number) operand).doubleValue();
        }
        throw new TemplateException("cannot apply '-' to " + ValueKinds.describe(operand), line);
    }

    private static TemplateException cannotApply(BinaryOperator operator, Object left, Object right, int line) {
        return new TemplateException("cannot apply '" + operator.symbol() + "' to " + ValueKinds.describe(left)
                + " and " + ValueKinds.describe(right), line);
    }
}
