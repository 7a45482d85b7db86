package dev.pz.engine.template;

import java.util.List;

/** Statement nodes of a parsed template: literal text and what {@code {{ }}} blocks contain. */
sealed interface Statement {

    /** Text outside blocks, copied to the output verbatim. */
    record Text(String text) implements Statement { }

    /** An expression whose value is rendered into the output. */
    record Output(Expression expression) implements Statement { }

    /** {@code name = value}; renders nothing. */
    record Assign(String name, Expression value, int line) implements Statement { }

    /** {@code for variable in iterable} ... {@code end} */
    record ForLoop(String variable, Expression iterable, List<Statement> body, int line) implements Statement {
        public ForLoop {
            body = List.copyOf(body);
        }
    }

    /** {@code if} ... {@code else if} ... {@code else} ... {@code end}; otherwise is empty without else. */
    record IfChain(List<Branch> branches, List<Statement> otherwise) implements Statement {
        public IfChain {
            branches = List.copyOf(branches);
            otherwise = List.copyOf(otherwise);
        }
    }

    record Branch(Expression condition, List<Statement> body) {
        public Branch {
            body = List.copyOf(body);
        }
    }
}
