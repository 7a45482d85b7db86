package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The command surface: verbs, --version, usage errors exit 2. */
class CliSurfaceTest {

    @ParameterizedTest
    @ValueSource(strings = {"init", "compile", "plan", "run", "validate", "test", "ls"})
    void shippedVerbsAnswerHelp(String verb) {
        CliRun help = CliRun.pz(verb, "--help");
        assertThat(help.exitCode()).as(help.toString()).isZero();
        assertThat(help.out()).contains("pz " + verb);
    }

    @Test
    void versionPrintsAVersionString() {
        CliRun version = CliRun.pz("--version");
        assertThat(version.exitCode()).isZero();
        assertThat(version.out()).matches("(?s)\\d+\\.\\d+\\.\\d+.*\n");
    }

    @Test
    void usageErrorsExit2() {
        assertThat(CliRun.pz("frobnicate").exitCode()).isEqualTo(2);
        assertThat(CliRun.pz("plan", "--no-such-option").exitCode()).isEqualTo(2);
    }
}
