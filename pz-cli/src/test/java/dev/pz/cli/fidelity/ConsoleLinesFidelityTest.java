package dev.pz.cli.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.cli.CliRun;
import dev.pz.cli.RunArtifacts;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plain console lines of a run, as the reference's ConsoleRendererTests and LiveTreeRendererTests
 * pin them: {@code ok}, {@code FAIL} with its indented error block, {@code skip}, and nothing else for a
 * node that succeeded.
 */
class ConsoleLinesFidelityTest {
    @TempDir
    Path temp;

    // CR1, CR4, LT1 (a non-terminal gets the plain lines)
    @Test
    void aSuccessfulNodeIsExactlyOneOkLine() {
        CliRun run = Reference.ok(Catalogue.f01(temp).path(), "run");
        assertThat(RunArtifacts.beforeReportLine(run)).filteredOn(line -> !line.startsWith("run ")
                && !line.startsWith("hint: ")).allSatisfy(line -> assertThat(line).matches("ok \\S+ \\d+ rows \\d+ms"));
        assertThat(run.outLines()).contains(run.outLines().stream().filter(l -> l.startsWith("ok src_files__orders"))
                .findFirst().orElseThrow()).anySatisfy(line -> assertThat(line).startsWith("ok src_files__orders 12 rows "));
    }

    // CR1, CR2, CR3
    @Test
    void aFailedNodePrintsFailThenItsCodeAndEveryMessageLineIndentedThenSkips() {
        TestProject project = Catalogue.f01(temp).file("pipelines/customer_totals.sql", "INSERT INTO {{ sink('lake', "
                + "'customer_totals', strategy: 'replace', format: 'parquet', path: 'out/') }}\nselect customer, "
                + "cast(customer as integer) as code\nfrom {{ source('files', 'orders') }}\n");
        CliRun run = CliRun.pz(project.path(), "run");
        assertThat(run.exitCode()).isEqualTo(1);
        int fail = run.outLines().indexOf(run.outLines().stream().filter(l -> l.startsWith("FAIL customer_totals 0 rows "))
                .findFirst().orElseThrow());
        assertThat(run.outLines().get(fail)).matches("FAIL customer_totals 0 rows \\d+ms");
        assertThat(run.outLines().get(fail + 1)).startsWith("  PZ0501: ");
        for (int i = fail + 2; i < run.outLines().size() && !run.outLines().get(i).startsWith("skip "); i++) {
            assertThat(run.outLines().get(i)).as("every message line is indented").startsWith("  ");
        }
        assertThat(run.outLines()).anySatisfy(line -> assertThat(line).matches("skip lake\\.customer_totals 0 rows \\d+ms"));
    }
}
