package dev.pz.testing.packages;

import dev.pz.connectors.api.ConnectorApi;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * A Maven repository in a directory, as a company's file share or a {@code mvn deploy} to a path makes it:
 * tests compile Java sources with {@code javax.tools}, jar them with a manifest, and publish each jar with its
 * pom, so {@code pz restore} resolves them the way it resolves anything else.
 */
public final class LocalRepository {
    private static final java.time.LocalDateTime FIXED_TIME = java.time.LocalDateTime.of(2020, 1, 1, 0, 0);
    private final Path root;
    private final Path work;

    public LocalRepository(Path root, Path work) {
        this.root = root;
        this.work = work;
    }

    public Path root() {
        return root;
    }

    /** One artifact to publish. */
    public record Artifact(String group, String artifact, String version, Map<String, String> sources,
            Map<String, String> resources, Map<String, String> manifest, List<String> dependencies,
            List<String> omittedClasses) {

        public static Artifact of(String coordinates, Map<String, String> sources) {
            String[] parts = coordinates.split(":");
            return new Artifact(parts[0], parts[1], parts[2], sources, Map.of(), Map.of(), List.of(), List.of());
        }

        public Artifact withResources(Map<String, String> more) {
            return new Artifact(group, artifact, version, sources, more, manifest, dependencies, omittedClasses);
        }

        public Artifact withManifest(Map<String, String> attributes) {
            return new Artifact(group, artifact, version, sources, resources, attributes, dependencies, omittedClasses);
        }

        /** Compile-scope dependencies, {@code group:artifact:version}, also on the compiler's class path. */
        public Artifact withDependencies(List<String> coordinates) {
            return new Artifact(group, artifact, version, sources, resources, manifest, coordinates, omittedClasses);
        }

        /** Classes compiled but left out of the jar ({@code org/example/Missing.class}). */
        public Artifact omitting(List<String> classFiles) {
            return new Artifact(group, artifact, version, sources, resources, manifest, dependencies, classFiles);
        }

        String path(String extension) {
            return group.replace('.', '/') + "/" + artifact + "/" + version + "/" + artifact + "-" + version + "."
                    + extension;
        }
    }

    /** Compiles, jars and publishes; returns the published jar. */
    public Path publish(Artifact artifact) {
        try {
            Path classes = Files.createTempDirectory(work, artifact.artifact());
            compile(artifact, classes);
            artifact.resources().forEach((name, text) -> write(classes.resolve(name), text));
            for (String omitted : artifact.omittedClasses()) {
                Files.delete(classes.resolve(omitted));
            }
            Path jar = root.resolve(artifact.path("jar"));
            Files.createDirectories(jar.getParent());
            jar(classes, jar, artifact.manifest());
            write(root.resolve(artifact.path("pom")), pom(artifact));
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void compile(Artifact artifact, Path classes) throws IOException {
        Path sources = Files.createTempDirectory(work, artifact.artifact() + "-src");
        List<String> arguments = new ArrayList<>(List.of("--release", "17", "-nowarn", "-d", classes.toString(),
                "-cp", classPath(artifact)));
        for (Map.Entry<String, String> source : artifact.sources().entrySet()) {
            Path file = sources.resolve(source.getKey().replace('.', '/') + ".java");
            write(file, source.getValue());
            arguments.add(file.toString());
        }
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        java.io.ByteArrayOutputStream errors = new java.io.ByteArrayOutputStream();
        int status = compiler.run(null, errors, errors, arguments.toArray(String[]::new));
        if (status != 0) {
            throw new IllegalStateException("the test package " + artifact.artifact() + " did not compile:\n"
                    + errors.toString(StandardCharsets.UTF_8));
        }
    }

    /** pz's connector API, Arrow, and the artifact's dependencies from this repository. */
    private String classPath(Artifact artifact) {
        List<String> entries = new ArrayList<>();
        for (Class<?> shared : List.of(ConnectorApi.class, org.apache.arrow.vector.VectorSchemaRoot.class,
                org.apache.arrow.memory.BufferAllocator.class, org.apache.arrow.flatbuf.Schema.class)) {
            entries.add(location(shared));
        }
        for (String dependency : artifact.dependencies()) {
            entries.add(root.resolve(Artifact.of(dependency, Map.of()).path("jar")).toString());
        }
        return String.join(java.io.File.pathSeparator, entries);
    }

    private static String location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Entry times are fixed so that the same sources give the same bytes, and a committed lock stays valid. */
    private static void jar(Path classes, Path jar, Map<String, String> attributes) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        new java.util.TreeMap<>(attributes).forEach((name, value) -> manifest.getMainAttributes().putValue(name, value));
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream jarOut = new JarOutputStream(out);
                Stream<Path> files = Files.walk(classes)) {
            jarOut.putNextEntry(entry(JarFile.MANIFEST_NAME));
            manifest.write(jarOut);
            jarOut.closeEntry();
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                jarOut.putNextEntry(entry(classes.relativize(file).toString().replace('\\', '/')));
                jarOut.write(Files.readAllBytes(file));
                jarOut.closeEntry();
            }
        }
    }

    private static JarEntry entry(String name) {
        JarEntry entry = new JarEntry(name);
        entry.setTimeLocal(FIXED_TIME);
        return entry;
    }

    private static String pom(Artifact artifact) {
        StringBuilder dependencies = new StringBuilder();
        dependencies.append("""
                    <dependency>
                      <groupId>dev.pz</groupId>
                      <artifactId>pz-connectors-api</artifactId>
                      <version>0.1.0</version>
                      <scope>provided</scope>
                    </dependency>
                """);
        for (String dependency : artifact.dependencies()) {
            String[] parts = dependency.split(":");
            dependencies.append("    <dependency>\n      <groupId>").append(parts[0]).append("</groupId>\n")
                    .append("      <artifactId>").append(parts[1]).append("</artifactId>\n")
                    .append("      <version>").append(parts[2]).append("</version>\n    </dependency>\n");
        }
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>%s</groupId>
                  <artifactId>%s</artifactId>
                  <version>%s</version>
                  <dependencies>
                %s  </dependencies>
                </project>
                """.formatted(artifact.group(), artifact.artifact(), artifact.version(), dependencies);
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
