package dev.pz.engine.template;

/**
 * A template could not be parsed or rendered. The message is written for the person who wrote the
 * template: it says what is wrong; {@link #line()} says where and {@link #hint()} how to fix it.
 */
public class TemplateException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private int line;
    private final String hint;

    public TemplateException(String message) {
        this(message, 0, null);
    }

    public TemplateException(String message, int line) {
        this(message, line, null);
    }

    public TemplateException(String message, int line, String hint) {
        super(message);
        this.line = Math.max(line, 0);
        this.hint = hint;
    }

    /** 1-based line in the template, 0 when unknown. */
    public int line() {
        return line;
    }

    /** How to fix the problem, or null. */
    public String hint() {
        return hint;
    }

    /** Fills in the line of the call that raised this exception, unless it already names one. */
    TemplateException locatedAt(int callLine) {
        if (line == 0) {
            line = Math.max(callLine, 0);
        }
        return this;
    }
}
