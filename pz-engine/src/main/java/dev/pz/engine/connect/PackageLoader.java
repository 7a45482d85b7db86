package dev.pz.engine.connect;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorFactory;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Loads one locked connector package from the cache: every file must be there with the bytes the lock
 * pinned, the package's jar must be built for this connector API, and it must register at least one
 * connector. Each package gets its own {@link PackageClassLoader}.
 */
final class PackageLoader {
    private static final String RESTORE_HINT = "run 'pz restore'";

    private PackageLoader() {
    }

    /** The connectors of one package, by name. */
    static Map<String, Connector> load(ConnectorLock.LockedPackage locked, PackageCache cache) {
        String what = "connector package '" + locked.packageId() + "' " + locked.version();
        List<URL> jars = new ArrayList<>();
        for (ConnectorLock.LockedFile file : locked.files()) {
            Path path = cache.file(file);
            if (!Files.isRegularFile(path)) {
                throw new PzException(PzError.of(PzCode.CONNECTOR_NOT_INSTALLED, what + " is not in the package cache ("
                        + file.artifact() + " is missing from " + cache.repository() + ")").withHint(RESTORE_HINT));
            }
            if (!PackageCache.sha256(path).equals(file.sha256())) {
                throw new PzException(PzError.of(PzCode.PACKAGE_CONTENT_MISMATCH, what + ": " + file.artifact()
                        + " in the package cache changed after it was restored (its SHA-256 is not the one "
                        + ConnectorLock.FILE + " pinned)").withHint("delete " + path + " and run 'pz restore'"));
            }
            jars.add(url(path));
        }
        PackageManifest.checkApiVersion(locked.packageId(), locked.version(), cache.file(locked.files().get(0)));
        return connectors(what, locked.packageId() + ":" + locked.version(), jars);
    }

    /** The connectors of one jar on its own (its dependencies, if any, are not loaded), by name. */
    static Map<String, Connector> loadJar(Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw new PzException(PzError.of(PzCode.CONNECTOR_PACKAGE_MISSING, "there is no jar at " + jar)
                    .withHint("pass the path of a connector package's jar, or a package the project declares"));
        }
        String what = "connector jar " + jar.getFileName();
        PackageManifest.checkApiVersion(jar.getFileName().toString(), "", jar);
        return connectors(what, jar.getFileName().toString(), List.of(url(jar)));
    }

    private static Map<String, Connector> connectors(String what, String loaderName, List<URL> jars) {
        PackageClassLoader loader = new PackageClassLoader(loaderName, jars);
        Map<String, Connector> connectors = new LinkedHashMap<>();
        try {
            for (ConnectorFactory factory : ServiceLoader.load(ConnectorFactory.class, loader)) {
                if (connectors.putIfAbsent(factory.name(), factory.create()) != null) {
                    throw new PzException(PzError.of(PzCode.PACKAGE_ASSET_COLLISION, what + " registers the connector"
                            + " '" + factory.name() + "' twice").withHint("report it to the package's author"));
                }
            }
        } catch (ServiceConfigurationError | LinkageError | RuntimeException e) {
            if (e instanceof PzException pz) {
                throw pz;
            }
            throw new PzException(PzError.of(PzCode.NO_CONNECTOR_ENTRY_POINT, what + " failed to start its "
                    + "connector: " + e).withHint("report it to the package's author"), e);
        }
        if (connectors.isEmpty()) {
            throw new PzException(PzError.of(PzCode.NO_CONNECTOR_ENTRY_POINT, what + " registers no connector (no "
                    + "META-INF/services/" + ConnectorFactory.class.getName() + " in its jar)")
                    .withHint("check that package names a pz connector package"));
        }
        return connectors;
    }

    private static URL url(Path path) {
        try {
            return path.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException("a file path is always a URL", e);
        }
    }
}
