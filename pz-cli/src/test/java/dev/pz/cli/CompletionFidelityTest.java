package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code pz completion} as the reference's CompletionCommandTests pin it: every script asks pz for
 * its suggestions rather than carrying a list of verbs, the suggest directive answers with verbs,
 * sub-verbs and options (every visible verb among them), bash falls back to file names, and a
 * missing shell is a usage error with exit 2. (The catalogue's CP entries; the other facts of that
 * file are CompletionTest's and ShellCompletionTest's.)
 */
class CompletionFidelityTest {
    private static final List<String> SHELLS = List.of("bash", "zsh", "fish", "pwsh");

    private static List<String> suggest(String line) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = SuggestDirective.answer(new String[] {"[suggest:" + line.length() + "]", line},
                Console.of(out, err, System.getenv()));
        assertThat(code).as(err.toString()).isZero();
        return out.toString().isEmpty() ? List.of() : List.of(out.toString().split("\n"));
    }

    // CP2
    @Test
    void everyScriptAsksPzForItsSuggestions() {
        for (String shell : SHELLS) {
            CliRun script = CliRun.pz("completion", shell);
            assertThat(script.exitCode()).as(shell).isZero();
            assertThat(script.out()).as(shell).contains("[suggest:").doesNotContain("rollback");
        }
    }

    // CP3
    @Test
    void theDirectiveAnswersWithVerbsSubVerbsAndOptions() {
        assertThat(suggest("pz ")).contains("run", "completion");
        assertThat(suggest("pz state ")).contains("rollback");
        assertThat(suggest("pz connector ")).contains("test");
        assertThat(suggest("pz run --")).contains("--project");
        assertThat(suggest("pz runs --")).contains("--limit");
        assertThat(suggest("pz completion ")).contains("zsh");
    }

    // CP4
    @Test
    void everyVisibleVerbIsSuggested() {
        CommandLine pz = PzCommandLine.create(new Console(new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter()), false, Map.of()));
        List<String> verbs = pz.getSubcommands().entrySet().stream()
                .filter(verb -> !verb.getValue().getCommandSpec().usageMessage().hidden()).map(Map.Entry::getKey)
                .toList();
        assertThat(verbs).contains("run", "plan", "state", "completion");
        assertThat(suggest("pz ")).containsAll(verbs);
    }

    // CP6
    @Test
    void bashLeavesAPathToTheShellsOwnFileCompletion() {
        assertThat(suggest("pz run --project ./")).isEmpty();
        assertThat(CliRun.pz("completion", "bash").out()).contains("complete -o default -F");
    }

    // CP9
    @Test
    void aMissingShellIsAUsageErrorWithExitTwo() {
        CliRun run = CliRun.pz("completion");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
    }
}
