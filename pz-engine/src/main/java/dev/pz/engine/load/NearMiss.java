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
            if (!candidate.equals(given) && distance(given, candidate) <= 1) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** {@code "did you mean 'x'?"} or empty. */
    static Optional<String> didYouMean(String given, Collection<String> candidates) {
        return suggest(given, candidates).map(candidate -> "did you mean '" + candidate + "'?");
    }

    /** Optimal string alignment distance. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
