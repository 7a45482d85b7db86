package dev.pz.engine.compile;

import dev.pz.connectors.api.ContractTypes;
import dev.pz.engine.model.ReadDef;
import dev.pz.engine.model.SyncDef;
import dev.pz.engine.state.CursorValues;
import dev.pz.engine.state.WindowMath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Compile-time reading of a {@code sync: {mode: incremental}} block's bounded window
 * (docs/incremental.md; errors are PZ0213): {@code max_window} needs {@code initial} and a typed cursor (from the
 * {@code columns:} contract, else the connector's {@code cursor_type} read option); {@code initial}
 * and {@code until} need {@code max_window}; values canonicalize for the cursor type; {@code until}
 * comes after {@code initial}; the window size suits the type; a scalar {@code query:} read cannot be
 * windowed.
 */
final class WindowDeclaration {

    /** The canonical window, or the PZ0213 problems that stop it (both empty for an unwindowed block). */
    record Outcome(Incremental.Window window, List<String> problems) {
    }

    private WindowDeclaration() {
    }

    static boolean declaresWindow(SyncDef sync) {
        return sync.maxWindow() != null || sync.initial() != null || sync.until() != null;
    }

    static Outcome read(String key, ReadDef read) {
        SyncDef sync = read.sync();
        List<String> problems = new ArrayList<>();
        if (sync == null || !sync.isIncremental() || !declaresWindow(sync)) {
            return new Outcome(null, problems);
        }
        String prefix = "source '" + key + "': ";
        if (sync.maxWindow() == null) {
            problems.add(prefix + "initial and until need max_window");
            return new Outcome(null, problems);
        }
        if (sync.initial() == null) {
            problems.add(prefix + "max_window requires initial");
        }
        // A SQL query's text cannot take a window; a map of request parameters (http's query:) can.
        if (read.options().get("query") instanceof String) {
            problems.add(prefix + "a bounded window (max_window) cannot apply to a query: read");
        }
        Optional<String> type = cursorType(sync.cursor(), read);
        if (type.isEmpty()) {
            problems.add(prefix + "max_window needs a typed cursor: declare '" + sync.cursor()
                    + "' in columns: as one of int, bigint, decimal, date, timestamp");
            return new Outcome(null, problems);
        }
        String cursorType = type.get();
        Optional<String> window = WindowMath.canonicalWindow(cursorType, sync.maxWindow());
        if (window.isEmpty()) {
            problems.add(prefix + "max_window '" + sync.maxWindow() + "' is not a window for a " + cursorType
                    + " cursor; expected " + WindowMath.expected(cursorType));
        }
        Optional<String> initial = value(prefix, "initial", cursorType, sync.initial(), problems);
        Optional<String> until = value(prefix, "until", cursorType, sync.until(), problems);
        if (initial.isPresent() && until.isPresent()
                && CursorValues.compare(cursorType, until.get(), initial.get()) <= 0) {
            problems.add(prefix + "until '" + until.get() + "' must be greater than initial '" + initial.get() + "'");
        }
        if (!problems.isEmpty()) {
            return new Outcome(null, problems);
        }
        return new Outcome(new Incremental.Window(cursorType, window.get(), initial.get(), until.orElse(null)), problems);
    }

    private static Optional<String> value(String prefix, String field, String type, String raw, List<String> problems) {
        if (raw == null) {
            return Optional.empty();
        }
        Optional<String> canonical = CursorValues.canonicalize(type, raw.trim());
        if (canonical.isEmpty()) {
            problems.add(prefix + field + " '" + raw + "' is not a valid " + type + " value (it has no canonical " + type
                    + " form)");
        }
        return canonical;
    }

    /** The cursor's declared type: the contract's word, else the {@code cursor_type} read option. */
    static Optional<String> cursorType(String cursor, ReadDef read) {
        Map<String, String> columns = read.columns();
        if (columns != null) {
            return Optional.ofNullable(columns.get(cursor)).flatMap(ContractTypes::fromWord)
                    .filter(ContractTypes::isCursorType).map(ContractTypes::word);
        }
        Object declared = read.options().get("cursor_type");
        return declared == null ? Optional.empty()
                : Optional.of(declared.toString().trim().toLowerCase(java.util.Locale.ROOT))
                        .filter(CursorValues::isCursorType);
    }
}
