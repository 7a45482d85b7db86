package dev.pz.cli.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.cli.CliRun;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The root command, as the reference's CliAppTests pin it: the verbs it offers and a verb with no project. */
class VerbSurfaceFidelityTest {
    @TempDir
    Path temp;

    // CA1
    @Test
    void helpListsEveryVerbTheReferenceOffers() {
        CliRun help = CliRun.pz("--help");
        assertThat(help.exitCode()).as(help.toString()).isZero();
        for (String verb : new String[] {"init", "restore", "validate", "compile", "plan", "run", "retry", "test", "ls",
            "connectors"}) {
            assertThat(help.out()).as(verb).containsPattern("(?m)^ +" + verb + "\\b");
        }
    }

    // CA2
    @Test
    void planWithoutAProjectIsAConfigurationError() {
        CliRun plan = CliRun.pz(temp, "plan");
        assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(2);
        assertThat(plan.err()).contains("project.yml");
        assertThat(temp.resolve(".pz")).doesNotExist();
    }
}
