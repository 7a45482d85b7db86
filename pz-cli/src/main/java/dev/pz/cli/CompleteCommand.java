package dev.pz.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code pz __complete "<line>"}: the entry point the completion scripts of {@code pz completion}
 * call on every Tab, with the command line up to the cursor; prints one candidate per line and
 * nothing else, never an error. Hidden from help and from completion itself.
 */
@Command(name = "__complete", hidden = true, description = "Print completion candidates for a pz command line.")
final class CompleteCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "<line>", description = "The command line before the cursor.")
    String line = "";

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try {
            CompletionCandidates.of(spec.root(), line, PzCommandLine.Root.console(spec).environment())
                    .forEach(out::println);
        } catch (RuntimeException e) {
            // A Tab offers nothing rather than an error in the middle of the user's command line.
        }
        out.flush();
        return ExitCodes.OK;
    }
}
