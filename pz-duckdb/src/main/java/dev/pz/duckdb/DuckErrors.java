package dev.pz.duckdb;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Turns DuckDB error text into a message fit for users. */
public final class DuckErrors {

    private static final Pattern STATEMENT_ECHO = Pattern.compile("^\\s*LINE \\d+:.*");
    private static final Pattern CARETS = Pattern.compile("^\\s*\\^+\\s*$");

    private DuckErrors() {
    }

    /**
     * Removes DuckDB's statement echo: every {@code LINE n: <sql>} line and the caret lines that
     * point into it. The echo can hold a secret (a setup statement) or a data value, and it repeats
     * what the caller already knows. Blank-line runs collapse to one; the result is trimmed.
     */
    public static String sanitize(String duckMessage) {
        if (duckMessage == null || duckMessage.isBlank()) {
            return "DuckDB reported an error without a message";
        }
        List<String> kept = new ArrayList<>();
        boolean previousBlank = false;
        for (String line : duckMessage.split("\\R", -1)) {
            if (STATEMENT_ECHO.matcher(line).matches() || CARETS.matcher(line).matches()) {
                continue;
            }
            String trimmed = line.stripTrailing();
            boolean blank = trimmed.isEmpty();
            if (blank && (previousBlank || kept.isEmpty())) {
                continue;
            }
            kept.add(trimmed);
            previousBlank = blank;
        }
        while (!kept.isEmpty() && kept.get(kept.size() - 1).isEmpty()) {
            kept.remove(kept.size() - 1);
        }
        return kept.isEmpty() ? "DuckDB reported an error without a message" : String.join("\n", kept);
    }
}
