package dev.pz.cli;

import dev.pz.engine.CompiledProject;
import dev.pz.engine.RunCancelledException;
import dev.pz.engine.RunControl;
import dev.pz.engine.RunReport;
import dev.pz.engine.RunSettings;
import dev.pz.engine.RunTarget;
import dev.pz.engine.Tracing;
import dev.pz.engine.events.RunListener;
import dev.pz.engine.events.RunStatus;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.function.ToIntFunction;

/** What {@code run}, {@code retry} and {@code test} share once they know which nodes to execute. */
final class RunExecution {

    private RunExecution() {
    }

    /** {@code --log-format}: text (plain lines, or the live view on a terminal) or the json event stream. */
    enum LogFormat {
        TEXT, JSON;

        static LogFormat of(RunOptions options) {
            return switch (options.logFormat.toLowerCase(Locale.ROOT)) {
                case "text" -> TEXT;
                case "json" -> JSON;
                default -> throw new UsageError("invalid --log-format value '" + options.logFormat
                        + "' (expected 'text' or 'json')");
            };
        }
    }

    /**
     * Where a run verb prints: in json mode stdout carries only events, so every human line (compile
     * notices, the summary, the retention line, notes) goes to stderr.
     */
    record Output(LogFormat format, Console console, ProjectContext context, Tracing tracing) {
        static Output of(picocli.CommandLine.Model.CommandSpec spec, RunOptions options) {
            LogFormat format = LogFormat.of(options);
            Console root = PzCommandLine.Root.console(spec);
            ProjectContext context = ProjectContext.of(spec).lockCheck(!options.noLockCheck)
                    .withStateUrl(options.stateUrl);
            Tracing tracing;
            try {
                tracing = options.tracing(root.environment());
            } catch (Tracing.InvalidSetting e) {
                throw new UsageError(e.getMessage());
            }
            return new Output(format, new Console(spec.commandLine().getOut(), spec.commandLine().getErr(),
                    root.interactive(), root.environment()), format == LogFormat.JSON ? context.noticesOnStderr() : context,
                    tracing);
        }

        /** Human lines: stdout in text mode, stderr in json mode. */
        PrintWriter human() {
            return format == LogFormat.JSON ? console.err() : console.out();
        }
    }

    /** Runs {@code target}, rendering its events and then its summary; the exit code of its status. */
    static int execute(CompiledProject project, RunTarget target, RunSettings settings, Output output) {
        return execute(output, (listener, control) -> project.run(target, settings, listener, control),
                report -> exitCode(report.status()));
    }

    /** One run the engine makes and reports: a plain run, a shard, or the publish of a commit. */
    interface RunCall {
        /** The run's report, or null when nothing ran (its notes were already printed). */
        RunReport run(RunListener listener, RunControl control);
    }

    /**
     * Makes the run {@code call} describes, rendering its events and then its summary; {@code exit}
     * turns its report into the exit code. A call that runs nothing exits {@link ExitCodes#OK}.
     */
    static int execute(Output output, RunCall call, ToIntFunction<RunReport> exit) {
        PrintWriter out = output.console().out();
        JsonEventRenderer json = null;
        LiveRenderer live = null;
        RunListener renderer;
        if (output.format() == LogFormat.JSON) {
            renderer = json = new JsonEventRenderer(out, Clock.systemUTC());
        } else if (output.console().interactive()) {
            renderer = live = LiveRenderer.forTerminal(out, output.console().environment());
        } else {
            renderer = new PlainRenderer(out);
        }
        RunControl control = new RunControl();
        RunReport report;
        Tracing.Session traces = output.tracing().start();
        List<String> traceNotes;
        Runnable beforeHalt = live == null ? () -> { } : live::restoreTerminal;
        try (StopSignals signals = StopSignals.install(control, beforeHalt)) {
            report = call.run(RunListener.all(renderer, traces.listener()), control);
        } catch (RunCancelledException e) {
            output.console().err().println(e.getMessage());
            return ExitCodes.FATAL;
        } finally {
            if (live != null) {
                live.close();
            }
            traceNotes = traces.finish();
        }
        if (report == null) {
            traceNotes.forEach(note -> output.human().println("note: " + note));
            return ExitCodes.OK;
        }
        if (json != null) {
            report.retention().ifPresent(json::retentionSwept);
        }
        report.cancellation().ifPresent(output.console().err()::println);
        PrintWriter human = output.human();
        human.println("run " + report.runId() + ": " + report.succeeded() + " succeeded, " + report.failed()
                + " failed, " + report.skipped() + " skipped (" + report.resultsFile() + ")");
        report.retention().ifPresent(retention -> human.println(retention.line()));
        report.notes().forEach(note -> human.println("note: " + note));
        traceNotes.forEach(note -> human.println("note: " + note));
        ReportCommand.printPath(human, report.reportFile());
        return exit.applyAsInt(report);
    }

    static int exitCode(RunStatus status) {
        return switch (status) {
            case SUCCESS, RUNNING -> ExitCodes.OK;
            case COMPLETED_WITH_FAILURES -> ExitCodes.NODE_FAILURES;
            case FATAL -> ExitCodes.FATAL;
        };
    }

    /** A usage problem reported as {@code error: <text>} with exit 2. */
    static final class UsageError extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageError(String message) {
            super(message);
        }
    }
}
