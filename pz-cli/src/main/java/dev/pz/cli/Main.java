package dev.pz.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** The {@code pz} executable: runs the command line and exits with its code. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            // Fast path: `pz --version` answers without building picocli's command tree (~170 picocli
            // classes plus every subcommand's reflection), the largest part of its start-up.
            PrintStream out = System.out;
            byte[] line = (PzVersion.informational() + "\n").getBytes(StandardCharsets.UTF_8);
            out.write(line, 0, line.length);
            out.flush();
            System.exit(out.checkError() ? ExitCodes.FATAL : ExitCodes.OK);
        }
        DuckDbFlightRecorderHook.skipUnlessAsked();
        StartupWarmUp.startFor(args);
        Console console = Console.system();
        // Errors (a stack overflow, an exhausted heap) pass picocli's exception handler; they end
        // as one PZ0500 line too, never as a Java stack trace, on any thread.
        Thread.setDefaultUncaughtExceptionHandler((thread, failure) -> ErrorReporter.report(failure, console.err()));
        if (args.length > 0 && SuggestDirective.matches(args[0])) {
            System.exit(SuggestDirective.answer(args, console));
        }
        int exit;
        try {
            exit = PzCommandLine.create(console, args).execute(args);
        } catch (Throwable failure) {
            exit = ErrorReporter.report(failure, console.err());
        }
        System.exit(exit);
    }
}
