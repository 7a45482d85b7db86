package dev.pz.cli.scaleout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The neutral scale-out plan as {@code pz submit} reads it: checked whole, flows in dependency order. */
class ScaleOutPlanReaderTest {
    @TempDir
    Path temp;

    private Path write(String json) throws IOException {
        Path file = temp.resolve("scale-out.json");
        Files.writeString(file, json);
        return file;
    }

    private static String flow(String name, String shards, String dependsOn, String shardCommand) {
        return "{\"name\": \"" + name + "\", \"shards\": " + shards + ", \"depends_on\": [" + dependsOn + "], "
                + "\"shard_command\": " + shardCommand + ", \"commit_command\": [\"pz\", \"commit\", \"--select\", \""
                + name + "\", \"--run-id\", \"{run_id}\"]}";
    }

    private static String shard(String name, int shards) {
        return "[\"pz\", \"run\", \"--select\", \"" + name + "\", \"--shard\", \"{shard}/" + shards
                + "\", \"--run-id\", \"{run_id}\"]";
    }

    private static String plan(String... flows) {
        return "{\"format\": \"pz.scale-out/v1\", \"project\": \"p\", \"flows\": [" + String.join(", ", flows)
                + "], \"exit_codes\": {\"ok\": [0], \"retry\": [3, 75], \"fail\": [1, 2]}}\n";
    }

    @Test
    void flowsComeInDependencyOrderWithTheirCommandsFilled() throws IOException {
        ScaleOutPlan plan = ScaleOutPlanReader.read(write(plan(
                flow("lake.report", "1", "\"lake.totals\"", shard("lake.report", 1)),
                flow("lake.totals", "3", "", shard("lake.totals", 3)))));

        assertThat(plan.project()).isEqualTo("p");
        assertThat(plan.flows()).extracting(ScaleOutPlan.Flow::name).containsExactly("lake.totals", "lake.report");
        ScaleOutPlan.Flow totals = plan.flows().get(0);
        assertThat(totals.shardCommand(2, "r-1")).containsExactly("pz", "run", "--select", "lake.totals", "--shard",
                "2/3", "--run-id", "r-1");
        assertThat(totals.commitCommand("r-1")).containsExactly("pz", "commit", "--select", "lake.totals",
                "--run-id", "r-1");
        assertThat(plan.only(Set.of("lake.report")).flows()).singleElement()
                .satisfies(flow -> assertThat(flow.dependsOn()).isEmpty());
    }

    @Test
    void everyProblemOfTheFileIsReportedTogether() throws IOException {
        Path file = write("{\"format\": \"pz.scale-out/v9\", \"flows\": [" + flow("a", "0", "\"missing\"",
                "[\"sh\", \"-c\", \"rm -rf /\"]") + ", " + flow("b", "2", "", "[]") + ", {\"shards\": 1}]}");

        assertThatThrownBy(() -> ScaleOutPlanReader.read(file)).isInstanceOfSatisfying(PzValidationException.class,
                invalid -> assertThat(invalid.errors()).extracting(PzError::render).containsExactly(
                        "PZ0732: format must be \"pz.scale-out/v1\", found \"pz.scale-out/v9\" (" + file
                                + ") — hint: write it with `pz plan --emit plan` (docs/scale-out.md describes the file)",
                        "PZ0732: flow a: shards must be a whole number of at least 1, found 0 (" + file
                                + ") — hint: write it with `pz plan --emit plan` (docs/scale-out.md describes the file)",
                        "PZ0732: flow a: shard_command must be a pz command (start with \"pz\"), found \"sh\" (" + file
                                + ") — hint: write it with `pz plan --emit plan` (docs/scale-out.md describes the file)",
                        "PZ0732: flow b: shard_command must be a non-empty array of strings (" + file
                                + ") — hint: write it with `pz plan --emit plan` (docs/scale-out.md describes the file)",
                        "PZ0732: a flow has no name (" + file
                                + ") — hint: write it with `pz plan --emit plan` (docs/scale-out.md describes the file)"));
    }

    @Test
    void unknownDependenciesAndCyclesAreRefused() throws IOException {
        Path unknown = write(plan(flow("a", "1", "\"nowhere\"", shard("a", 1))));
        assertThatThrownBy(() -> ScaleOutPlanReader.read(unknown)).hasMessageContaining(
                "PZ0732: flow a depends on nowhere, which the plan does not list");

        Path cycle = write(plan(flow("a", "1", "\"b\"", shard("a", 1)), flow("b", "1", "\"a\"", shard("b", 1)),
                flow("c", "1", "", shard("c", 1))));
        assertThatThrownBy(() -> ScaleOutPlanReader.read(cycle)).hasMessageContaining(
                "PZ0732: the flows a, b depend on each other in a cycle");
    }

    @Test
    void aMissingOrBrokenFileIsOneError() throws IOException {
        Path missing = temp.resolve("nope.json");
        assertThatThrownBy(() -> ScaleOutPlanReader.read(missing)).isInstanceOfSatisfying(
                PzValidationException.class, invalid -> assertThat(invalid.errors()).extracting(PzError::render)
                        .containsExactly("PZ0732: no scale-out plan found (" + missing
                                + ") — hint: write it with `pz plan --emit plan` (docs/scale-out.md describes the file)"));
        Path broken = write("{\"format\": ");
        assertThatThrownBy(() -> ScaleOutPlanReader.read(broken)).hasMessageStartingWith(
                "PZ0732: the scale-out plan is not readable JSON");
    }
}
