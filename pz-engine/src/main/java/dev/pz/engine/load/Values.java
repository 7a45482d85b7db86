package dev.pz.engine.load;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Shape checks over plain values (YAML-converted or template kwargs). */
final class Values {
    private Values() {
    }

    /** How a value is named in a message: {@code 'text'}, {@code 42}, {@code a list}, {@code a mapping}, {@code nothing}. */
    static String describe(Object value) {
        if (value == null) {
            return "nothing";
        }
        if (value instanceof String text) {
            return "'" + text + "'";
        }
        if (value instanceof Map<?, ?>) {
            return "a mapping";
        }
        if (value instanceof Collection<?>) {
            return "a list";
        }
        return String.valueOf(value);
    }

    static boolean isScalar(Object value) {
        return value != null && !(value instanceof Map<?, ?>) && !(value instanceof Collection<?>);
    }

    /** The value as a whole number when it is one (Long, Integer, Short, Byte, BigInteger in range). */
    static Optional<Long> asLong(Object value) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return Optional.of(((Number) value).longValue());
        }
        if (value instanceof BigInteger big && big.bitLength() < 64) {
            return Optional.of(big.longValue());
        }
        if (value instanceof BigDecimal decimal) {
            try {
                return Optional.of(decimal.longValueExact());
            } catch (ArithmeticException notWhole) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** The value as an int within [min, max], or empty. */
    static Optional<Integer> asIntIn(Object value, long min, long max) {
        return asLong(value).filter(number -> number >= min && number <= max).map(Long::intValue);
    }

    /** True for a list whose items are all non-blank strings. */
    static boolean isStringList(Object value) {
        if (!(value instanceof List<?> list)) {
            return false;
        }
        for (Object item : list) {
            if (!(item instanceof String text) || text.isBlank()) {
                return false;
            }
        }
        return true;
    }

    @SuppressWarnings("unchecked")
    static List<String> strings(Object value) {
        return List.copyOf((List<String>) value);
    }

    /** "x, y or z" for a message listing choices. */
    static String choices(Collection<String> words) {
        List<String> list = List.copyOf(words);
        if (list.size() == 1) {
            return list.get(0);
        }
        return String.join(", ", list.subList(0, list.size() - 1)) + " or " + list.get(list.size() - 1);
    }
}
