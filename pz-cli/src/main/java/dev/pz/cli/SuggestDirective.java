package dev.pz.cli;

import java.io.PrintWriter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code pz "[suggest:<cursor>]" "<command line>"}: the entry point the completion scripts of
 * {@code pz completion} call on every Tab (the reference's suggest directive, so its installed
 * scripts work too). Prints the candidates for the word at the cursor, one per line, and nothing
 * else: never an error, always exit 0. Without a cursor position the cursor is at the line's end.
 */
final class SuggestDirective {
    private static final Pattern DIRECTIVE = Pattern.compile("\\[suggest(?::(\\d{1,9}))?]");

    private SuggestDirective() {
    }

    static boolean matches(String argument) {
        return DIRECTIVE.matcher(argument).matches();
    }

    static int answer(String[] args, Console console) {
        Matcher directive = DIRECTIVE.matcher(args[0]);
        String line = args.length > 1 ? args[1] : "";
        if (directive.matches() && directive.group(1) != null) {
            line = line.substring(0, Math.min(line.length(), Integer.parseInt(directive.group(1))));
        }
        PrintWriter out = console.out();
        try {
            CompletionCandidates.of(PzCommandLine.create(console).getCommandSpec(), line, console.environment())
                    .forEach(out::println);
        } catch (RuntimeException e) {
            // A Tab offers nothing rather than an error in the middle of the user's command line.
        }
        out.flush();
        return ExitCodes.OK;
    }
}
