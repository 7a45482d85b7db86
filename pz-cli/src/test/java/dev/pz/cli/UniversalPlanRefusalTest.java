package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Under {@code engine.force_universal} a write the universal tier cannot carry is refused by the
 * plan, before any node runs: exit 2, the connector's PZ code, no run directory, the source untouched.
 */
class UniversalPlanRefusalTest {

    @TempDir
    Path root;

    private TestProject project(String sinkKwargs) {
        return TestProject.in(root).projectYml("refused", Catalogue.LOCALFILES, "engine:\n  force_universal: true")
                .file("connections.yml", Catalogue.F01_CONNECTIONS)
                .file("data/orders.csv", Catalogue.F01_ORDERS)
                .file("pipelines/totals.sql", "INSERT INTO {{ sink('lake', 'totals', strategy: 'replace'"
                        + sinkKwargs + ") }}\nselect customer, sum(amount) as total\nfrom {{ source('files', 'orders') }}"
                        + "\ngroup by customer\n");
    }

    @Test
    void aJsonArraySinkIsRefusedByThePlanBeforeAnythingRuns() {
        TestProject project = project(", format: 'json', layout: 'array', path: 'out/'");
        for (String verb : new String[] {"plan", "run"}) {
            CliRun run = verb.equals("run") ? CliRun.pz(project.path(), "run", "--all") : CliRun.pz(project.path(), verb);
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.err()).as(verb).contains("error PZ0361: output 'totals': json 'layout: array' is native-only");
            assertThat(run.out()).as(verb).doesNotContain("ok src_files__orders");
        }
        assertThat(project.path().resolve(".pz/runs")).doesNotExist();
        assertThat(project.path().resolve("out")).doesNotExist();
    }

    @Test
    void aParquetSinkRunsOnTheUniversalTier() {
        TestProject project = project(", format: 'parquet', path: 'out/'");
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(Duck.rows("select customer, total from read_parquet('" + project.path().resolve("out/totals.parquet")
                + "') order by customer")).containsExactly("alice|121.0", "bob|156.0", "carol|191.5");
    }
}
