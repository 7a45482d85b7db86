package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Invalid run-control values are refused with PZ0120 by {@code validate}, {@code plan} and
 * {@code run} alike, with exit 2 and no run directory: a control that was meant but not understood
 * never turns into no control.
 */
class RunControlConfigTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {
            "node_timeout: 0s", "node_timeout: -1s", "node_timeout: 90 seconds", "node_timeout: 1.5s",
            "node_timeout:", "node_timeout: {seconds: 5}",
            "breaker: {failure_threshold: -1, cool_down: 1m}", "breaker: {failure_threshold: 0, cool_down: 1m}",
            "breaker: {failure_threshold: three, cool_down: 1m}", "breaker: {failure_threshold: 3}",
            "breaker: {cool_down: 1m}", "breaker: {failure_threshold: 3, cool_down: 0s}",
            "breaker: {failure_threshold: 3, cool_down: soon}", "breaker: 5", "breaker:",
            "breaker: {failure_threshold: 3, cool_down: 1m, probes: 2}"})
    void anInvalidValueIsRefusedEverywhere(String engineLine) {
        TestProject project = Catalogue.f01(dir).projectYml("f01", "engine:", "  " + engineLine);
        for (String verb : new String[] {"validate", "plan", "run"}) {
            CliRun run = CliRun.pz(project.path(), verb);
            assertThat(run.exitCode()).as(verb + "\n" + run).isEqualTo(2);
            assertThat(run.err()).as(verb).contains("error PZ0120: ").contains("project.yml:4");
        }
        assertThat(project.resolve(".pz/runs")).doesNotExist();
    }
}
