package dev.pz.engine.connect;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.model.Project;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * {@code pz restore}: puts every connector package the project declares, with its dependencies, into the
 * per-user cache and pins the result in pz.lock.json. A package the lock already pins keeps its exact files
 * (fetched again only when missing from the cache, and refused when their bytes changed, PZ0327); a new
 * package, or every package under {@code --update}, is resolved afresh.
 */
public final class PackageRestore {
    /** What {@code central} in {@code repositories:} stands for, and the repository used when none is named. */
    public static final String CENTRAL = "https://repo.maven.apache.org/maven2/";

    private PackageRestore() {
    }

    public static void restore(Project project, Set<String> builtinNames, PackageCache cache,
            RepositoryClient.Factory resolvers, boolean update, Consumer<String> out) {
        PackageRequirements requirements = PackageRequirements.of(project, builtinNames);
        requirements.builtins().forEach(id -> out.accept("note: " + id + " is builtin in this pz version; declared"
                + " version ignored"));
        if (requirements.packages().isEmpty()) {
            out.accept("nothing to restore (all declared connectors are builtin)");
            return;
        }
        Optional<ConnectorLock> existing = update ? Optional.empty() : ConnectorLock.read(project.directory());
        existing.ifPresent(lock -> refuseChangedVersions(requirements.packages(), lock));
        // Repositories are asked only for what the cache lacks: a fully cached restore works offline.
        Supplier<RepositoryClient> resolver = once(() -> resolvers.open(cache.repository(), repositories(project)));
        List<ConnectorLock.LockedPackage> restored = new ArrayList<>();
        int pinned = 0;
        for (PackageRequirements.Requirement requirement : requirements.packages()) {
            Optional<ConnectorLock.LockedPackage> locked = existing.flatMap(lock -> lock.find(requirement.packageId()));
            ConnectorLock.LockedPackage result;
            boolean cacheHit;
            if (locked.isPresent()) {
                pinned++;
                result = locked.get();
                cacheHit = fetchPinned(result, cache, resolver);
            } else {
                cacheHit = Files.isRegularFile(cache.repository().resolve(defaultJarPath(requirement)));
                result = resolve(requirement, cache, resolver.get());
            }
            PackageManifest.checkApiVersion(result.packageId(), result.version(), cache.file(result.files().get(0)));
            restored.add(result);
            out.accept("restored " + result.packageId() + " " + result.version() + " ("
                    + (cacheHit ? "cache hit" : "downloaded") + ")");
        }
        if (pinned > 0) {
            out.accept(ConnectorLock.FILE + " pinned " + pinned + " package(s); run 'pz restore --update' to"
                    + " re-resolve them");
        }
        new ConnectorLock(restored).write(project.directory());
        out.accept("wrote " + ConnectorLock.FILE + " (" + restored.size() + " packages)");
    }

    private static void refuseChangedVersions(List<PackageRequirements.Requirement> declared, ConnectorLock lock) {
        for (PackageRequirements.Requirement requirement : declared) {
            lock.find(requirement.packageId()).filter(locked -> !locked.version().equals(requirement.version()))
                    .ifPresent(locked -> {
                        throw new PzException(PzError.of(PzCode.LOCK_DRIFT, "project.yml declares connector package '"
                                + requirement.packageId() + "' " + requirement.version() + ", but "
                                + ConnectorLock.FILE + " pins " + locked.version()).at("project.yml", requirement.line())
                                .withHint("run 'pz restore --update' to re-resolve the lock"));
                    });
        }
    }

    /** Makes every pinned file present with its pinned bytes; true when all already were. */
    private static boolean fetchPinned(ConnectorLock.LockedPackage locked, PackageCache cache,
            Supplier<RepositoryClient> resolver) {
        List<ConnectorLock.LockedFile> missing = new ArrayList<>();
        for (ConnectorLock.LockedFile file : locked.files()) {
            Path path = cache.file(file);
            if (!Files.isRegularFile(path) || !PackageCache.sha256(path).equals(file.sha256())) {
                delete(path);
                missing.add(file);
            }
        }
        if (missing.isEmpty()) {
            return true;
        }
        List<RepositoryClient.ResolvedFile> fetched = resolver.get().fetch(missing.stream()
                .map(ConnectorLock.LockedFile::artifact).toList());
        for (RepositoryClient.ResolvedFile file : fetched) {
            ConnectorLock.LockedFile pin = missing.stream().filter(candidate -> candidate.artifact()
                    .equals(file.coordinates())).findFirst().orElseThrow(() -> new IllegalStateException(
                            "the resolver returned " + file.coordinates() + ", which was not asked for"));
            if (!PackageCache.sha256(file.file()).equals(pin.sha256())) {
                throw new PzException(PzError.of(PzCode.LOCKED_PACKAGE_CHANGED, "connector package '"
                        + locked.packageId() + "' " + locked.version() + ": " + pin.artifact() + " was downloaded"
                        + " with other bytes than " + ConnectorLock.FILE + " pinned (the repository republished it,"
                        + " or serves something else)").at(ConnectorLock.FILE, 0).withHint("if the change is"
                                + " expected, run 'pz restore --update' and review the lock's diff"));
            }
        }
        return false;
    }

    private static ConnectorLock.LockedPackage resolve(PackageRequirements.Requirement requirement, PackageCache cache,
            RepositoryClient resolver) {
        List<ConnectorLock.LockedFile> files = new ArrayList<>();
        for (RepositoryClient.ResolvedFile file : resolver.resolve(requirement.packageId(), requirement.version())) {
            files.add(new ConnectorLock.LockedFile(file.coordinates(), cache.relative(file.file()),
                    PackageCache.sha256(file.file())));
        }
        return new ConnectorLock.LockedPackage(requirement.packageId(), requirement.version(), files);
    }

    /** Where Maven's layout puts a package's jar, relative to the repository. */
    private static Path defaultJarPath(PackageRequirements.Requirement requirement) {
        String[] parts = requirement.packageId().split(":");
        return Path.of(parts[0].replace('.', '/'), parts[1], requirement.version(),
                parts[1] + "-" + requirement.version() + ".jar");
    }

    /** The project's {@code repositories:} as absolute URLs; Maven Central when it names none. */
    static List<String> repositories(Project project) {
        if (project.repositories().isEmpty()) {
            return List.of(CENTRAL);
        }
        List<String> urls = new ArrayList<>();
        for (String repository : project.repositories()) {
            if (repository.equalsIgnoreCase("central")) {
                urls.add(CENTRAL);
            } else if (repository.matches("(?i)(https?|file):.*")) {
                urls.add(repository);
            } else {
                Path directory = project.directory().resolve(repository).normalize();
                if (!Files.isDirectory(directory)) {
                    throw new PzException(PzError.of(PzCode.RESTORE_FEED_UNREACHABLE, "repository '" + repository
                            + "' is not a directory (" + directory + ")").at("project.yml", 0)
                            .withHint("fix the path under repositories: in project.yml"));
                }
                urls.add(directory.toUri().toString());
            }
        }
        return urls;
    }

    private static void delete(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static <T> Supplier<T> once(Supplier<T> supplier) {
        return new Supplier<>() {
            private T value;

            @Override
            public T get() {
                if (value == null) {
                    value = supplier.get();
                }
                return value;
            }
        };
    }
}
