package dev.pz.engine.model;

import dev.pz.connectors.api.error.PzCode;

/**
 * A problem that does not stop pz. Rendered on stderr as
 * {@code warning: <CODE> <message>[ (<file>)][ — <hint>]}.
 */
public record PzWarning(PzCode code, String message, String file, String hint) {

    public String render() {
        StringBuilder text = new StringBuilder("warning: ").append(code.code()).append(' ').append(message);
        if (file != null) {
            text.append(" (").append(file).append(')');
        }
        if (hint != null && !hint.isEmpty()) {
            text.append(" — ").append(hint);
        }
        return text.toString();
    }
}
