package dev.pz.engine.events;

/**
 * One difference between a source's accepted schema baseline and what a run staged: {@code kind}
 * {@code added} ({@code from} null), {@code removed} ({@code to} null) or {@code retyped}.
 */
public record SchemaChange(String kind, String column, String from, String to) {

    /** {@code column 'x' added (T)}, {@code column 'x' removed (was T)}, {@code column 'x' retyped A -> B}. */
    public String describe() {
        return switch (kind) {
            case "added" -> "column '" + column + "' added (" + to + ")";
            case "removed" -> "column '" + column + "' removed (was " + from + ")";
            default -> "column '" + column + "' retyped " + from + " -> " + to;
        };
    }

    /** The console's compact form: {@code added x (T)}, {@code removed x (T)}, {@code retyped x (A->B)}. */
    public String compact() {
        return switch (kind) {
            case "added" -> "added " + column + " (" + to + ")";
            case "removed" -> "removed " + column + " (" + from + ")";
            default -> "retyped " + column + " (" + from + "->" + to + ")";
        };
    }
}
