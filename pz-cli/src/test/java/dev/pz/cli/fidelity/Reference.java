package dev.pz.cli.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.cli.CliRun;
import dev.pz.testing.TestProject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the fidelity tests share: running pz, scaffolding the shipped sample, reading JSON artifacts.
 * Each fidelity test restates one fact the reference implementation's own test suite asserts; the
 * catalogue in {@code docs/port-differences.md} maps every fact to the test that restates it.
 */
final class Reference {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Reference() {
    }

    /** {@code pz init <directory> --template sample}, which must succeed. */
    static TestProject sample(Path directory) {
        CliRun init = CliRun.pz("init", directory.toString(), "--template", "sample");
        assertThat(init.exitCode()).as(init.toString()).isZero();
        return TestProject.in(directory);
    }

    /** Runs pz and requires exit 0. */
    static CliRun ok(Path project, String... args) {
        CliRun run = CliRun.pz(project, args);
        assertThat(run.exitCode()).as(run.toString()).isZero();
        return run;
    }

    static JsonNode json(Path file) {
        try {
            return MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The stored watermark entry for {@code key}, or null when there is none. */
    static JsonNode watermark(Path project, String key) {
        Path file = project.resolve(".pz/state/watermarks.json");
        return Files.isRegularFile(file) ? json(file).path("watermarks").get(key) : null;
    }

    /** The number of run directories under {@code .pz/runs}. */
    static int runCount(Path project) {
        Path runs = project.resolve(".pz/runs");
        if (!Files.isDirectory(runs)) {
            return 0;
        }
        try (var entries = Files.list(runs)) {
            return (int) entries.filter(Files::isDirectory).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
