package dev.pz.engine;

import dev.pz.engine.connect.RepositoryClient;
import java.nio.file.Path;
import java.util.List;

/**
 * A package repository client for {@code pz restore}, as a front end supplies it (pz-restore's
 * {@code MavenPackageResolver}): it finds artifacts and their dependencies and puts them into the per-user
 * cache; the engine decides what to fetch, pins it in pz.lock.json and checks it.
 */
public interface PackageResolver extends RepositoryClient {

    /** Opens a resolver over a local repository (inside the per-user cache) and the project's repositories. */
    @FunctionalInterface
    interface Factory extends RepositoryClient.Factory {
        @Override
        PackageResolver open(Path localRepository, List<String> repositories);
    }
}
