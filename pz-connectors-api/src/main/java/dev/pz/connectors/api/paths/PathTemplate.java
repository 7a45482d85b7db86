package dev.pz.connectors.api.paths;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Calendar path templates: a file or object path with the tokens {@code {yyyy}} and {@code {yy}}
 * (year), {@code {MM}} (month), {@code {dd}} (day), {@code {HH}} (hour) and {@code {mm}} (minute),
 * e.g. {@code events/{yyyy}/{MM}/{dd}/*.parquet}. The granularities present must be a coarse-to-fine
 * run with no gap; the finest one is the template's bucket. A read lists only the folders of a
 * window's cover ({@link #windowCover}); a partitioned write renders one folder per row's instant
 * ({@link #render}). Every instant is UTC. {@code {key}} is reserved for the http sink and is never
 * a calendar token.
 */
public final class PathTemplate {

    /** The one literal token that is not calendar syntax (the http sink substitutes a row key). */
    public static final String KEY_TOKEN = "{key}";

    private static final Pattern TOKEN = Pattern.compile("\\{([A-Za-z]+)}");
    /** Stands for a coarsened token until the stars around it are merged. */
    private static final String WILDCARD_MARK = "\u0000";
    private static final Pattern COARSENED = Pattern.compile("[*\u0000]*\u0000[*\u0000]*");
    private static final String ALLOWED = "{yyyy} {yy} {MM} {dd} {HH} {mm}";
    private static final DateTimeFormatter MICROS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS",
            Locale.ROOT);
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss",
            Locale.ROOT);

    private PathTemplate() {
    }

    /** Whether {@code pattern} holds any {@code {Letters}} token other than {@code {key}}. */
    public static boolean hasDateTokens(String pattern) {
        Matcher matcher = TOKEN.matcher(pattern);
        while (matcher.find()) {
            if (!matcher.group().equals(KEY_TOKEN)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Checks the token grammar and returns the finest granularity.
     *
     * @param subject the start of every message, e.g. {@code dataset 'orders'}
     * @throws PzConnectorException PZ0218 for an unknown token, no token, or granularities that are not
     *     a contiguous coarse-to-fine run
     */
    public static Granularity validate(String pattern, String subject) {
        Set<Granularity> seen = new LinkedHashSet<>();
        Matcher matcher = TOKEN.matcher(pattern);
        while (matcher.find()) {
            if (matcher.group().equals(KEY_TOKEN)) {
                continue;
            }
            Granularity level = level(matcher.group(1));
            if (level == null) {
                throw invalid(subject + ": unknown path token '" + matcher.group() + "' (allowed: " + ALLOWED + ")");
            }
            seen.add(level);
        }
        if (seen.isEmpty()) {
            throw invalid(subject + ": no calendar tokens in path");
        }
        List<Granularity> distinct = List.copyOf(seen);
        List<Granularity> expected = List.of(Granularity.values()).subList(0, distinct.size());
        if (!distinct.equals(expected)) {
            throw invalid(subject + ": path tokens must be contiguous coarse\u2192fine ({yyyy}\u2192{MM}\u2192{dd}"
                    + "\u2192{HH}\u2192{mm}), got " + distinct);
        }
        return distinct.get(distinct.size() - 1);
    }

    /** Replaces every calendar token with {@code instant}'s UTC value: 4- or 2-digit year, 2-digit others. */
    public static String render(String pattern, Instant instant) {
        return render(pattern, LocalDateTime.ofInstant(instant, ZoneOffset.UTC), null);
    }

    /**
     * Parses a canonical watermark ({@code yyyy-MM-ddTHH:mm:ss.ffffff}, {@code yyyy-MM-ddTHH:mm:ss} or
     * {@code yyyy-MM-dd}) as a UTC instant.
     *
     * @throws PzConnectorException when the value has none of those forms
     */
    public static Instant parseCanonical(String value) {
        try {
            if (value.length() == 10) {
                return LocalDate.parse(value).atStartOfDay().toInstant(ZoneOffset.UTC);
            }
            DateTimeFormatter format = value.length() == 19 ? SECONDS : MICROS;
            return LocalDateTime.parse(value, format).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw new PzConnectorException(PzCode.TEMPLATED_PATH_CURSOR_INVALID, "cannot parse watermark value '"
                    + value + "' as a date/timestamp for a templated path");
        }
    }

    /** The text before the first {@code *}, {@code ?} or {@code {}: what a listing can narrow to. */
    public static String staticPrefix(String pattern) {
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '*' || c == '?' || c == '{') {
                return pattern.substring(0, i);
            }
        }
        return pattern;
    }

    /**
     * The fewest glob patterns that together cover every bucket from {@code lower}'s to
     * {@code upper}'s, in time order: walking from the lower bucket, each step emits the coarsest
     * bucket that starts there and ends inside the window, with the finer tokens written as
     * {@code *}. A window of 10:00 on one day to 12:00 two days later over
     * {@code {yyyy}/{MM}/{dd}/{HH}*} gives 14 hour patterns, one whole-day pattern, then 13 hours.
     *
     * @throws PzConnectorException PZ0218 when the pattern's tokens are malformed
     */
    public static List<String> windowCover(String pattern, Instant lower, Instant upper) {
        Granularity finest = validate(pattern, "path '" + pattern + "'");
        LocalDateTime current = finest.floor(LocalDateTime.ofInstant(lower, ZoneOffset.UTC));
        LocalDateTime end = finest.next(finest.floor(LocalDateTime.ofInstant(upper, ZoneOffset.UTC)));
        List<String> cover = new ArrayList<>();
        while (current.isBefore(end)) {
            Granularity step = finest;
            for (Granularity level : EnumSet.range(Granularity.YEAR, finest)) {
                if (level.floor(current).equals(current) && !level.next(current).isAfter(end)) {
                    step = level;
                    break;
                }
            }
            cover.add(collapseStars(render(pattern, current, step)));
            current = step.next(current);
        }
        return List.copyOf(cover);
    }

    /** A glob matching the files of every bucket: each calendar token written as {@code *}. */
    public static String anyBucket(String pattern) {
        Matcher matcher = TOKEN.matcher(pattern);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String replacement = matcher.group().equals(KEY_TOKEN) || level(matcher.group(1)) == null ? matcher.group()
                    : WILDCARD_MARK;
            matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(out);
        return collapseStars(out.toString());
    }

    /** Renders the tokens at or coarser than {@code keep} (all when null) and writes the finer ones as {@code *}. */
    private static String render(String pattern, LocalDateTime time, Granularity keep) {
        Matcher matcher = TOKEN.matcher(pattern);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            Granularity level = matcher.group().equals(KEY_TOKEN) ? null : level(matcher.group(1));
            String replacement;
            if (level == null) {
                replacement = matcher.group();
            } else if (keep != null && level.compareTo(keep) > 0) {
                replacement = WILDCARD_MARK;
            } else {
                replacement = value(matcher.group(1), time);
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    /** One {@code *} for each coarsened token together with the stars right beside it. */
    private static String collapseStars(String glob) {
        return COARSENED.matcher(glob).replaceAll("*");
    }

    private static Granularity level(String token) {
        return switch (token) {
            case "yyyy", "yy" -> Granularity.YEAR;
            case "MM" -> Granularity.MONTH;
            case "dd" -> Granularity.DAY;
            case "HH" -> Granularity.HOUR;
            case "mm" -> Granularity.MINUTE;
            default -> null;
        };
    }

    private static String value(String token, LocalDateTime time) {
        return switch (token) {
            case "yyyy" -> String.format(Locale.ROOT, "%04d", time.getYear());
            case "yy" -> String.format(Locale.ROOT, "%02d", time.getYear() % 100);
            case "MM" -> String.format(Locale.ROOT, "%02d", time.getMonthValue());
            case "dd" -> String.format(Locale.ROOT, "%02d", time.getDayOfMonth());
            case "HH" -> String.format(Locale.ROOT, "%02d", time.getHour());
            case "mm" -> String.format(Locale.ROOT, "%02d", time.getMinute());
            default -> throw new IllegalArgumentException("not a calendar token: " + token);
        };
    }

    private static PzConnectorException invalid(String message) {
        return new PzConnectorException(PzCode.TEMPLATED_PATH_TOKENS_INVALID, message);
    }
}
