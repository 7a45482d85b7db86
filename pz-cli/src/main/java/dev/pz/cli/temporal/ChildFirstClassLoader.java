package dev.pz.cli.temporal;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Enumeration;

/**
 * Loads {@code pz-temporal.jar}'s own classes and resources before {@code pz.jar}'s. pz.jar carries
 * other versions of gRPC, protobuf and Guava (for its cloud connectors); Temporal's SDK must see the
 * versions it was built with. Classes the jar does not hold (pz's own, Jackson, the JDK's) come from
 * the parent.
 */
final class ChildFirstClassLoader extends URLClassLoader {

    static {
        registerAsParallelCapable();
    }

    ChildFirstClassLoader(URL jar, ClassLoader parent) {
        super(new URL[] {jar}, parent);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> loaded = findLoadedClass(name);
            if (loaded == null && !name.startsWith("java.")) {
                try {
                    loaded = findClass(name);
                } catch (ClassNotFoundException notHere) {
                    // not in pz-temporal.jar: the parent's
                }
            }
            if (loaded == null) {
                loaded = super.loadClass(name, false);
            }
            if (resolve) {
                resolveClass(loaded);
            }
            return loaded;
        }
    }

    @Override
    public URL getResource(String name) {
        URL own = findResource(name);
        return own != null ? own : super.getResource(name);
    }

    /**
     * The jar's own copies when it has any: a service file of pz.jar (gRPC's providers) would name
     * classes of the other version.
     */
    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        Enumeration<URL> own = findResources(name);
        return own.hasMoreElements() ? own : super.getResources(name);
    }
}
