package dev.pz.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * What may come next on a pz command line: walks the words typed so far through picocli's model of
 * pz's verbs (so completion knows every verb and option the installed pz accepts), then offers the
 * verbs, options or values that fit the word being typed. Values come from the project named by
 * {@code --project} on the line, else the current directory: node names for {@code run}/{@code plan},
 * selectors for {@code --select}, state keys, run ids.
 */
final class CompletionCandidates {
    static final List<String> SHELLS = List.of("bash", "zsh", "fish", "pwsh");

    private CompletionCandidates() {
    }

    /** The candidates for the word at the end of {@code line} (the text before the cursor), one per entry. */
    static List<String> of(CommandSpec root, String line, Map<String, String> environment) {
        ShellWords words = ShellWords.split(line);
        CommandSpec command = root;
        Path project = Path.of("");
        OptionSpec awaitingValue = null;
        int positionals = 0;
        List<String> typed = words.complete();
        for (int i = 1; i < typed.size(); i++) {
            String word = typed.get(i);
            if (awaitingValue != null) {
                if (awaitingValue.longestName().equals("--project")) {
                    project = directory(word);
                }
                awaitingValue = null;
            } else if (word.startsWith("-")) {
                OptionSpec option = command.findOption(word.contains("=") ? word.substring(0, word.indexOf('=')) : word);
                if (option != null && takesValue(option) && !word.contains("=")) {
                    awaitingValue = option;
                } else if (option != null && option.longestName().equals("--project") && word.contains("=")) {
                    project = directory(word.substring(word.indexOf('=') + 1));
                }
            } else if (positionals == 0 && visibleSubcommand(command, word) != null) {
                command = visibleSubcommand(command, word);
            } else {
                positionals++;
            }
        }
        ProjectWords projectWords = new ProjectWords(project.toAbsolutePath().normalize(), environment);
        String current = words.current();
        if (awaitingValue != null) {
            return matching(values(awaitingValue, projectWords, current), current);
        }
        if (current.startsWith("-")) {
            int equals = current.indexOf('=');
            if (equals > 0) {
                OptionSpec option = command.findOption(current.substring(0, equals));
                if (option == null || !takesValue(option)) {
                    return List.of();
                }
                String prefix = current.substring(0, equals + 1);
                return matching(values(option, projectWords, current.substring(equals + 1)).stream()
                        .map(value -> prefix + value).toList(), current);
            }
            List<String> names = new ArrayList<>();
            for (OptionSpec option : command.options()) {
                if (!option.hidden()) {
                    names.addAll(List.of(option.names()));
                }
            }
            return matching(names, current);
        }
        List<String> candidates = new ArrayList<>();
        if (positionals == 0) {
            command.subcommands().forEach((name, sub) -> {
                if (!sub.getCommandSpec().usageMessage().hidden() && name.equals(sub.getCommandSpec().name())) {
                    candidates.add(name);
                }
            });
        }
        candidates.addAll(positionalValues(command, positionals, projectWords));
        return matching(candidates, current);
    }

    /** A typed directory; {@code ~/} is the home directory, as the shell would expand it. */
    private static Path directory(String typed) {
        return typed.startsWith("~/") ? Path.of(System.getProperty("user.home"), typed.substring(2)) : Path.of(typed);
    }

    private static List<String> positionalValues(CommandSpec command, int index, ProjectWords project) {
        return switch (command.qualifiedName(" ")) {
            case "pz run", "pz plan" -> project.nodeNames();
            case "pz state show", "pz state set", "pz state rollback", "pz state clear" ->
                index == 0 ? project.stateKeys() : List.of();
            case "pz report" -> index == 0 ? project.runIds() : List.of();
            case "pz completion" -> index == 0 ? SHELLS : List.of();
            default -> List.of();
        };
    }

    private static List<String> values(OptionSpec option, ProjectWords project, String current) {
        return switch (option.longestName()) {
            case "--select" -> {
                // `+name` and `name+` select ancestors and descendants: keep a leading + the user typed.
                String plus = current.startsWith("+") ? "+" : "";
                yield project.selectors().stream().map(selector -> plus + selector).toList();
            }
            case "--log-format" -> List.of("text", "json");
            case "--template" -> TemplateCatalog.ENTRIES.stream().map(TemplateCatalog.Entry::id).toList();
            case "--to-run" -> project.runIds();
            default -> List.of();
        };
    }

    private static CommandSpec visibleSubcommand(CommandSpec command, String word) {
        var sub = command.subcommands().get(word);
        return sub == null || sub.getCommandSpec().usageMessage().hidden() ? null : sub.getCommandSpec();
    }

    private static boolean takesValue(OptionSpec option) {
        return option.arity().max() > 0;
    }

    private static List<String> matching(List<String> candidates, String prefix) {
        Set<String> matching = new LinkedHashSet<>();
        for (String candidate : candidates) {
            if (candidate.startsWith(prefix)) {
                matching.add(candidate);
            }
        }
        return List.copyOf(matching);
    }
}
