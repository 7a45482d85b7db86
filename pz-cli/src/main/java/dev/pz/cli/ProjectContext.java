package dev.pz.cli;

import dev.pz.engine.CompiledProject;
import dev.pz.engine.Diagnostics;
import dev.pz.engine.LoadedProject;
import dev.pz.engine.ProjectRequest;
import dev.pz.engine.PzEngine;
import java.io.PrintWriter;

/** Loading and compiling as every project verb does it, printing warnings and notices on the way. */
final class ProjectContext {
    private final PzEngine engine;
    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean lockCheck;
    private final String stateUrl;

    ProjectContext(PzEngine engine, PrintWriter out, PrintWriter err) {
        this(engine, out, err, true, null);
    }

    private ProjectContext(PzEngine engine, PrintWriter out, PrintWriter err, boolean lockCheck, String stateUrl) {
        this.engine = engine;
        this.out = out;
        this.err = err;
        this.lockCheck = lockCheck;
        this.stateUrl = stateUrl;
    }

    static ProjectContext of(picocli.CommandLine.Model.CommandSpec spec) {
        return new ProjectContext(PzCommandLine.Root.engine(spec), spec.commandLine().getOut(),
                spec.commandLine().getErr());
    }

    /** The same, printing notices on stderr: stdout is reserved for the json event stream. */
    ProjectContext noticesOnStderr() {
        return new ProjectContext(engine, err, err, lockCheck, stateUrl);
    }

    /** The same, checking pz.lock.json against project.yml only when {@code check} ({@code --no-lock-check}). */
    ProjectContext lockCheck(boolean check) {
        return new ProjectContext(engine, out, err, check, stateUrl);
    }

    /** The same, keeping state at the http state service {@code url} ({@code --state-url}); null for project.yml's. */
    ProjectContext withStateUrl(String url) {
        return new ProjectContext(engine, out, err, lockCheck, url);
    }

    PzEngine engine() {
        return engine;
    }

    /** Loads; load warnings go to stderr, with one saying so when {@code --no-lock-check} skipped the drift check. */
    LoadedProject load(ProjectOptions options) {
        ProjectRequest request = new ProjectRequest(options.directory(), options.vars).withStateUrl(stateUrl);
        LoadedProject project = engine.load(lockCheck ? request : request.withoutLockCheck(), diagnostics(true));
        if (!lockCheck) {
            err.println("warning: --no-lock-check: pz.lock.json was not checked against project.yml; the connector"
                    + " packages it pins are loaded as they are");
        }
        return project;
    }

    /**
     * Compiles; notices (compile notices, then what later verbs report) go to stdout as {@code note:}
     * lines (stderr after {@link #noticesOnStderr()}), warnings to stderr when asked.
     */
    CompiledProject compile(LoadedProject project, boolean printWarnings) {
        return project.compile(diagnostics(printWarnings));
    }

    /** {@link #load} then {@link #compile}. */
    CompiledProject open(ProjectOptions options, boolean printWarnings) {
        return compile(load(options), printWarnings);
    }

    private Diagnostics diagnostics(boolean printWarnings) {
        return new Diagnostics() {
            @Override
            public void warning(String line) {
                if (printWarnings) {
                    err.println(line);
                }
            }

            @Override
            public void notice(String text) {
                out.println("note: " + text);
            }
        };
    }
}
