package dev.pz.engine;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.load.ProjectLoader;
import dev.pz.engine.model.StateConfig;
import dev.pz.engine.state.StateBackend;
import dev.pz.engine.state.StateBackends;
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

    /** PZ0518 unless run artifacts live in {@code .pz/runs} (every backend but sqlserver with artifacts: true). */
    ManagedProject requireLocalArtifacts(String what) {
        if (state.backend().equals("sqlserver") && Boolean.TRUE.equals(state.settings().get("artifacts"))) {
            throw unsupportedBackend(what);
        }
        return this;
    }

    /**
     * The backend that keeps this project's keyed state, opened (and for a database, connected).
     *
     * @throws dev.pz.connectors.api.error.PzException {@code PZ0518} when it cannot be reached
     */
    StateBackend openState() {
        return StateBackends.open(state, directory);
    }

    /** The backend and what chose it: {@code local (default)}, {@code http (from PZ_STATE_BACKEND)}. */
    String backendDescription() {
        return state.describe();
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
