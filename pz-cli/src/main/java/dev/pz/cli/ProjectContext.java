package dev.pz.cli;

import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.DagCompiler;
import dev.pz.engine.compile.RenderContext;
import dev.pz.engine.load.ProjectLoader;
import dev.pz.engine.load.VarsOverrides;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.PzWarning;
import java.io.PrintWriter;
import java.util.Map;

/** Loading and compiling as every project verb does it, printing warnings and notices on the way. */
final class ProjectContext {
    private final Map<String, String> environment;
    private final PrintWriter out;
    private final PrintWriter err;

    ProjectContext(Map<String, String> environment, PrintWriter out, PrintWriter err) {
        this.environment = Map.copyOf(environment);
        this.out = out;
        this.err = err;
    }

    static ProjectContext of(picocli.CommandLine.Model.CommandSpec spec) {
        return new ProjectContext(PzCommandLine.Root.console(spec).environment(), spec.commandLine().getOut(),
                spec.commandLine().getErr());
    }

    /** The same, printing compile notices on stderr: stdout is reserved for the json event stream. */
    ProjectContext noticesOnStderr() {
        return new ProjectContext(environment, err, err);
    }

    Map<String, String> environment() {
        return environment;
    }

    Project load(ProjectOptions options) {
        Map<String, Object> overrides = options.vars == null ? Map.of() : VarsOverrides.parse(options.vars);
        Project project = ProjectLoader.load(options.directory(), environment, overrides);
        project.warnings().forEach(this::warn);
        return project;
    }

    /**
     * Compiles; compile notices go to stdout as {@code note:} lines (stderr after
     * {@link #noticesOnStderr()}), warnings to stderr when asked.
     */
    CompiledDag compile(Project project, boolean printWarnings) {
        CompiledDag dag = DagCompiler.compile(project, RenderContext.forCompile(environment));
        if (printWarnings) {
            dag.warnings().forEach(this::warn);
        }
        dag.notices().forEach(notice -> out.println("note: " + notice));
        return dag;
    }

    void warn(PzWarning warning) {
        err.println(warning.render());
    }
}
