package dev.pz.cli;

import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.execute.Cancellation;
import dev.pz.engine.execute.RunListener;
import dev.pz.engine.execute.RunStatus;
import dev.pz.engine.model.Project;
import dev.pz.engine.report.RunReports;
import dev.pz.engine.telemetry.OtelSettings;
import dev.pz.engine.telemetry.TraceExport;
import dev.pz.engine.run.CancellationNotice;
import dev.pz.engine.run.RetryPlan;
import dev.pz.engine.run.RunSession;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** What {@code run} and {@code test} share once they know which nodes to execute. */
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
    record Output(LogFormat format, Console console, Optional<OtelSettings> otel) {
        static Output of(picocli.CommandLine.Model.CommandSpec spec, RunOptions options) {
            LogFormat format = LogFormat.of(options);
            Console root = PzCommandLine.Root.console(spec);
            Optional<OtelSettings> otel;
            try {
                otel = OtelSettings.resolve(options.otelEndpoint, root.environment());
            } catch (OtelSettings.Invalid e) {
                throw new UsageError(e.getMessage());
            }
            return new Output(format, new Console(spec.commandLine().getOut(), spec.commandLine().getErr(),
                    root.interactive(), root.environment()), otel);
        }

        /** Human lines: stdout in text mode, stderr in json mode. */
        PrintWriter human() {
            return format == LogFormat.JSON ? console.err() : console.out();
        }

        ProjectContext context() {
            ProjectContext context = new ProjectContext(console.environment(), console.out(), console.err());
            return format == LogFormat.JSON ? context.noticesOnStderr() : context;
        }
    }

    static int execute(Project project, CompiledDag dag, Set<String> effective, boolean failFast, boolean fullRefresh,
            Output output) {
        return execute(project, dag, effective, failFast, fullRefresh, output, null);
    }

    static int execute(Project project, CompiledDag dag, Set<String> effective, boolean failFast, boolean fullRefresh,
            Output output, RetryPlan retry) {
        PrintWriter out = output.console().out();
        PrintWriter err = output.console().err();
        JsonEventRenderer json = null;
        LiveRenderer live = null;
        RunListener renderer;
        if (output.format() == LogFormat.JSON) {
            renderer = json = new JsonEventRenderer(out, Clock.systemUTC());
        } else if (output.console().interactive()) {
            renderer = live = LiveRenderer.forTerminal(out);
        } else {
            renderer = new PlainRenderer(out);
        }
        Cancellation cancellation = new Cancellation();
        RunSession.Result result;
        TraceExport traces = output.otel().map(settings -> TraceExport.start(settings, output.console().environment()))
                .orElseGet(TraceExport::off);
        Optional<String> traceNote = Optional.empty();
        try (StopSignals signals = StopSignals.install(cancellation)) {
            result = RunSession.execute(new RunSession.Request(project, dag, effective, failFast, fullRefresh,
                    RunListener.all(renderer, traces.listener()), err, Clock.systemUTC(), cancellation, retry));
        } catch (Cancellation.CancelledException e) {
            err.println(CancellationNotice.beforeAnyNode());
            return ExitCodes.FATAL;
        } finally {
            if (live != null) {
                live.close();
            }
            traceNote = traces.finish();
        }
        if (json != null) {
            json.retentionSwept(result.sweep());
        }
        long succeeded = result.results().stream().filter(r -> r.status().word().equals("success")).count();
        long failed = result.results().stream().filter(r -> r.status().word().equals("failed")).count();
        long skipped = result.results().size() - succeeded - failed;
        CancellationNotice.of(cancellation, result.results()).ifPresent(err::println);
        PrintWriter human = output.human();
        human.println("run " + result.runId() + ": " + succeeded + " succeeded, " + failed + " failed, " + skipped
                + " skipped (" + result.resultsFile() + ")");
        if (result.sweep() != null && result.sweep().worthReporting()) {
            human.println(result.sweep().line());
        }
        result.notes().forEach(note -> human.println("note: " + note));
        traceNote.ifPresent(note -> human.println("note: " + note));
        ReportCommand.printPath(human, result.resultsFile().resolveSibling(RunReports.FILE));
        return exitCode(result.status());
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
