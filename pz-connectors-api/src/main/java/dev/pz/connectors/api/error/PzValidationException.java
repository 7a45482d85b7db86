package dev.pz.connectors.api.error;

import java.util.List;

/**
 * Every error of one validation pass (loading, compiling, planning), in report order: by file,
 * then line, then discovery order. Raised only when the list is not empty.
 */
public class PzValidationException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient List<PzError> errors;

    public PzValidationException(List<PzError> errors) {
        super(summary(errors));
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("a validation failure needs at least one error");
        }
        this.errors = List.copyOf(errors);
    }

    public List<PzError> errors() {
        return errors;
    }

    private static String summary(List<PzError> errors) {
        return errors.isEmpty() ? "" : errors.get(0).render()
                + (errors.size() > 1 ? " (+" + (errors.size() - 1) + " more)" : "");
    }
}
