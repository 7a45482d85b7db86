package dev.pz.engine.template;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Evaluates expressions against the sandbox: local variables first, then the scope's constants.
 * Functions are reachable only by calling them; every other name is an error (strict variables).
 * Literal lists and maps evaluate to fresh ArrayList / LinkedHashMap instances.
 */
final class ExpressionEvaluator {
    private final TemplateScope scope;
    private final LocalVariables locals;

    ExpressionEvaluator(TemplateScope scope, LocalVariables locals) {
        this.scope = scope;
        this.locals = locals;
    }

    Object evaluate(Expression expression) {
        if (expression instanceof Expression.Literal literal) {
            return literal.value();
        }
        if (expression instanceof Expression.ListLiteral list) {
            List<Object> values = new ArrayList<>();
            list.elements().forEach(element -> values.add(evaluate(element)));
            return values;
        }
        if (expression instanceof Expression.MapLiteral map) {
            Map<String, Object> values = new LinkedHashMap<>();
            map.entries().forEach(entry -> values.put(entry.key(), evaluate(entry.value())));
            return values;
        }
        if (expression instanceof Expression.Variable variable) {
            return lookUp(variable);
        }
        if (expression instanceof Expression.Member member) {
            return member(member);
        }
        if (expression instanceof Expression.Index index) {
            return index(index);
        }
        if (expression instanceof Expression.Call call) {
            return call(call);
        }
        if (expression instanceof Expression.Unary unary) {
            return Operators.unary(unary.operator(), evaluate(unary.operand()), unary.line());
        }
        if (expression instanceof Expression.Binary binary) {
            return binary(binary);
        }
        throw new IllegalStateException("unknown expression node " + expression);
    }

    private Object lookUp(Expression.Variable variable) {
        String name = variable.name();
        if (locals.contains(name)) {
            return locals.get(name);
        }
        if (scope.hasConstant(name)) {
            return scope.constantValue(name);
        }
        if (name.equals("for")) {
            throw new TemplateException("'for' (the loop object) can only be used inside a for loop", variable.line());
        }
        if (scope.findFunction(name).isPresent()) {
            throw new TemplateException("'" + name + "' is a function and cannot be used as a value",
                    variable.line(), "call it: " + name + "(...)");
        }
        throw new TemplateException("unknown identifier '" + name + "'", variable.line(),
                "a template can use only " + availableNames());
    }

    private Object member(Expression.Member member) {
        Object target = evaluate(member.target());
        if (target instanceof Map<?, ?> map) {
            return mapValue(map, member.name(), member.target(), member.line());
        }
        throw new TemplateException("cannot read '" + member.name() + "' of " + ExpressionText.of(member.target())
                + ", which is " + ValueKinds.describe(target), member.line(), "only maps have members");
    }

    private Object index(Expression.Index index) {
        Object target = evaluate(index.target());
        Object key = evaluate(index.index());
        if (target instanceof List<?> list && ValueKinds.isInteger(key)) {
            long position = ((Number) key).longValue();
            if (position < 0 || position >= list.size()) {
                throw new TemplateException("index " + position + " is out of range for "
                        + ExpressionText.of(index.target()) + ", which has " + list.size() + " elements", index.line(),
                        "indexes start at 0");
            }
            return list.get((int) position);
        }
        if (target instanceof Map<?, ?> map && key instanceof String name) {
            return mapValue(map, name, index.target(), index.line());
        }
        throw new TemplateException("cannot index " + ExpressionText.of(index.target()) + ", which is "
                + ValueKinds.describe(target) + ", with " + ValueKinds.describe(key), index.line(),
                "index a list with an integer, a map with a string");
    }

    private static Object mapValue(Map<?, ?> map, String key, Expression target, int line) {
        if (!map.containsKey(key)) {
            throw new TemplateException(ExpressionText.of(target) + " has no key '" + key + "'", line,
                    map.isEmpty() ? "the map is empty" : "its keys are: " + String.join(", ", keysOf(map)));
        }
        return map.get(key);
    }

    private static List<String> keysOf(Map<?, ?> map) {
        List<String> keys = new ArrayList<>();
        map.keySet().forEach(key -> keys.add(String.valueOf(key)));
        return keys;
    }

    private Object call(Expression.Call call) {
        TemplateFunction function = scope.findFunction(call.function())
                .orElseThrow(() -> notAFunction(call));
        List<Object> positional = new ArrayList<>();
        call.positional().forEach(argument -> positional.add(evaluate(argument)));
        List<CallArguments.Keyword> keywords = new ArrayList<>();
        call.keywords().forEach(argument ->
                keywords.add(new CallArguments.Keyword(argument.name(), evaluate(argument.value()))));
        try {
            return function.call(new CallArguments(call.function(), positional, keywords, call.line()));
        } catch (TemplateException error) {
            throw error.locatedAt(call.line());
        }
    }

    private TemplateException notAFunction(Expression.Call call) {
        String name = call.function();
        if (locals.contains(name) || scope.hasConstant(name)) {
            return new TemplateException("'" + name + "' is not a function", call.line(),
                    "use it without parentheses: " + name);
        }
        return new TemplateException("unknown function '" + name + "'", call.line(),
                scope.functionNames().isEmpty() ? "no functions are available here"
                        : "available functions: " + String.join(", ", functionSpellings()));
    }

    private Object binary(Expression.Binary binary) {
        return switch (binary.operator()) {
            case OR -> ValueKinds.isTrue(evaluate(binary.left())) || ValueKinds.isTrue(evaluate(binary.right()));
            case AND -> ValueKinds.isTrue(evaluate(binary.left())) && ValueKinds.isTrue(evaluate(binary.right()));
            default -> Operators.binary(binary.operator(), evaluate(binary.left()), evaluate(binary.right()),
                    binary.line());
        };
    }

    private String availableNames() {
        Set<String> names = new TreeSet<>(functionSpellings());
        names.addAll(scope.constantNames());
        names.addAll(locals.names());
        return names.isEmpty() ? "the names it defines itself" : String.join(", ", names);
    }

    private List<String> functionSpellings() {
        List<String> spellings = new ArrayList<>();
        scope.functionNames().forEach(name -> spellings.add(name + "()"));
        return spellings;
    }
}
