package dev.pz.engine.artifacts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.TemporaryFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a run records about its temporaries and what the sweep of dead runs deletes: only files
 * named like temporaries, in the {@code .pz-tmp} directories the dead runs listed, older than every
 * live run; a run that ends normally leaves nothing to sweep.
 */
class RunTemporariesTest {

    private static final String DEAD = "20260101T000000000Z-0001";
    private static final String LIVE = "20260101T010000000Z-0002";

    @TempDir
    Path project;

    @Test
    void aRunThatEndsLeavesNeitherTemporariesNorItsList() throws Exception {
        Path run = RunDirectory.runsDirectory(project).resolve(DEAD);
        Path out = TemporaryFiles.directoryIn(project.resolve("out"));
        Path temporary;
        try (RunTemporaries temporaries = new RunTemporaries(run, Instant.now())) {
            temporary = temporaries.create(out);
            assertThat(Files.readString(run.resolve(RunTemporaries.LEDGER))).isEqualTo(out + "\n");
            assertThat(temporaries.spool()).isEqualTo(run.resolve(".pz-tmp"));
        }
        assertThat(temporary).doesNotExist();
        assertThat(out).doesNotExist();
        assertThat(run.resolve(RunTemporaries.LEDGER)).doesNotExist();
    }

    @Test
    void theSweepDeletesWhatDeadRunsListedAndSparesTheLiveRunsFiles() throws Exception {
        Path out = TemporaryFiles.directoryIn(project.resolve("out"));
        Path old = write(out.resolve("0123456789abcdef0123456789abcdef.part"), Instant.parse("2025-12-31T23:00:00Z"));
        Path newerThanTheLiveRun = write(out.resolve("fedcba9876543210fedcba9876543210.part"),
                Instant.parse("2026-01-01T02:00:00Z"));
        Path notATemporary = write(out.resolve("notes.txt"), Instant.parse("2025-01-01T00:00:00Z"));
        Path deadRun = Files.createDirectories(RunDirectory.runsDirectory(project).resolve(DEAD));
        Files.writeString(deadRun.resolve(RunTemporaries.LEDGER), out + "\n" + project.resolve("elsewhere") + "\n");

        try (RunDirectory live = RunDirectory.create(project, LIVE)) {
            RunTemporaries.Sweep dry = RunTemporaries.sweepAbandoned(project, Instant.now(), true);
            assertThat(dry.files()).isEqualTo(1);
            assertThat(old).exists();

            RunTemporaries.Sweep swept = RunTemporaries.sweepAbandoned(project, Instant.now(), false);
            assertThat(swept).isEqualTo(new RunTemporaries.Sweep(1, 3));
        }
        assertThat(old).doesNotExist();
        assertThat(newerThanTheLiveRun).as("may belong to the live run").exists();
        assertThat(notATemporary).exists();
        assertThat(deadRun.resolve(RunTemporaries.LEDGER)).doesNotExist();

        assertThat(RunTemporaries.sweepAbandoned(project, Instant.now(), false).files()).as("nothing listed any more")
                .isZero();
    }

    @Test
    void aRunSweepsTheDirectoriesItUsesOfFilesOlderThanItself() throws Exception {
        Path out = TemporaryFiles.directoryIn(project.resolve("out"));
        Path abandoned = write(out.resolve("0123456789abcdef0123456789abcdef.part"),
                Instant.now().minus(1, ChronoUnit.HOURS));
        try (RunTemporaries temporaries = new RunTemporaries(RunDirectory.runsDirectory(project).resolve(DEAD),
                Instant.now())) {
            temporaries.use(out);
            assertThat(abandoned).doesNotExist();
        }
    }

    private static Path write(Path file, Instant modified) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "abc");
        Files.setLastModifiedTime(file, FileTime.from(modified));
        return file;
    }
}
