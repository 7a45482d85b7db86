package dev.pz.engine.connect;

import java.nio.file.Path;
import java.util.List;

/**
 * What {@code pz restore} needs from a package repository client: {@link PackageRestore} decides what to
 * fetch, pins it in pz.lock.json and checks it; a client only finds artifacts and puts them into the
 * per-user cache. The engine's facade publishes it as {@code dev.pz.engine.PackageResolver}; pz-restore
 * implements it with Maven's resolver, so the engine itself depends on no repository client.
 */
public interface RepositoryClient {

    /**
     * An artifact and its runtime dependencies, without what pz itself provides to connectors (the
     * connector API, Apache Arrow and SLF4J), the requested artifact first.
     *
     * @param groupArtifact {@code group:artifact}
     * @throws dev.pz.connectors.api.error.PzException PZ0320 when it cannot be found, PZ0328 when a repository
     *         cannot be reached or refuses access
     */
    List<ResolvedFile> resolve(String groupArtifact, String version);

    /**
     * Exactly these artifacts ({@code group:artifact:extension:version}), without their dependencies: what a
     * lock already pinned.
     */
    List<ResolvedFile> fetch(List<String> coordinates);

    /** One artifact in the cache's repository. */
    record ResolvedFile(String coordinates, Path file) {
    }

    /** Opens a client over a local repository (inside the per-user cache) and the project's repositories. */
    @FunctionalInterface
    interface Factory {
        /**
         * @param repositories absolute URLs ({@code https:}, {@code file:}) in the order they are asked
         */
        RepositoryClient open(Path localRepository, List<String> repositories);
    }
}
