package dev.pz.cli;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code pz completion <bash|zsh|fish|pwsh>}: prints a completion script for the shell. Each script
 * is a few lines that hand the command line and the cursor to
 * {@code pz "[suggest:<cursor>]" "<line>"} ({@link SuggestDirective}) and fall back to file names
 * when pz has nothing to offer, so verbs, options and project names complete from whatever the
 * installed pz and the project at hand have, and an upgrade never leaves a stale script.
 */
@Command(name = "completion", mixinStandardHelpOptions = true,
        description = "Print a shell completion script (bash, zsh, fish or pwsh) to stdout.")
final class CompletionCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "<shell>", description = "bash, zsh, fish or pwsh.")
    String shell;

    @Override
    public Integer call() {
        if (!CompletionCandidates.SHELLS.contains(shell)) {
            throw new PzException(PzError.of(PzCode.COMPLETION_SHELL_INVALID, "unknown shell '" + shell
                    + "' — expected one of: " + String.join(", ", CompletionCandidates.SHELLS)));
        }
        spec.commandLine().getOut().print(script(shell));
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }

    static String script(String shell) {
        String name = "completion/pz." + (shell.equals("pwsh") ? "ps1" : shell);
        try (InputStream in = CompletionCommand.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("pz.jar lacks " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
