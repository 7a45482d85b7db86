package dev.pz.engine.template;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Runs a statement tree against one scope, appending to the output. One instance per render. */
final class StatementExecutor {
    private static final String LOOP_OBJECT = "for";

    private final TemplateScope scope;
    private final LocalVariables locals = new LocalVariables();
    private final ExpressionEvaluator expressions;
    private final StringBuilder output = new StringBuilder();
    private long loopIterations;

    StatementExecutor(TemplateScope scope) {
        this.scope = scope;
        this.expressions = new ExpressionEvaluator(scope, locals);
    }

    String render(List<Statement> statements) {
        execute(statements);
        return output.toString();
    }

    private void execute(List<Statement> statements) {
        statements.forEach(this::execute);
    }

    private void execute(Statement statement) {
        if (statement instanceof Statement.Text text) {
            output.append(text.text());
            TemplateLimits.checkText(output.length(), 0);
        } else if (statement instanceof Statement.Output value) {
            ValueRenderer.append(output, expressions.evaluate(value.expression()));
            TemplateLimits.checkText(output.length(), value.expression().line());
        } else if (statement instanceof Statement.Assign assign) {
            requireNotInScope(assign.name(), assign.line());
            locals.assign(assign.name(), expressions.evaluate(assign.value()));
        } else if (statement instanceof Statement.ForLoop loop) {
            executeLoop(loop);
        } else if (statement instanceof Statement.IfChain chain) {
            executeIf(chain);
        } else {
            throw new IllegalStateException("unknown statement node " + statement);
        }
    }

    private void executeIf(Statement.IfChain chain) {
        for (Statement.Branch branch : chain.branches()) {
            if (ValueKinds.isTrue(expressions.evaluate(branch.condition()))) {
                execute(branch.body());
                return;
            }
        }
        execute(chain.otherwise());
    }

    private void executeLoop(Statement.ForLoop loop) {
        requireNotInScope(loop.variable(), loop.line());
        Object iterable = expressions.evaluate(loop.iterable());
        if (iterable == null) {
            return;
        }
        if (!(iterable instanceof List<?> items)) {
            throw new TemplateException("'for " + loop.variable() + " in " + ExpressionText.of(loop.iterable())
                    + "' needs a list, but the value is " + ValueKinds.describe(iterable), loop.line());
        }
        for (int index = 0; index < items.size(); index++) {
            if (++loopIterations > TemplateLimits.MAX_LOOP_ITERATIONS) {
                throw new TemplateException("the template runs more than " + TemplateLimits.MAX_LOOP_ITERATIONS
                        + " loop iterations", loop.line(), "loop over shorter lists, or nest fewer loops");
            }
            Map<String, Object> frame = new LinkedHashMap<>();
            frame.put(loop.variable(), items.get(index));
            frame.put(LOOP_OBJECT, loopObject(index, items.size()));
            locals.pushFrame(frame);
            try {
                execute(loop.body());
            } finally {
                locals.popFrame();
            }
        }
    }

    /** Scriban's {@code for} object: index, rindex, first, last, even, odd, length. */
    private static Map<String, Object> loopObject(int index, int length) {
        Map<String, Object> loop = new LinkedHashMap<>();
        loop.put("index", (long) index);
        loop.put("rindex", (long) (length - index - 1));
        loop.put("first", index == 0);
        loop.put("last", index == length - 1);
        loop.put("even", index % 2 == 0);
        loop.put("odd", index % 2 == 1);
        loop.put("length", (long) length);
        return loop;
    }

    private void requireNotInScope(String name, int line) {
        if (scope.defines(name)) {
            throw new TemplateException("cannot assign to '" + name + "': it is provided by pz and is read-only",
                    line, "choose another variable name");
        }
    }
}
