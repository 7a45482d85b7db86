package dev.pz.engine;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.load.ProjectLoader;
import dev.pz.engine.model.StateConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The project as the management verbs ({@code pz clean}, {@code pz state}, {@code pz runs}) see it:
 * a directory with a project.yml, of which only {@code state:} is read, so a broken connections.yml
 * or pipeline never blocks cleaning up or repairing state.
 */
record ManagedProject(Path directory, StateConfig state) {

    /**
     * @param verb the verb as the user typed it after {@code pz}, for the missing-project message
     * @throws PzException {@code PZ0101} when project.yml is missing
     */
    static ManagedProject open(Path directory, String verb, Map<String, String> environment) {
        if (!Files.isRegularFile(directory.resolve("project.yml"))) {
            throw new PzException(PzCode.YAML_SHAPE, "project.yml is missing — run pz " + verb
                    + " from a project directory or pass --project <dir>");
        }
        return new ManagedProject(directory, ProjectLoader.loadStateConfig(directory, environment));
    }

    /** PZ0518 unless run artifacts live in {@code .pz/runs} (local and http backends). */
    ManagedProject requireLocalArtifacts(String what) {
        if (state.backend().equals("sqlserver")) {
            throw unsupportedBackend(what);
        }
        return this;
    }

    /** PZ0518 unless keyed state (watermarks, sync state) lives in {@code .pz/state}. */
    ManagedProject requireLocalKeyedState(String what) {
        if (!state.backend().equals("local")) {
            throw unsupportedBackend(what);
        }
        return this;
    }

    /** {@code local (default)}, or the backend name when project.yml or the environment chose it. */
    String backendDescription() {
        return state.backend() + (state.fromDefault() ? " (default)" : "");
    }

    /** {@code path} relative to the project directory, with forward slashes: {@code .pz/state/watermarks.json}. */
    String relative(Path path) {
        return directory.relativize(path.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }

    private PzException unsupportedBackend(String what) {
        return new PzException(PzCode.STATE_STORE_UNAVAILABLE, what + " with state backend '" + state.backend()
                + "' is not supported by this build of pz; only the local backend is");
    }
}
