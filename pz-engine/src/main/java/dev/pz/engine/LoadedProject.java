package dev.pz.engine;

import dev.pz.connectors.api.Connector;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.DagCompiler;
import dev.pz.engine.compile.RenderContext;
import dev.pz.engine.model.Project;
import java.nio.file.Path;
import java.util.Set;

/** A project read from its files, not yet compiled. */
public final class LoadedProject {
    private final PzEngine engine;
    private final Project project;

    LoadedProject(PzEngine engine, Project project) {
        this.engine = engine;
        this.project = project;
    }

    public String name() {
        return project.name();
    }

    public Path directory() {
        return project.directory();
    }

    /** The number of pipeline files. */
    public int pipelineCount() {
        return project.pipelines().size();
    }

    /**
     * Renders every pipeline and builds the DAG. Compile warnings, then compile notices, go to
     * {@code diagnostics}, which also receives what later verbs on the compiled project report on the
     * way (validation notes, warnings of a run).
     */
    public CompiledProject compile(Diagnostics diagnostics) {
        return Guard.call(() -> {
            CompiledDag dag = DagCompiler.compile(project, RenderContext.forCompile(engine.environment()),
                    name -> engine.registry().find(name).map(Connector::capabilities).orElse(Set.of()),
                    name -> engine.registry().find(name).map(connector -> connector.connectionOptions().secretNames())
                            .orElse(Set.of()));
            dag.warnings().forEach(warning -> diagnostics.warning(warning.render()));
            dag.notices().forEach(diagnostics::notice);
            return new CompiledProject(engine, project, dag, diagnostics);
        });
    }
}
