package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.TestProject;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pz connectors} lists every builtin with its tiers and capability flags. */
class ConnectorsCommandTest {

    @TempDir
    Path project;

    @Test
    void listsTheBuiltinsWithTiersAndCapabilities() {
        TestProject.in(project).projectYml("p");
        CliRun run = CliRun.pz(project, "connectors");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines().get(0)).isEqualTo(String.format("%-14s %-28s %-16s %-18s %s", "name", "package",
                "version", "tiers", "capabilities"));
        assertThat(run.out()).containsPattern("(?m)^localfiles +pz \\(builtin\\) +\\S+ +src:native\\+universal "
                + "snk:native\\+universal .*NativeScan,NativeCopy.*ReplaceWrites");
        assertThat(run.out()).containsPattern("(?m)^postgres +pz \\(builtin\\) +\\S+ +src:universal snk:universal "
                + ".*Merge");
    }

    @Test
    void outsideAProjectIsAConfigurationError() {
        CliRun run = CliRun.pz(project, "connectors");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("project.yml");
    }
}
