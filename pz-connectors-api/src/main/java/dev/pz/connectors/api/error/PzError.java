package dev.pz.connectors.api.error;

import java.util.Objects;

/**
 * One user-facing problem: a code, a message, where it was found and what to do next.
 *
 * <p>Rendered as {@code error PZxxxx: <message> (<file>[:<line>]) — hint: <hint>}; the location
 * and the hint are left out when absent. {@code line} is 1-based; 0 means "no line".
 */
public record PzError(PzCode code, String message, String file, int line, String hint) {

    public PzError {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
    }

    public static PzError of(PzCode code, String message) {
        return new PzError(code, message, null, 0, null);
    }

    public PzError at(String file, int line) {
        return new PzError(code, message, file, line, hint);
    }

    public PzError withHint(String hint) {
        return new PzError(code, message, file, line, hint);
    }

    /** The text after {@code error }: code, message, location and hint. */
    public String render() {
        StringBuilder text = new StringBuilder(code.code()).append(": ").append(message);
        if (file != null) {
            text.append(" (").append(file);
            if (line > 0) {
                text.append(':').append(line);
            }
            text.append(')');
        }
        if (hint != null && !hint.isEmpty()) {
            text.append(" — hint: ").append(hint);
        }
        return text.toString();
    }

    @Override
    public String toString() {
        return render();
    }
}
