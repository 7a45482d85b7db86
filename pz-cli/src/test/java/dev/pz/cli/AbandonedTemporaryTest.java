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
 * A temporary left in an output's {@code .pz-tmp/} by a killed run is deleted by the next run that
 * writes there, even when no run directory remembers it (the project's {@code .pz} was removed);
 * files that are not named like temporaries, and temporaries newer than the run, are left alone.
 */
class AbandonedTemporaryTest {

    private static final String ABANDONED = "out/copy/.pz-tmp/0123456789abcdef0123456789abcdef.part";

    @TempDir
    Path dir;

    @Test
    void theNextWriteSweepsTemporariesOlderThanItsRun() throws Exception {
        TestProject.in(dir).projectYml("sweep")
                .file("connections.yml", "files:\n  connector: localfiles\nlake:\n  connector: localfiles\n  root: out\n")
                .file("pipelines/copy.sql", "INSERT INTO {{ sink('lake', 'copy', strategy: 'replace', format: 'csv') }}\n"
                        + "select * from {{ source('files', 'items', path: 'items.csv', format: 'csv') }}\n")
                .file("items.csv", "id\n1\n2\n")
                .file(ABANDONED, "half-written")
                .file("out/copy/.pz-tmp/notes.txt", "not a temporary")
                .file("out/copy/unrelated.txt", "kept");
        Path abandoned = dir.resolve(ABANDONED);
        Files.setLastModifiedTime(abandoned, FileTime.from(Instant.now().minus(1, ChronoUnit.HOURS)));

        CliRun run = CliRun.pz(dir, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(abandoned).doesNotExist();
        assertThat(dir.resolve("out/copy/.pz-tmp/notes.txt")).hasContent("not a temporary");
        assertThat(dir.resolve("out/copy/unrelated.txt")).hasContent("kept");
        assertThat(dir.resolve("out/copy/copy.csv")).hasContent("id\n1\n2");
    }
}
