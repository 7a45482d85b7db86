package dev.pz.engine.connect;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.model.Project;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The restore check every project verb makes before it compiles: a project that declares connector
 * packages must have a pz.lock.json (PZ0322) that pins exactly what project.yml declares (PZ0321, unless
 * the drift check is skipped), and every pinned file must be in the cache unchanged (PZ0305, PZ0326).
 * Then each package is loaded in its own class loader, once per invocation.
 */
public final class ConnectorPackages {
    private final PackageCache cache;
    private final Map<ConnectorLock.LockedPackage, Map<String, Connector>> loaded = new ConcurrentHashMap<>();

    public ConnectorPackages(PackageCache cache) {
        this.cache = cache;
    }

    /**
     * The builtins plus the project's packages.
     *
     * @param driftCheck false for {@code --no-lock-check}: load what the lock pins even where project.yml now
     *        says otherwise (a missing lock is still refused)
     */
    public ConnectorRegistry registryFor(Project project, ConnectorRegistry builtins, boolean driftCheck) {
        PackageRequirements requirements = PackageRequirements.of(project, builtins.builtinNames());
        if (requirements.packages().isEmpty()) {
            return builtins;
        }
        ConnectorLock lock = ConnectorLock.read(project.directory()).orElseThrow(() -> new PzException(PzError.of(
                PzCode.LOCK_MISSING, "project.yml declares connector packages but there is no " + ConnectorLock.FILE)
                .at("project.yml", requirements.packages().get(0).line())
                .withHint("run 'pz restore' and commit " + ConnectorLock.FILE)));
        if (driftCheck) {
            checkDrift(requirements.packages(), lock);
        }
        Map<ConnectorLock.LockedPackage, Map<String, Connector>> packages = new LinkedHashMap<>();
        for (ConnectorLock.LockedPackage locked : lock.packages()) {
            packages.put(locked, loaded.computeIfAbsent(locked, key -> PackageLoader.load(key, cache)));
        }
        return builtins.withPackages(packages);
    }

    /** The connectors of a jar on its own, for {@code pz connector test <jar>}. */
    public static Map<String, Connector> loadJar(java.nio.file.Path jar) {
        return PackageLoader.loadJar(jar);
    }

    /** A lock pins exactly the declared packages at their declared versions. */
    static void checkDrift(List<PackageRequirements.Requirement> declared, ConnectorLock lock) {
        String hint = "run 'pz restore --update' to re-resolve, or pass --no-lock-check to run with what "
                + ConnectorLock.FILE + " pins";
        for (PackageRequirements.Requirement requirement : declared) {
            ConnectorLock.LockedPackage locked = lock.find(requirement.packageId()).orElse(null);
            if (locked == null) {
                throw drift("project.yml declares connector package '" + requirement.packageId() + "' "
                        + requirement.version() + ", which " + ConnectorLock.FILE + " does not pin",
                        requirement.line(), "run 'pz restore'");
            }
            if (!locked.version().equals(requirement.version())) {
                throw drift("project.yml declares connector package '" + requirement.packageId() + "' "
                        + requirement.version() + ", but " + ConnectorLock.FILE + " pins " + locked.version(),
                        requirement.line(), hint);
            }
        }
        for (ConnectorLock.LockedPackage locked : lock.packages()) {
            if (declared.stream().noneMatch(requirement -> requirement.packageId().equals(locked.packageId()))) {
                throw drift(ConnectorLock.FILE + " pins connector package '" + locked.packageId() + "' "
                        + locked.version() + ", which project.yml no longer declares", 0, hint);
            }
        }
    }

    private static PzException drift(String message, int line, String hint) {
        PzError error = PzError.of(PzCode.LOCK_DRIFT, message).withHint(hint);
        return new PzException(line > 0 ? error.at("project.yml", line) : error.at(ConnectorLock.FILE, 0));
    }
}
