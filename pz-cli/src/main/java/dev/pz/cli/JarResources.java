package dev.pz.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/** The files pz carries as resources under a folder (templates, the docs bundle), from its jar or its build directory. */
public final class JarResources {

    private JarResources() {
    }

    /** Every file under {@code prefix} (ending in {@code /}), keyed by its path below it, sorted. */
    public static Map<String, byte[]> under(String prefix) {
        Map<String, byte[]> files = new TreeMap<>();
        try {
            Path location = Path.of(JarResources.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isDirectory(location)) {
                Path root = location.resolve(prefix);
                if (!Files.isDirectory(root)) {
                    return files;
                }
                try (Stream<Path> walk = Files.walk(root)) {
                    for (Path file : walk.filter(Files::isRegularFile).toList()) {
                        files.put(root.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
                    }
                }
            } else {
                try (JarFile jar = new JarFile(location.toFile())) {
                    for (JarEntry entry : java.util.Collections.list(jar.entries())) {
                        if (!entry.isDirectory() && entry.getName().startsWith(prefix)) {
                            files.put(entry.getName().substring(prefix.length()),
                                    jar.getInputStream(entry).readAllBytes());
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException("pz's own location is not a file", e);
        }
        return files;
    }
}
