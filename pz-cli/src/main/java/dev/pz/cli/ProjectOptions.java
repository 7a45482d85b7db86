package dev.pz.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --project} and {@code --vars}, shared by the verbs that load a project. */
final class ProjectOptions {

    @Option(names = "--project", paramLabel = "<dir>", description = "Project directory (default: the current one).")
    Path project;

    @Option(names = "--vars", paramLabel = "<json>", description = "Var overrides as a JSON object.")
    String vars;

    Path directory() {
        return (project == null ? Path.of("") : project).toAbsolutePath().normalize();
    }
}
