package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Inputs written to hurt pz (an alias bomb, a template nested 500 brackets deep, a string doubled
 * until it fills the heap) are refused by validate, plan and run alike: exit 2, one PZ error line,
 * no Java stack trace and no run directory.
 */
class HostileInputTest {

    @TempDir
    Path directory;

    static Stream<Arguments> hostileInputs() {
        StringBuilder bomb = new StringBuilder("vars:\n  a: &a [x, x, x, x, x, x, x, x, x]\n");
        String previous = "a";
        for (int level = 1; level <= 9; level++) {
            bomb.append("  b").append(level).append(": &b").append(level).append(" [")
                    .append(String.join(", ", Collections.nCopies(9, "*" + previous))).append("]\n");
            previous = "b" + level;
        }
        return Stream.of(
                Arguments.of("alias bomb in vars", "project.yml", bomb.toString(), "PZ0101",
                        "expands to more than 200000 values"),
                Arguments.of("500 nested parentheses", "pipelines/customer_totals.sql", Catalogue.F01_PIPELINE
                        + "{{ " + "(".repeat(500) + "1" + ")".repeat(500) + " }}\n", "PZ0104", "nests more than 200 levels"),
                Arguments.of("a string doubled 40 times", "pipelines/customer_totals.sql",
                        "{{ x = 'aaaaaaaaaa' }}" + "{{ x = x + x }}".repeat(40) + Catalogue.F01_PIPELINE, "PZ0104",
                        "renders text longer than"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileInputs")
    void validatePlanAndRunRefuseItTheSameWay(String name, String file, String text, String code, String message)
            throws Exception {
        TestProject project = Catalogue.f01(directory);
        if (file.equals("project.yml")) {
            project.projectYml("hostile", Catalogue.LOCALFILES, text);
        } else {
            project.file(file, text);
        }
        for (String verb : new String[] {"validate", "plan", "run"}) {
            CliRun run = CliRun.pz(directory, verb);
            assertThat(run.exitCode()).as(verb + "\n" + run).isEqualTo(2);
            assertThat(run.errLines()).as(verb).singleElement().asString()
                    .startsWith("error " + code + ": ").contains(message);
            assertThat(run.err()).as(verb).doesNotContain("\tat ").doesNotContain("Exception");
        }
        assertThat(Files.exists(directory.resolve(".pz/runs"))).isFalse();
    }
}
