package dev.pz.engine.model;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Collects everything one validation pass finds: errors, warnings and notices. A pass adds all of
 * its findings, then calls {@link #throwIfErrors()}, so a user sees every error at once.
 */
public final class Problems {
    private final List<PzError> errors = new ArrayList<>();
    private final List<PzWarning> warnings = new ArrayList<>();
    private final List<String> notices = new ArrayList<>();

    public void error(PzError error) {
        errors.add(error);
    }

    public void error(PzCode code, String message, SourceLocation location, String hint) {
        errors.add(new PzError(code, message, location == null ? null : location.file(),
                location == null ? 0 : location.line(), hint));
    }

    public void warning(PzWarning warning) {
        warnings.add(warning);
    }

    public void notice(String text) {
        if (!notices.contains(text)) {
            notices.add(text);
        }
    }

    public boolean hasErrors() {
        return !errors.isEmpty();
    }

    public List<PzError> errors() {
        return List.copyOf(errors);
    }

    public List<PzWarning> warnings() {
        return List.copyOf(warnings);
    }

    public List<String> notices() {
        return List.copyOf(notices);
    }

    /** Errors ordered by file, then line, then discovery order (a stable sort keeps the last). */
    public List<PzError> sortedErrors() {
        List<PzError> sorted = new ArrayList<>(errors);
        sorted.sort(Comparator.comparing((PzError e) -> e.file() == null ? "" : e.file())
                .thenComparingInt(PzError::line));
        return sorted;
    }

    public void throwIfErrors() {
        if (!errors.isEmpty()) {
            throw new PzValidationException(sortedErrors());
        }
    }
}
