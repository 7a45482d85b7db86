package dev.pz.connectors.api;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * One option a connector accepts, declared once as a constant: its name, the type of its value,
 * its default, a description, the values it allows and whether it is a secret. pz checks what
 * users write against it ({@code pz validate}), lists it ({@code pz connectors --json}), and the
 * connector reads it through the same declaration with {@link OptionValues#get}, so a bad value is
 * reported the same way wherever it is found.
 *
 * <pre>{@code
 * static final Option<Integer> PORT = Option.integer("port", "TCP port of the server.")
 *         .between(1, 65_535).defaultValue(5432);
 * static final Option<String> PASSWORD = Option.string("password", "Password of the user.").secret();
 * static final Option<SslMode> SSL_MODE = Option.choice("ssl_mode", "Whether to use TLS.", SslMode.class);
 * }</pre>
 *
 * <p>Options are immutable; every modifier returns a new option. A bad value is refused with
 * {@code PZ0301} unless {@link #refusedWith} names a more specific code.
 *
 * @param <T> the Java type of the value: String, Integer, Boolean, an enum implementing
 *     {@link Choice}, a list of strings or a mapping
 */
public final class Option<T> {

    /** The shape of an option's value in YAML. */
    public enum Type {
        STRING("string", "a string"),
        INTEGER("integer", "an integer"),
        BOOLEAN("boolean", "true or false"),
        CHOICE("choice", null),
        STRING_LIST("string list", "a string or a list of strings"),
        MAPPING("mapping", "a mapping");

        private final String word;
        private final String phrase;

        Type(String word, String phrase) {
            this.word = word;
            this.phrase = phrase;
        }

        /** The type's name as {@code pz connectors --json} prints it. */
        public String word() {
            return word;
        }
    }

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]*");

    private final String name;
    private final Type type;
    private final String description;
    private final Shape<T> shape;
    private final List<? extends Choice> choices;
    private final T defaultValue;
    private final boolean required;
    private final boolean secret;
    private final Long minimum;
    private final Long maximum;
    private final String rule;
    private final Predicate<? super T> ruleTest;
    private final PzCode code;

    /** Turns a plain YAML value into the option's type, or null when it has another shape. */
    @FunctionalInterface
    private interface Shape<T> {
        T parse(Object written);
    }

    private Option(String name, Type type, String description, Shape<T> shape, List<? extends Choice> choices,
            T defaultValue, boolean required, boolean secret, Long minimum, Long maximum, String rule,
            Predicate<? super T> ruleTest, PzCode code) {
        this.name = name;
        this.type = type;
        this.description = description;
        this.shape = shape;
        this.choices = choices;
        this.defaultValue = defaultValue;
        this.required = required;
        this.secret = secret;
        this.minimum = minimum;
        this.maximum = maximum;
        this.rule = rule;
        this.ruleTest = ruleTest;
        this.code = code;
    }

    private static <T> Option<T> declare(String name, Type type, String description, Shape<T> shape,
            List<? extends Choice> choices) {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("option name '" + name + "' must be lower snake_case");
        }
        if (description == null || description.isBlank()) {
            throw new IllegalArgumentException("option '" + name + "' needs a description");
        }
        return new Option<>(name, type, description.strip(), shape, choices, null, false, false, null, null, null,
                null, PzCode.CONNECTOR_CONFIG_INVALID);
    }

    /** A text value. Unquoted YAML numbers and booleans are read as their text. */
    public static Option<String> string(String name, String description) {
        return declare(name, Type.STRING, description, written -> written instanceof String text ? text
                : written instanceof Number || written instanceof Boolean ? String.valueOf(written) : null, null);
    }

    /** A whole number that fits a Java {@code int}, written without quotes. */
    public static Option<Integer> integer(String name, String description) {
        return declare(name, Type.INTEGER, description, written -> {
            if (written instanceof Integer value) {
                return value;
            }
            if (written instanceof Long value && value == value.intValue()) {
                return value.intValue();
            }
            return null;
        }, null);
    }

    /** {@code true} or {@code false}; the quoted words are accepted too. */
    public static Option<Boolean> bool(String name, String description) {
        return declare(name, Type.BOOLEAN, description, written -> {
            if (written instanceof Boolean value) {
                return value;
            }
            if (written instanceof String text && (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false"))) {
                return Boolean.parseBoolean(text);
            }
            return null;
        }, null);
    }

    /** One word of a closed set: every constant of {@code values}. */
    public static <E extends Enum<E> & Choice> Option<E> choice(String name, String description, Class<E> values) {
        return choice(name, description, Arrays.asList(values.getEnumConstants()));
    }

    /** One word of a closed set: the given constants, in the order they are listed to users. */
    public static <E extends Enum<E> & Choice> Option<E> choice(String name, String description,
            Collection<E> allowed) {
        if (allowed.isEmpty()) {
            throw new IllegalArgumentException("choice option '" + name + "' allows no value");
        }
        List<E> values = List.copyOf(allowed);
        return declare(name, Type.CHOICE, description, written -> {
            if (!(written instanceof String || written instanceof Number || written instanceof Boolean)) {
                return null;
            }
            String word = String.valueOf(written);
            return values.stream().filter(value -> value.matches(word)).findFirst().orElse(null);
        }, values);
    }

    /** One name or a list of names; a single string is read as a list of one. */
    public static Option<List<String>> stringList(String name, String description) {
        return declare(name, Type.STRING_LIST, description, written -> {
            if (written instanceof String text) {
                return List.of(text);
            }
            if (!(written instanceof List<?> list)) {
                return null;
            }
            List<String> names = new ArrayList<>();
            for (Object item : list) {
                if (!(item instanceof String || item instanceof Number || item instanceof Boolean)) {
                    return null;
                }
                names.add(String.valueOf(item));
            }
            return List.copyOf(names);
        }, null);
    }

    /** A mapping of names to plain YAML values. */
    public static Option<Map<String, Object>> mapping(String name, String description) {
        return declare(name, Type.MAPPING, description, written -> {
            if (!(written instanceof Map<?, ?> map)) {
                return null;
            }
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((key, value) -> copy.put(String.valueOf(key), value));
            return Collections.unmodifiableMap(copy);
        }, null);
    }

    /** The value pz uses when the option is absent. It must satisfy the option's own rules. */
    public Option<T> defaultValue(T value) {
        Objects.requireNonNull(value, "value");
        if (required) {
            throw new IllegalArgumentException("required option '" + name + "' cannot have a default");
        }
        Option<T> option = new Option<>(name, type, description, shape, choices, value, false, secret, minimum, maximum,
                rule, ruleTest, code);
        option.violation(value).ifPresent(problem -> {
            throw new IllegalArgumentException("the default of option '" + name + "' is invalid: " + problem);
        });
        return option;
    }

    /** The option must be written. */
    public Option<T> required() {
        if (defaultValue != null) {
            throw new IllegalArgumentException("option '" + name + "' has a default and cannot be required");
        }
        return new Option<>(name, type, description, shape, choices, null, true, secret, minimum, maximum, rule,
                ruleTest, code);
    }

    /** The value is a credential: pz never prints, logs or writes it, and masks it in messages. */
    public Option<T> secret() {
        return new Option<>(name, type, description, shape, choices, defaultValue, required, true, minimum, maximum,
                rule, ruleTest, code);
    }

    /** Bounds an integer option, both ends inclusive. */
    public Option<T> between(long min, long max) {
        if (type != Type.INTEGER || min > max) {
            throw new IllegalArgumentException("between() needs an integer option and min <= max: '" + name + "'");
        }
        return new Option<>(name, type, description, shape, choices, defaultValue, required, secret, min, max, rule,
                ruleTest, code);
    }

    /**
     * One more rule the value must keep, stated as it completes "'name' must …", e.g.
     * {@code must("be one ASCII character", …)}.
     */
    public Option<T> must(String rule, Predicate<? super T> test) {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(test, "test");
        return new Option<>(name, type, description, shape, choices, defaultValue, required, secret, minimum, maximum,
                rule, test, code);
    }

    /** The code a bad value of this option is refused with (default {@code PZ0301}). */
    public Option<T> refusedWith(PzCode refusal) {
        return new Option<>(name, type, description, shape, choices, defaultValue, required, secret, minimum, maximum,
                rule, ruleTest, Objects.requireNonNull(refusal, "refusal"));
    }

    public String name() {
        return name;
    }

    public Type type() {
        return type;
    }

    public String description() {
        return description;
    }

    public Optional<T> defaultValue() {
        return Optional.ofNullable(defaultValue);
    }

    public boolean isRequired() {
        return required;
    }

    public boolean isSecret() {
        return secret;
    }

    /** The words a choice option allows, in declaration order; empty for other types. */
    public List<String> allowedValues() {
        return choices == null ? List.of() : choices.stream().map(Choice::word).toList();
    }

    public Optional<Long> minimum() {
        return Optional.ofNullable(minimum);
    }

    public Optional<Long> maximum() {
        return Optional.ofNullable(maximum);
    }

    /** The extra rule of {@link #must}, as written there. */
    public Optional<String> rule() {
        return Optional.ofNullable(rule);
    }

    public PzCode code() {
        return code;
    }

    /** The word or text users would write for {@code value}, e.g. {@code csv} for a choice. */
    public static String render(Object value) {
        return value instanceof Choice choice ? choice.word() : String.valueOf(value);
    }

    /** What is wrong with a written value, or empty when it is acceptable. Null means absent. */
    public Optional<OptionProblem> check(Object written) {
        if (written == null) {
            return required ? Optional.of(new OptionProblem(name, OptionProblem.Kind.MISSING, code,
                    "'" + name + "' is required", null)) : Optional.empty();
        }
        T value = shape.parse(written);
        if (value == null) {
            return Optional.of(new OptionProblem(name, OptionProblem.Kind.INVALID, code,
                    "'" + name + "' must be " + typePhrase() + got(written), typeHint()));
        }
        return violation(value).map(message -> new OptionProblem(name, OptionProblem.Kind.INVALID, code,
                message + got(written), rangeHint()));
    }

    /**
     * The option's value among {@code values}: the written one, else the default, else null.
     *
     * @param context how messages name the configuration, e.g. {@code connection 'lake'}
     * @throws PzConnectorException with the option's code when the written value is refused
     */
    T read(Map<String, Object> values, String context) {
        Object written = values.get(name);
        Optional<OptionProblem> problem = check(written);
        if (problem.isPresent()) {
            throw new PzConnectorException(problem.get().code(), context + ": " + problem.get().message(),
                    problem.get().hint());
        }
        return written == null ? defaultValue : shape.parse(written);
    }

    private Optional<String> violation(T value) {
        if (choices != null && !choices.contains(value)) {
            return Optional.of("'" + name + "' must be " + typePhrase());
        }
        if (value instanceof Integer number && (minimum != null && number < minimum || maximum != null && number > maximum)) {
            return Optional.of("'" + name + "' must be " + bounds());
        }
        if (ruleTest != null && !ruleTest.test(value)) {
            return Optional.of("'" + name + "' must " + rule);
        }
        return Optional.empty();
    }

    private String typePhrase() {
        return type == Type.CHOICE ? "one of " + String.join(", ", allowedValues()) : type.phrase;
    }

    private String bounds() {
        if (minimum != null && maximum != null) {
            return "between " + minimum + " and " + maximum;
        }
        return minimum != null ? "at least " + minimum : "at most " + maximum;
    }

    /** {@code " (got 'abc')"}, or nothing for a secret, whose value is never echoed. */
    private String got(Object written) {
        if (secret) {
            return "";
        }
        if (written instanceof Map) {
            return " (got a mapping)";
        }
        if (written instanceof List) {
            return " (got a list)";
        }
        return written instanceof String text ? " (got '" + text + "')" : " (got " + written + ")";
    }

    private String typeHint() {
        return switch (type) {
            case STRING -> "write a single value, e.g. " + name + ": text";
            case INTEGER -> "write a whole number without quotes" + (minimum != null || maximum != null ? " "
                    + bounds() : "") + defaultValue().map(value -> ", e.g. " + name + ": " + value).orElse("");
            case BOOLEAN -> "write true or false";
            case CHOICE -> "write one of " + String.join(", ", allowedValues());
            case STRING_LIST -> "write a name or a list of names, e.g. " + name + ": [a, b]";
            case MAPPING -> "write a mapping, e.g. " + name + ": {key: value}";
        };
    }

    private String rangeHint() {
        if (type == Type.CHOICE) {
            return typeHint();
        }
        return minimum != null || maximum != null ? "write a whole number " + bounds() : null;
    }

    @Override
    public String toString() {
        return name + " (" + type.word + ")";
    }
}
