package dev.pz.cli.mcp;

import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.engine.CompiledProject;
import dev.pz.engine.Diagnostics;
import dev.pz.engine.LoadedProject;
import dev.pz.engine.ProjectRequest;
import dev.pz.engine.PzEngine;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The project a server works on, opened afresh through the engine's facade on every call (an agent
 * edits files between calls), with the notices and warnings the engine reported on the way.
 */
final class McpProject {
    private final Path directory;
    private final Map<String, String> environment;
    private final String version;

    McpProject(Path directory, Map<String, String> environment, String version) {
        this.directory = directory.toAbsolutePath().normalize();
        this.environment = Map.copyOf(environment);
        this.version = version;
    }

    /** pz's version, as the server announces it. */
    String version() {
        return version;
    }

    Path directory() {
        return directory;
    }

    Map<String, String> environment() {
        return environment;
    }

    PzEngine engine() {
        return PzEngine.create(environment);
    }

    /** What the engine said while a call worked. */
    static final class Reports implements Diagnostics {
        final List<String> notices = new ArrayList<>();
        final List<String> warnings = new ArrayList<>();

        @Override
        public synchronized void warning(String line) {
            warnings.add(line);
        }

        @Override
        public synchronized void notice(String text) {
            notices.add(text);
        }
    }

    /** The project read from its files, not compiled: for what needs only its connections. */
    LoadedProject load(Diagnostics diagnostics) {
        return engine().load(ProjectRequest.of(directory), diagnostics);
    }

    CompiledProject open(Diagnostics diagnostics) {
        return engine().open(ProjectRequest.of(directory), diagnostics);
    }

    /**
     * Runs {@code work}, turning the engine's refusals (every error of a pass) into error entries;
     * anything else is a defect of pz and propagates.
     */
    static <T> Outcome<T> attempt(Supplier<T> work) {
        try {
            return new Outcome<>(Optional.ofNullable(work.get()), List.of());
        } catch (PzValidationException e) {
            return new Outcome<>(Optional.empty(), e.errors());
        } catch (PzException e) {
            return new Outcome<>(Optional.empty(), List.of(e.error()));
        }
    }

    /** A value, or the errors that stopped it. */
    record Outcome<T>(Optional<T> value, List<PzError> errors) {
        boolean failed() {
            return !errors.isEmpty();
        }
    }

    /** {@code path} relative to the project, with forward slashes. */
    String relative(Path path) {
        return directory.relativize(path.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }
}
