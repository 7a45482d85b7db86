package dev.pz.engine.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** "Did you mean": one edit (insert, remove, replace, swap neighbours) or a case-only difference. */
class NearMissTest {

    /** The optimal string alignment distance, by the textbook table, to check the linear test against. */
    private static int distance(String a, String b) {
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

    @Test
    void oneEditAgreesWithTheDistanceTable() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 50_000; i++) {
            String a = word(random);
            String b = random.nextInt(3) == 0 ? word(random) : edit(a, random);
            assertThat(NearMiss.withinOneEdit(a, b)).as("%s / %s", a, b).isEqualTo(distance(a, b) <= 1);
        }
    }

    @Test
    void suggestionsAndHugeNames() {
        List<String> keys = List.of("threads", "memory_limit", "retry");
        assertThat(NearMiss.suggest("thraeds", keys)).contains("threads");
        assertThat(NearMiss.suggest("retyr", keys)).contains("retry");
        assertThat(NearMiss.suggest("retyrs", keys)).isEmpty();
        assertThat(NearMiss.suggest("Memory_Limit", keys)).contains("memory_limit");
        String huge = "x".repeat(8_000_000);
        assertThat(NearMiss.suggest(huge, List.of(huge + "y", "threads"))).contains(huge + "y");
    }

    private static String word(SplittableRandom random) {
        StringBuilder word = new StringBuilder();
        for (int n = random.nextInt(0, 6); n > 0; n--) {
            word.append((char) ('a' + random.nextInt(3)));
        }
        return word.toString();
    }

    private static String edit(String word, SplittableRandom random) {
        StringBuilder text = new StringBuilder(word);
        for (int edits = random.nextInt(1, 3); edits > 0; edits--) {
            int at = text.length() == 0 ? 0 : random.nextInt(text.length());
            switch (random.nextInt(4)) {
                case 0 -> text.insert(at, (char) ('a' + random.nextInt(3)));
                case 1 -> {
                    if (text.length() > 0) {
                        text.deleteCharAt(at);
                    }
                }
                case 2 -> {
                    if (text.length() > 0) {
                        text.setCharAt(at, (char) ('a' + random.nextInt(3)));
                    }
                }
                default -> {
                    if (at + 1 < text.length()) {
                        char c = text.charAt(at);
                        text.setCharAt(at, text.charAt(at + 1));
                        text.setCharAt(at + 1, c);
                    }
                }
            }
        }
        return text.toString();
    }
}
