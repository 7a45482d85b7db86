package dev.pz.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --project} alone, for the management verbs that never load pipelines or take {@code --vars}. */
final class ProjectDirectoryOption {

    @Option(names = "--project", paramLabel = "<dir>", description = "Project directory (default: the current one).")
    Path project;

    Path directory() {
        return (project == null ? Path.of("") : project).toAbsolutePath().normalize();
    }
}
