package dev.pz.engine.connect;

import dev.pz.connectors.api.ConnectorApi;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * The class loader of one connector package. It sees the package's own jars, the Java platform, and from
 * pz exactly the connector API, Apache Arrow and SLF4J (which Arrow logs through): the types a connector and
 * pz must share. Everything else a package uses — a JDBC driver, Jackson, Guava — comes from its own jars,
 * so its versions never clash with pz's or another package's.
 */
final class PackageClassLoader extends URLClassLoader {
    /** Package prefixes pz shares with connectors. */
    static final List<String> SHARED = List.of(ConnectorApi.class.getPackageName() + ".", "org.apache.arrow.",
            "org.slf4j.");

    static {
        registerAsParallelCapable();
    }

    PackageClassLoader(String name, List<URL> jars) {
        super(name, jars.toArray(URL[]::new), new SharedTypes(ConnectorApi.class.getClassLoader()));
    }

    /** The parent: the platform, plus pz's loader for the shared prefixes only. */
    private static final class SharedTypes extends ClassLoader {
        private final ClassLoader pz;

        static {
            registerAsParallelCapable();
        }

        SharedTypes(ClassLoader pz) {
            super("pz-shared-types", ClassLoader.getPlatformClassLoader());
            this.pz = pz;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (shared(name)) {
                return pz.loadClass(name);
            }
            throw new ClassNotFoundException(name);
        }

        @Override
        protected URL findResource(String name) {
            return shared(name.replace('/', '.')) ? pz.getResource(name) : null;
        }

        @Override
        protected Enumeration<URL> findResources(String name) throws IOException {
            return shared(name.replace('/', '.')) ? pz.getResources(name) : Collections.emptyEnumeration();
        }

        private static boolean shared(String name) {
            return SHARED.stream().anyMatch(name::startsWith);
        }
    }
}
