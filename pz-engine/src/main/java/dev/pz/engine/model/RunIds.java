package dev.pz.engine.model;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * Run ids: {@code yyyyMMddTHHmmssfffZ-xxxx} (UTC, then four random hex digits). Ordinal order of
 * ids is chronological order.
 */
public final class RunIds {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmssSSS")
            .withZone(ZoneOffset.UTC);
    private static final Pattern GRAMMAR = Pattern.compile("^\\d{8}T\\d{9}Z-[0-9a-f]{4}$");

    private RunIds() {
    }

    public static String next(Instant now) {
        // Not RandomGenerator.getDefault(): it looks its algorithm up through a ServiceLoader over
        // every generator the JDK ships, start-up time spent on four hex digits.
        int suffix = ThreadLocalRandom.current().nextInt(0x10000);
        return STAMP.format(now) + "Z-" + HexFormat.of().toHexDigits(suffix).substring(4);
    }

    public static boolean isRunId(String text) {
        return GRAMMAR.matcher(text).matches();
    }

    /**
     * When a run started, from the first 18 characters of its id. Read digit by digit rather than
     * through a DateTimeFormatter: every command that sweeps old runs orders them with this, and
     * the formatter's parsing machinery is start-up time.
     */
    public static Optional<Instant> startedAt(String runId) {
        if (runId.length() < 19 || runId.charAt(18) != 'Z' || runId.charAt(8) != 'T') {
            return Optional.empty();
        }
        for (int index = 0; index < 18; index++) {
            if (index != 8 && !isAsciiDigit(runId.charAt(index))) {
                return Optional.empty();
            }
        }
        try {
            LocalDateTime stamp = LocalDateTime.of(number(runId, 0, 4), number(runId, 4, 6), number(runId, 6, 8),
                    number(runId, 9, 11), number(runId, 11, 13), number(runId, 13, 15),
                    number(runId, 15, 18) * 1_000_000);
            return Optional.of(stamp.toInstant(ZoneOffset.UTC));
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }

    private static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static int number(String text, int from, int to) {
        return Integer.parseInt(text, from, to, 10);
    }
}
