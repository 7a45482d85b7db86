package dev.pz.engine.template;

/**
 * The bounds that keep a hostile template an error (PZ0104) instead of a stack overflow, an
 * exhausted heap or a render that never ends. Each is far beyond what a pipeline needs.
 */
final class TemplateLimits {
    /**
     * Levels of nesting on the way from a statement to its innermost part: each bracket, call,
     * unary operator, binary operator of a chain ({@code a + b + c} is two levels: it evaluates as
     * {@code (a + b) + c}) and each enclosing {@code if}/{@code for}.
     */
    static final int MAX_NESTING = 200;
    /** Characters of one rendered template or of any one value it builds. */
    static final int MAX_TEXT = 16 * 1024 * 1024;
    /** Loop body executions in one render, over all loops. */
    static final long MAX_LOOP_ITERATIONS = 1_000_000;

    private TemplateLimits() {
    }

    /** Throws when text of {@code length} characters exceeds {@link #MAX_TEXT}. */
    static void checkText(long length, int line) {
        if (length > MAX_TEXT) {
            throw new TemplateException("the template renders text longer than " + MAX_TEXT + " characters", line,
                    "render less: check loops and string concatenations");
        }
    }

    /** Counts one level of nesting per {@link #enter} until the matching {@link #leave}. */
    static final class Nesting {
        private int depth;

        void enter(int line) {
            if (++depth > MAX_NESTING) {
                throw new TemplateException("the template nests more than " + MAX_NESTING
                        + " levels deep (brackets, calls, operators, if/for blocks)", line,
                        "split the expression into smaller ones with assignments, e.g. {{ x = ... }}");
            }
        }

        void leave() {
            depth--;
        }

        void leave(int levels) {
            depth -= levels;
        }
    }
}
