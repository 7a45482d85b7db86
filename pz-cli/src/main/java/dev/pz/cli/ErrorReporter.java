package dev.pz.cli;

import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.engine.events.EngineFailures;
import dev.pz.engine.events.EnvironmentFailure;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

/**
 * Turns what escapes a verb into error lines and an exit code, in one place: pz errors print as
 * {@code error PZxxxx: …} and exit 2; the machine's failures (permission denied, disk full, file
 * locked: PZ0531–PZ0533), reported by the engine or met by a verb of its own such as {@code pz init},
 * exit 3; anything else is a bug in pz (PZ0500, exit 3).
 */
final class ErrorReporter implements IExecutionExceptionHandler {

    @Override
    public int handleExecutionException(Exception exception, CommandLine commandLine, ParseResult parseResult) {
        return report(exception, commandLine.getErr());
    }

    static int report(Throwable exception, PrintWriter err) {
        if (exception instanceof PzValidationException validation) {
            validation.errors().forEach(error -> print(error, err));
            return ExitCodes.CONFIG_ERROR;
        }
        if (exception instanceof RunExecution.UsageError usage) {
            err.println("error: " + usage.getMessage());
            return ExitCodes.CONFIG_ERROR;
        }
        if (exception instanceof PzException pz) {
            print(pz.error(), err);
            return ExitCodes.CONFIG_ERROR;
        }
        PzError environment = exception instanceof EnvironmentFailure failure ? failure.error()
                : EngineFailures.classify(exception, "run the command again").orElse(null);
        if (environment != null) {
            print(environment, err);
            err.flush();
            return ExitCodes.FATAL;
        }
        if (exception instanceof OutOfMemoryError) {
            err.println("error PZ0500: pz ran out of Java heap memory (" + exception.getMessage() + ") — hint: give "
                    + "it more with PZ_JAVA_OPTS=-Xmx<size>, or lower engine.threads in project.yml");
        } else {
            err.println("error PZ0500: internal error (" + exception.getClass().getSimpleName() + ": "
                    + exception.getMessage() + ") — this is a bug in pz, not in your project; please report it, "
                    + "re-running with PZ_DEBUG=1 to include the stack trace");
        }
        String debug = System.getenv("PZ_DEBUG");
        if (debug != null && !debug.equals("0")) {
            StringWriter trace = new StringWriter();
            exception.printStackTrace(new PrintWriter(trace));
            err.print(trace);
        }
        err.flush();
        return ExitCodes.FATAL;
    }

    static void print(PzError error, PrintWriter err) {
        err.println("error " + error.render());
    }
}
