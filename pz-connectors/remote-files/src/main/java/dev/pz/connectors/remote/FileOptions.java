package dev.pz.connectors.remote;

import dev.pz.connectors.api.Choice;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionProblem;
import dev.pz.connectors.api.OptionValues;
import dev.pz.connectors.api.error.PzCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The format options every remote file connector accepts, and their cross-checks: {@code delimiter}
 * belongs to csv and {@code layout} to json; using either with another format is refused (PZ0362).
 * An unknown format is PZ0361.
 */
public final class FileOptions {

    public static final Option<String> DELIMITER = Option.string("delimiter", "csv only: the field separator.")
            .must("be one ASCII character other than a quote, newline or carriage return", FileOptions::validDelimiter)
            .refusedWith(PzCode.FILE_FORMAT_OPTION_INVALID);
    public static final Option<JsonLayout> LAYOUT = Option.choice("layout", "json only: one object per line"
            + " (ndjson) or one top-level array.", JsonLayout.class).refusedWith(PzCode.FILE_FORMAT_OPTION_INVALID);

    private FileOptions() {
    }

    /** A {@code format} option; without a default the option is required. */
    public static Option<RemoteFormat> format(String description, RemoteFormat defaultFormat) {
        Option<RemoteFormat> format = Option.choice("format", description, RemoteFormat.class)
                .refusedWith(PzCode.FILE_FORMAT_UNSUPPORTED);
        return defaultFormat == null ? format.required() : format.defaultValue(defaultFormat);
    }

    /** The two json layouts. */
    public enum JsonLayout implements Choice {
        NDJSON, ARRAY;

        @Override
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * A read's or write's offline problems: format options its format does not own, and a calendar
     * token in its path.
     */
    public static List<OptionProblem> problems(OptionValues values, Option<RemoteFormat> formatOption,
            Option<String> pathOption, String connector) {
        List<OptionProblem> problems = new ArrayList<>(formatProblems(values, formatOption));
        problems.addAll(calendarTokens(values, pathOption, connector));
        return problems;
    }

    /** Format options written beside a format that does not own them. */
    static List<OptionProblem> formatProblems(OptionValues values, Option<RemoteFormat> formatOption) {
        List<OptionProblem> problems = new ArrayList<>();
        RemoteFormat format = values.get(formatOption);
        if (format == null) {
            return problems;
        }
        if (values.isSet(DELIMITER) && format != RemoteFormat.CSV) {
            problems.add(notOwned(DELIMITER, format));
        }
        if (values.isSet(LAYOUT) && format != RemoteFormat.JSON) {
            problems.add(notOwned(LAYOUT, format));
        }
        return problems;
    }

    /**
     * Refuses a calendar path template ({@code {yyyy}}, {@code {MM}}, …) in {@code pathOption}: this
     * build does not render or window them for remote files yet, and a path taken literally would
     * match nothing (PZ0314).
     */
    static List<OptionProblem> calendarTokens(OptionValues values, Option<String> pathOption, String connector) {
        String path = values.get(pathOption);
        if (path == null || !CALENDAR_TOKEN.matcher(path).find()) {
            return List.of();
        }
        return List.of(new OptionProblem(pathOption.name(), OptionProblem.Kind.INVALID,
                PzCode.TEMPLATING_CAPABILITY_MISSING, "'" + pathOption.name() + "' holds a calendar token ({yyyy},"
                        + " {MM}, ...), which " + connector + " does not support in this build",
                "name the files with a glob such as orders_*.csv"));
    }

    private static final java.util.regex.Pattern CALENDAR_TOKEN = java.util.regex.Pattern.compile("\\{[A-Za-z]+}");

    /** The format settings of a read or write whose options passed {@link #problems}. */
    public static FormatSettings settings(OptionValues values, Option<RemoteFormat> formatOption) {
        RemoteFormat format = values.get(formatOption);
        char delimiter = switch (format) {
            case TSV -> '\t';
            case CSV -> values.find(DELIMITER).map(text -> text.charAt(0)).orElse(',');
            default -> ',';
        };
        return new FormatSettings(format, delimiter, values.get(LAYOUT) == JsonLayout.ARRAY);
    }

    private static OptionProblem notOwned(Option<?> option, RemoteFormat format) {
        return new OptionProblem(option.name(), OptionProblem.Kind.INVALID, PzCode.FILE_FORMAT_OPTION_INVALID, "'"
                + option.name() + "' is not an option of format '" + format.word() + "'",
                "remove it or change the format");
    }

    private static boolean validDelimiter(String text) {
        return text.length() == 1 && text.charAt(0) <= 127 && "\"\n\r".indexOf(text.charAt(0)) < 0;
    }
}
