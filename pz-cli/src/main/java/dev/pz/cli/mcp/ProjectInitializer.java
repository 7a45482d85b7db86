package dev.pz.cli.mcp;

import java.nio.file.Path;
import java.util.List;

/** Scaffolds a project from one of pz's built-in templates, as {@code pz init} does. */
@FunctionalInterface
public interface ProjectInitializer {

    /**
     * Writes template {@code template} into the empty directory {@code target}.
     *
     * @return the files written, relative to {@code target}, sorted
     * @throws dev.pz.connectors.api.error.PzException PZ0131 for an unknown template
     */
    List<String> scaffold(Path target, String template);
}
