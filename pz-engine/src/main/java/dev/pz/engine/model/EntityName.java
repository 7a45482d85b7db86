package dev.pz.engine.model;

/**
 * The offline check of an entity name: shape only (existence and permissions are {@code --connect}
 * work). An entity is named the way its own system names it, so dots, dashes and slashes are fine; a
 * blank name, whitespace or an empty dotted segment is not.
 */
public final class EntityName {

    private EntityName() {
    }

    /** What is wrong with {@code name} ({@code "has an empty dotted segment"}, …), or null when nothing is. */
    public static String problem(String name) {
        if (name == null || name.isBlank()) {
            return "is empty";
        }
        for (int i = 0; i < name.length(); i++) {
            if (Character.isWhitespace(name.charAt(i))) {
                return "contains whitespace";
            }
        }
        for (String segment : name.split("\\.", -1)) {
            if (segment.isEmpty()) {
                return "has an empty dotted segment";
            }
        }
        return null;
    }
}
