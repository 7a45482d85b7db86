package dev.pz.engine.template;

import java.util.List;
import java.util.Objects;

/**
 * A parsed pipeline template: literal text with {@code {{ ... }}} blocks in a Scriban-like
 * language. Text outside blocks is copied byte for byte; blocks may hold expressions
 * ({@code source('crm', 'orders', format: 'csv')}), assignments, and {@code if}/{@code for}
 * statements closed by {@code end}. A statement ends at the end of its line.
 *
 * <p>Parsing is independent of any scope; one parsed template may be rendered many times, from
 * several threads.
 */
public final class Template {
    private final List<Statement> statements;

    private Template(List<Statement> statements) {
        this.statements = List.copyOf(statements);
    }

    /** Parses; throws TemplateException (with 1-based line) on a syntax error. */
    public static Template parse(String text) {
        Objects.requireNonNull(text, "text");
        return new Template(TemplateParser.parse(TemplateLexer.tokenize(text)));
    }

    /**
     * Renders with the given scope; throws TemplateException on evaluation errors. Exceptions other
     * than TemplateException thrown by the scope's functions propagate unchanged.
     */
    public String render(TemplateScope scope) {
        Objects.requireNonNull(scope, "scope");
        return new StatementExecutor(scope).render(statements);
    }
}
