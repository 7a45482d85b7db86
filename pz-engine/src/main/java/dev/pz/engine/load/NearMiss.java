package dev.pz.engine.load;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/** "Did you mean" suggestions: a candidate within edit distance 1 (a transposition counts as 1) or differing only in case. */
public final class NearMiss {
    private NearMiss() {
    }

    public static Optional<String> suggest(String given, Collection<String> candidates) {
        if (given == null || given.isEmpty()) {
            return Optional.empty();
        }
        for (String candidate : candidates) {
            if (!candidate.equals(given) && candidate.toLowerCase(Locale.ROOT).equals(given.toLowerCase(Locale.ROOT))) {
                return Optional.of(candidate);
            }
        }
        for (String candidate : candidates) {
            if (!candidate.equals(given) && withinOneEdit(given, candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** {@code "did you mean 'x'?"} or empty. */
    static Optional<String> didYouMean(String given, Collection<String> candidates) {
        return suggest(given, candidates).map(candidate -> "did you mean '" + candidate + "'?");
    }

    /**
     * Whether one edit turns {@code a} into {@code b}: a character inserted, removed or replaced,
     * or two neighbours swapped. Linear time and no allocation, whatever the lengths (a name can be
     * as long as a project file).
     */
    static boolean withinOneEdit(String a, String b) {
        if (Math.abs(a.length() - b.length()) > 1) {
            return false;
        }
        int start = 0;
        while (start < a.length() && start < b.length() && a.charAt(start) == b.charAt(start)) {
            start++;
        }
        if (start == a.length() && start == b.length()) {
            return true;
        }
        if (a.length() > b.length()) {
            return a.regionMatches(start + 1, b, start, b.length() - start);
        }
        if (a.length() < b.length()) {
            return b.regionMatches(start + 1, a, start, a.length() - start);
        }
        if (a.regionMatches(start + 1, b, start + 1, a.length() - start - 1)) {
            return true;
        }
        return start + 1 < a.length() && a.charAt(start) == b.charAt(start + 1) && a.charAt(start + 1) == b.charAt(start)
                && a.regionMatches(start + 2, b, start + 2, a.length() - start - 2);
    }
}
