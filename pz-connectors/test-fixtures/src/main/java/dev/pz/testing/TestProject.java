package dev.pz.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a pz project into a directory, file by file (UTF-8, exactly the text given). */
public final class TestProject {
    private final Path directory;

    private TestProject(Path directory) {
        this.directory = directory;
    }

    public static TestProject in(Path directory) {
        return new TestProject(directory);
    }

    /** A project.yml with a name and version plus any extra YAML lines. */
    public TestProject projectYml(String name, String... extraLines) {
        StringBuilder text = new StringBuilder("name: " + name + "\nversion: 0.1.0\n");
        for (String line : extraLines) {
            text.append(line).append('\n');
        }
        return file("project.yml", text.toString());
    }

    public TestProject file(String relativePath, String content) {
        try {
            Path file = directory.resolve(relativePath);
            Files.createDirectories(file.getParent());
            Files.writeString(file, content, StandardCharsets.UTF_8);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public TestProject delete(String relativePath) {
        try {
            Files.delete(directory.resolve(relativePath));
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String read(String relativePath) {
        try {
            return Files.readString(directory.resolve(relativePath), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Path path() {
        return directory;
    }

    public Path resolve(String relativePath) {
        return directory.resolve(relativePath);
    }
}
