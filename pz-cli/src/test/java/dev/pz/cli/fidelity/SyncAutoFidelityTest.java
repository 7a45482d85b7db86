package dev.pz.cli.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.cli.CliRun;
import dev.pz.testing.TestProject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dataset that declares {@code sync: {mode: auto}}, as the reference's SyncCompileTests pin it. No read
 * of this build is a feed, so {@code auto} is a full read: it may feed any write strategy without consent.
 */
class SyncAutoFidelityTest {
    private static final String CONNECTIONS = "crm:\n  connector: localfiles\n  entities:\n"
            + "    orders:\n      read:\n        path: orders.csv\n        format: csv\n"
            + "        sync:\n          mode: auto\n"
            + "\nlake:\n  connector: localfiles\n";

    @TempDir
    Path temp;

    private TestProject project(String name, String strategy) {
        return TestProject.in(temp.resolve(name)).projectYml("t")
                .file("connections.yml", CONNECTIONS)
                .file("orders.csv", "id,amount\n1,10\n2,20\n")
                .file("pipelines/stg.sql", "INSERT INTO {{ sink('lake', 'out', strategy: '" + strategy
                        + "', format: 'parquet') }}\nselect * from {{ source('crm', 'orders') }}\n");
    }

    private static CliRun succeeds(TestProject project, String verb) {
        CliRun run = CliRun.pz(project.path(), verb);
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.err()).as(verb).doesNotContain("PZ0214").doesNotContain("PZ0335");
        return run;
    }

    // SY1, SY2: neither the append-consent rule (PZ0214) nor the replace rule (PZ0335) applies to an
    // explicit auto dataset, at compile time or at plan time.
    @Test
    void anAutoDatasetFeedsAppendAndReplaceWithoutConsent() {
        for (String strategy : new String[] {"append", "replace"}) {
            TestProject project = project(strategy, strategy);
            succeeds(project, "compile");
            assertThat(succeeds(project, "plan").out()).as(strategy).contains("src_crm__orders").contains("(read=full)");
        }
    }

    // SY3 is a deliberate difference (docs/port-differences.md): an auto read is a full read here, and a
    // full read into replace is effectively-once, so the reference's "effectively-once is not guaranteed"
    // advisory would be wrong and is not printed.
    @Test
    void anAutoDatasetIntoReplaceGetsNoEffectivelyOnceAdvisory() throws IOException {
        TestProject project = project("advisory", "replace");
        CliRun compile = succeeds(project, "compile");
        CliRun run = succeeds(project, "run");
        assertThat(compile.out() + compile.err() + run.out() + run.err()).doesNotContain("effectively-once");
        assertThat(run.out()).contains("lake.out");
        try (Stream<Path> files = Files.walk(project.path())) {
            assertThat(files.filter(file -> !project.path().relativize(file).startsWith(".pz"))
                    .filter(file -> file.toString().endsWith(".parquet"))).isNotEmpty();
        }
    }
}
