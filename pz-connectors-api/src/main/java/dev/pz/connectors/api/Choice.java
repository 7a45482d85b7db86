package dev.pz.connectors.api;

/**
 * One value of a closed set that users write as a word: an enum constant of a choice option
 * ({@link Option#choice}), a write strategy, a schema policy. Words are matched case-insensitively,
 * with {@code -} and {@code _} ignored, so {@code VerifyFull}, {@code verify-full} and
 * {@code verify_full} name the same value.
 */
public interface Choice {

    /** The word users write and pz prints. */
    String word();

    /** Whether {@code written} names this value. */
    default boolean matches(String written) {
        return written != null && normalize(written).equals(normalize(word()));
    }

    private static String normalize(String word) {
        StringBuilder text = new StringBuilder(word.length());
        for (char c : word.trim().toCharArray()) {
            if (c != '-' && c != '_') {
                text.append(Character.toLowerCase(c));
            }
        }
        return text.toString();
    }
}
