package dev.pz.cli;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.load.ProjectLoader;
import dev.pz.engine.model.StateConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The project as the management verbs ({@code pz clean}, {@code pz state}, {@code pz runs}) see it:
 * a directory with a project.yml, of which only {@code state:} is read, so a broken connections.yml or
 * pipeline never blocks cleaning up or repairing state (spec/user-surface.md §2.8.12, §2.8.13).
 */
record ManagementProject(Path directory, StateConfig state) {

    /**
     * @param verb the verb as the user typed it after {@code pz}, for the missing-project message
     * @throws PzException {@code PZ0101} when project.yml is missing
     */
    static ManagementProject open(ProjectDirectoryOption option, String verb, Map<String, String> environment) {
        Path directory = option.directory();
        if (!Files.isRegularFile(directory.resolve("project.yml"))) {
            throw new PzException(PzCode.YAML_SHAPE, "project.yml is missing — run pz " + verb
                    + " from a project directory or pass --project <dir>");
        }
        return new ManagementProject(directory, ProjectLoader.loadStateConfig(directory, environment));
    }

    /** Whether run artifacts live in {@code .pz/runs} (local and http backends) rather than in SQL tables. */
    boolean localArtifacts() {
        return !state.backend().equals("sqlserver");
    }

    /** Whether keyed state (watermarks, sync state) lives in {@code .pz/state}. */
    boolean localKeyedState() {
        return state.backend().equals("local");
    }

    /** {@code local (default)}, or the backend name when project.yml or the environment chose it. */
    String backendDescription() {
        return state.backend() + (state.fromDefault() ? " (default)" : "");
    }

    /** {@code PZ0518} for a backend this build cannot reach from a management verb. */
    PzException unsupportedBackend(String what) {
        return new PzException(PzCode.STATE_STORE_UNAVAILABLE, what + " with state backend '" + state.backend()
                + "' is not supported by this build of pz; only the local backend is");
    }

    /** {@code path} relative to the project directory, with forward slashes: {@code .pz/state/watermarks.json}. */
    String relative(Path path) {
        return directory.relativize(path.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }
}
