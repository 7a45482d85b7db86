package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code .pz-native-*} temporary left beside an output by a killed run (issue 3, kill during
 * replace) is deleted by the next run that writes there; a newer one is left alone.
 */
class AbandonedTemporaryTest {

    @TempDir
    Path dir;

    @Test
    void theNextWriteSweepsTemporariesOlderThanItsRun() throws Exception {
        TestProject.in(dir).projectYml("sweep")
                .file("connections.yml", "files:\n  connector: localfiles\nlake:\n  connector: localfiles\n  root: out\n")
                .file("pipelines/copy.sql", "INSERT INTO {{ sink('lake', 'copy', strategy: 'replace', format: 'csv') }}\n"
                        + "select * from {{ source('files', 'items', path: 'items.csv', format: 'csv') }}\n")
                .file("items.csv", "id\n1\n2\n")
                .file("out/copy/.pz-native-0123456789abcdef0123456789abcdef.csv", "half-written")
                .file("out/copy/unrelated.txt", "kept");
        Path abandoned = dir.resolve("out/copy/.pz-native-0123456789abcdef0123456789abcdef.csv");
        Files.setLastModifiedTime(abandoned, FileTime.from(Instant.now().minus(1, ChronoUnit.HOURS)));

        CliRun run = CliRun.pz(dir, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(abandoned).doesNotExist();
        assertThat(dir.resolve("out/copy/unrelated.txt")).hasContent("kept");
        assertThat(dir.resolve("out/copy/copy.csv")).hasContent("id\n1\n2");
    }
}
