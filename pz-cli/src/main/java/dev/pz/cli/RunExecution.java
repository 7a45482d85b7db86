package dev.pz.cli;

import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.execute.Cancellation;
import dev.pz.engine.execute.RunStatus;
import dev.pz.engine.model.Project;
import dev.pz.engine.run.RunSession;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.Locale;
import java.util.Set;

/** What {@code run} and {@code test} share once they know which nodes to execute. */
final class RunExecution {

    private RunExecution() {
    }

    static void checkLogFormat(RunOptions options) {
        String format = options.logFormat.toLowerCase(Locale.ROOT);
        if (!format.equals("text")) {
            throw new UsageError("invalid --log-format value '" + options.logFormat
                    + "' (expected 'text'" + (format.equals("json") ? "; the json event stream is not in this build)" : " or 'json')"));
        }
    }

    static int execute(Project project, CompiledDag dag, Set<String> effective, boolean failFast, boolean fullRefresh,
            PrintWriter out, PrintWriter err) {
        Cancellation cancellation = new Cancellation();
        RunSession.Result result = RunSession.execute(new RunSession.Request(project, dag, effective, failFast,
                fullRefresh, new PlainRenderer(out), err, Clock.systemUTC(), cancellation));
        long succeeded = result.results().stream().filter(r -> r.status().word().equals("success")).count();
        long failed = result.results().stream().filter(r -> r.status().word().equals("failed")).count();
        long skipped = result.results().size() - succeeded - failed;
        out.println("run " + result.runId() + ": " + succeeded + " succeeded, " + failed + " failed, " + skipped
                + " skipped (" + result.resultsFile() + ")");
        if (result.sweep() != null && result.sweep().worthReporting()) {
            out.println(result.sweep().line());
        }
        result.notes().forEach(note -> out.println("note: " + note));
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
