package dev.pz.cli;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pz init}: scaffolds a project from a built-in template into a new or empty directory. */
@Command(name = "init", mixinStandardHelpOptions = true, description = "Scaffold a new pz project.")
final class InitCommand implements Callable<Integer> {
    static final String SENTINEL_NAME = "pz_new_project";

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "<name>", arity = "0..1", description = "Directory to scaffold into.")
    String name;

    @Option(names = {"--template", "-t"}, paramLabel = "<id>", description = "Template id (default: minimal).")
    String template = TemplateCatalog.DEFAULT_ID;

    @Option(names = "--list-templates", description = "List the built-in templates.")
    boolean listTemplates;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (listTemplates && name != null) {
            throw new PzException(PzError.of(PzCode.INIT_INVOCATION_INVALID,
                    "--list-templates takes no project name.").withHint("run `pz init --list-templates` alone"));
        }
        if (listTemplates) {
            out.println("built-in templates (`pz init <name> --template <id>`):");
            for (TemplateCatalog.Entry entry : TemplateCatalog.ENTRIES) {
                out.println("  " + entry.id() + (entry.id().equals(TemplateCatalog.DEFAULT_ID) ? " (default)" : ""));
                out.println("      " + entry.summary());
            }
            return ExitCodes.OK;
        }
        if (name == null) {
            throw new PzException(PzError.of(PzCode.INIT_INVOCATION_INVALID, "no project name given.")
                    .withHint("run `pz init <name>`, or `pz init --list-templates` to see the templates"));
        }
        TemplateCatalog.Entry entry = TemplateCatalog.find(template).orElseThrow(() -> new PzException(
                PzError.of(PzCode.INIT_TEMPLATE_UNKNOWN, "no built-in template named '" + template + "'.")
                        .withHint("pick one of: " + TemplateCatalog.ids() + " (see `pz init --list-templates`)")));
        Path target = Path.of(name).toAbsolutePath().normalize();
        refuseOccupied(target);
        String raw = target.getFileName() == null ? "" : target.getFileName().toString();
        String projectName = sanitize(raw);
        if (!projectName.equals(raw)) {
            spec.commandLine().getErr().println("warning: '" + raw + "' is not a valid pz project name (lowercase "
                    + "[a-z0-9_], leading letter); using '" + projectName + "' in project.yml instead");
        }
        scaffold(target, TemplateCatalog.files(entry.id()), projectName);
        out.println("scaffolded a new pz project '" + projectName + "' at " + target);
        out.println("next steps:");
        entry.nextSteps().forEach(line -> out.println(line.replace("{0}", projectName)));
        return ExitCodes.OK;
    }

    /**
     * Scaffolds template {@code templateId} into the empty directory {@code target}, naming the project
     * after the directory; the files written, relative to it, sorted. What {@code pz mcp}'s
     * pz_init_project does.
     *
     * @throws PzException PZ0131 for an unknown template
     */
    static List<String> scaffoldInto(Path target, String templateId) {
        TemplateCatalog.Entry entry = TemplateCatalog.find(templateId).orElseThrow(() -> new PzException(
                PzError.of(PzCode.INIT_TEMPLATE_UNKNOWN, "no built-in template named '" + templateId + "'.")
                        .withHint("pick one of: " + TemplateCatalog.ids())));
        String raw = target.getFileName() == null ? "" : target.getFileName().toString();
        Map<String, byte[]> files = TemplateCatalog.files(entry.id());
        scaffold(target, files, sanitize(raw));
        return List.copyOf(files.keySet());
    }

    private static void refuseOccupied(Path target) {
        String hint = "run `pz init` against a new or empty directory, or clear this one first";
        if (Files.isRegularFile(target)) {
            throw new PzException(PzError.of(PzCode.INIT_TARGET_NOT_EMPTY, "target '" + target
                    + "' already exists and is a file, not a directory.").withHint(hint));
        }
        if (Files.isDirectory(target)) {
            try (Stream<Path> entries = Files.list(target)) {
                if (entries.findAny().isPresent()) {
                    throw new PzException(PzError.of(PzCode.INIT_TARGET_NOT_EMPTY, "target directory '" + target
                            + "' already exists and is not empty.").withHint(hint));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Lowercase; runs of characters outside [a-z0-9] become one '_'; trimmed; 'p_' before a non-letter. */
    static String sanitize(String raw) {
        String lower = raw.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_+|_+$", "");
        return lower.isEmpty() || !Character.isLetter(lower.charAt(0)) ? "p_" + lower : lower;
    }

    private static void scaffold(Path target, Map<String, byte[]> files, String projectName) {
        try {
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                Path destination = target.resolve(file.getKey());
                Files.createDirectories(destination.getParent());
                String text = new String(file.getValue(), StandardCharsets.UTF_8).replace(SENTINEL_NAME, projectName);
                Files.writeString(destination, text, StandardCharsets.UTF_8);
            }
            Files.createDirectories(target);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
