package dev.pz.engine.model;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.Optional;
import java.util.random.RandomGenerator;
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
        int suffix = RandomGenerator.getDefault().nextInt(0x10000);
        return STAMP.format(now) + "Z-" + HexFormat.of().toHexDigits(suffix).substring(4);
    }

    public static boolean isRunId(String text) {
        return GRAMMAR.matcher(text).matches();
    }

    /** When a run started, from the first 18 characters of its id. */
    public static Optional<Instant> startedAt(String runId) {
        if (runId.length() < 19 || runId.charAt(18) != 'Z') {
            return Optional.empty();
        }
        try {
            return Optional.of(Instant.from(STAMP.parse(runId.substring(0, 18))));
        } catch (java.time.format.DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
