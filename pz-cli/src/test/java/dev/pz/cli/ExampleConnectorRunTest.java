package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The project of docs/connectors/writing-a-connector.md, run with the guide's example connector on
 * the class path: it is listed, its options are checked like a builtin's, and the flow gives the
 * same file on the native tier (range() scan, COPY, rename) and the universal one (four partitions,
 * the connector's own CSV writer).
 */
class ExampleConnectorRunTest {

    private static final String CONNECTIONS = """
            numbers:
              connector: example
              entities:
                squares:
                  read: {stop: 1000, partitions: 4}
            files:
              connector: example
              root: out
            """;
    private static final String PIPELINE = """
            INSERT INTO {{ sink('files', 'squares_csv', strategy: 'replace') }}
            select * from {{ source('numbers', 'squares') }} order by n
            """;

    @TempDir
    Path temp;

    @Test
    void theGuidesProjectRunsOnBothTiers() throws Exception {
        String nativeFile = run(temp.resolve("native"), "");
        String universalFile = run(temp.resolve("universal"), "engine:\n  force_universal: true");
        assertThat(nativeFile).startsWith("n,square\n0,0\n1,1\n2,4\n").endsWith("999,998001\n");
        assertThat(nativeFile.lines()).hasSize(1001);
        assertThat(universalFile).isEqualTo(nativeFile);
    }

    @Test
    void itsOptionsAreCheckedAndListed() {
        TestProject project = TestProject.in(temp).projectYml("guide")
                .file("connections.yml", CONNECTIONS.replace("{stop: 1000, partitions: 4}", "{stop: 1000, partitons: 4}"))
                .file("pipelines/copy.sql", PIPELINE);
        CliRun validate = CliRun.pz(project.path(), "validate");
        assertThat(validate.exitCode()).as(validate.toString()).isEqualTo(2);
        assertThat(validate.err()).contains("error PZ0301: dataset 'squares': unknown option 'partitons'",
                "hint: did you mean 'partitions'?");

        CliRun listed = CliRun.pz(project.path(), "connectors");
        assertThat(listed.out()).containsPattern("(?m)^example .* src:native\\+universal snk:native\\+universal "
                + "ColumnPruning,PartitionedRead,NativeScan,NativeCopy,ReplaceWrites$");
    }

    private String run(Path directory, String engine) throws Exception {
        TestProject project = TestProject.in(directory).projectYml("guide", engine)
                .file("connections.yml", CONNECTIONS).file("pipelines/copy.sql", PIPELINE);
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(RunArtifacts.listFiles(project.resolve("out"))).containsExactly("squares_csv.csv");
        return Files.readString(project.resolve("out/squares_csv.csv"));
    }
}
