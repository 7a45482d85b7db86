package dev.pz.engine.model;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A loaded pz project: project.yml, connections.yml and the pipelines with their sidecars.
 * Connections keep their file order; pipelines are sorted by name.
 */
public record Project(
        Path directory,
        String name,
        String version,
        List<ConnectorRequirement> connectors,
        List<String> repositories,
        Map<String, Object> vars,
        EngineConfig engine,
        RetentionConfig retention,
        StateConfig state,
        DriftPolicy onSourceDrift,
        Map<String, ConnectionDef> connections,
        List<PipelineDef> pipelines,
        List<PzWarning> warnings,
        ScaleOutConfig scaleOut) {

    public Project {
        connectors = List.copyOf(connectors);
        repositories = List.copyOf(repositories);
        vars = Collections.unmodifiableMap(new LinkedHashMap<>(vars));
        connections = Collections.unmodifiableMap(new LinkedHashMap<>(connections));
        pipelines = List.copyOf(pipelines);
        warnings = List.copyOf(warnings);
    }

    /** The same project keeping its state in {@code newState} (e.g. {@code --state-url}). */
    public Project withState(StateConfig newState) {
        return new Project(directory, name, version, connectors, repositories, vars, engine, retention, newState,
                onSourceDrift, connections, pipelines, warnings, scaleOut);
    }

    /** A {@code connectors:} entry of project.yml, with the line it starts on. */
    public record ConnectorRequirement(String packageId, String version, int line) {
    }
}
