package dev.pz.cli.reference;

import dev.pz.cli.Console;
import dev.pz.cli.PzCommandLine;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code docs/reference/cli.md}: every verb, its arguments and flags, walked from pz's picocli model. */
final class CliReference {

    private static final List<String> HELP_OPTIONS = List.of("--help", "--version");

    private CliReference() {
    }

    static String render() {
        CommandLine root = PzCommandLine.create(Console.of(new StringWriter(), new StringWriter(), Map.of()));
        StringBuilder page = new StringBuilder();
        page.append("<!-- Generated from pz's command model by scripts/gen-reference.sh; do not edit. -->\n")
                .append("# Command-line reference\n\n")
                .append("Every verb and flag of `pz`. Each verb also takes `-h`/`--help` (print its usage) and\n")
                .append("`-V`/`--version`. Exit codes: `0` ok, `1` a node or check failed, `2` a problem of the project\n")
                .append("or the command line (nothing ran), `3` fatal (cancelled, or a bug in pz); `run --shard` and\n")
                .append("`commit` also exit `75` on a transient failure worth retrying (`docs/scale-out.md`). The guide\n")
                .append("(`docs/guide/`) shows the verbs at work; `codes.md` lists every error code.\n\n");
        page.append("| verb | what it does |\n|---|---|\n");
        walk(root, command -> page.append("| [`").append(command.qualifiedName()).append("`](#")
                .append(anchor(command.qualifiedName())).append(") | ")
                .append(ReferencePages.cell(String.join(" ", command.usageMessage().description()))).append(" |\n"));
        walk(root, command -> section(command, page));
        return page.toString();
    }

    private static void walk(CommandLine line, java.util.function.Consumer<CommandSpec> visit) {
        for (CommandLine sub : line.getSubcommands().values()) {
            visit.accept(sub.getCommandSpec());
            walk(sub, visit);
        }
    }

    private static void section(CommandSpec command, StringBuilder page) {
        page.append("\n## ").append(command.qualifiedName()).append("\n\n");
        page.append(String.join("\n", command.usageMessage().description())).append("\n\n");
        page.append("```\n").append(synopsis(command)).append("\n```\n");
        List<PositionalParamSpec> positionals = command.positionalParameters();
        if (!positionals.isEmpty()) {
            page.append("\n| argument | description |\n|---|---|\n");
            for (PositionalParamSpec positional : positionals) {
                page.append("| `").append(positional.paramLabel()).append(positional.arity().max() > 1 ? "…" : "")
                        .append("` | ").append(ReferencePages.cell(String.join(" ", positional.description())))
                        .append(" |\n");
            }
        }
        List<OptionSpec> options = command.options().stream()
                .filter(option -> !HELP_OPTIONS.contains(option.longestName())).toList();
        if (!options.isEmpty()) {
            page.append("\n| flag | value | default | description |\n|---|---|---|---|\n");
            for (OptionSpec option : options) {
                page.append("| `").append(String.join("`, `", option.names())).append("` | ")
                        .append(option.arity().max() == 0 ? "" : "`" + option.paramLabel() + "`").append(" | ")
                        .append(defaultOf(option)).append(" | ")
                        .append(ReferencePages.cell(String.join(" ", option.description()))).append(" |\n");
            }
        }
        if (!command.subcommands().isEmpty()) {
            page.append("\nSubcommands: ").append(String.join(", ", command.subcommands().keySet().stream()
                    .map(name -> "[`" + command.qualifiedName() + " " + name + "`](#"
                            + anchor(command.qualifiedName() + " " + name) + ")").toList())).append(".\n");
        }
    }

    private static String synopsis(CommandSpec command) {
        CommandLine.Help help = new CommandLine.Help(command, CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        return help.synopsis(0).stripTrailing().replaceAll("(?m)[ \t]+$", "");
    }

    private static String defaultOf(OptionSpec option) {
        String value = option.defaultValue();
        return value == null || value.isEmpty() ? "" : "`" + ReferencePages.cell(value) + "`";
    }

    /** The heading's anchor as GitHub renders it: lower case, spaces to dashes. */
    static String anchor(String heading) {
        return heading.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9 -]", "").replace(' ', '-');
    }
}
