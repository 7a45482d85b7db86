package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

class PzCommandLineTest {

    private static Console quiet(StringWriter out, StringWriter err) {
        return Console.of(out, err, Map.of());
    }

    @Test
    void everyVerbIsRegisteredUnderItsOwnCommandName() {
        PzCommandLine.VERBS.forEach((verb, type) ->
                assertThat(type.getAnnotation(Command.class).name()).as(type.getSimpleName()).isEqualTo(verb));
    }

    @Test
    void aNamedVerbBuildsOnlyThatVerb() {
        CommandLine tree = PzCommandLine.create(quiet(new StringWriter(), new StringWriter()), "plan", "--project", "x");
        assertThat(tree.getSubcommands()).containsOnlyKeys("plan");
    }

    @Test
    void helpNoArgumentsAndUnknownVerbsGetTheWholeTree() {
        for (String[] args : new String[][] {{}, {"--help"}, {"rnu"}, {"-h"}}) {
            CommandLine tree = PzCommandLine.create(quiet(new StringWriter(), new StringWriter()), args);
            assertThat(tree.getSubcommands().keySet()).as(String.join(" ", args))
                    .containsExactlyElementsOf(PzCommandLine.VERBS.keySet());
        }
    }

    @Test
    void aMistypedVerbIsRefusedAgainstTheWholeTree() {
        StringWriter err = new StringWriter();
        int code = PzCommandLine.create(quiet(new StringWriter(), err), "rnu").execute("rnu");
        assertThat(code).isEqualTo(ExitCodes.CONFIG_ERROR);
        assertThat(err.toString()).isEqualTo("error: Unmatched argument at index 0: 'rnu'" + System.lineSeparator()
                + "see `pz --help`" + System.lineSeparator());
    }

    @Test
    void helpListsEveryVerbInRegistrationOrder() {
        StringWriter out = new StringWriter();
        PzCommandLine.create(quiet(out, new StringWriter()), "--help").execute("--help");
        int last = -1;
        for (String verb : PzCommandLine.VERBS.keySet()) {
            int at = out.toString().indexOf("\n  " + verb + " ");
            assertThat(at).as(verb).isGreaterThan(last);
            last = at;
        }
    }
}
