package dev.pz.cli.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.cli.PzJvm;
import dev.pz.engine.artifacts.ByteCounts;
import dev.pz.testing.Catalogue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The end-of-run retention line when a deletion fails: the count of what the sweep selected stays,
 * the bytes are what was really freed, and the failure is named. The failure is a real one: the
 * directory holding the file is not writable for pz. A root user may delete there anyway, so when
 * the tests run as root pz runs without the capabilities that let root ignore file modes
 * ({@code setpriv} from util-linux), which is the position of any other user.
 */
class RetentionFailureFidelityTest {
    @TempDir
    Path temp;

    // RF1
    @Test
    void aStagingDatabaseThatCannotBeDeletedKeepsTheCountAndIsNamedAsAFailure() throws Exception {
        Path project = Catalogue.f05(temp).path();
        List<Path> priors = new ArrayList<>();
        for (int i = 1; i <= 12; i++) {
            Path run = project.resolve(String.format(".pz/runs/20250101T00000%03dZ-%04x", i, i));
            Files.createDirectories(run);
            Files.writeString(run.resolve("run_results.json"), "{}");
            Files.write(run.resolve("staging.duckdb"), new byte[4096]);
            priors.add(run);
        }
        Path undeletable = priors.get(0);
        String out = runWithoutWriteOn(project, undeletable);
        assertThat(out).contains("cleaned 3 staging database(s) and 0 stale workdir(s) — freed "
                + ByteCounts.format(2 * 4096) + " (1 could not be deleted; run pz clean for details)");
        assertThat(undeletable.resolve("staging.duckdb")).isRegularFile();
        assertThat(priors.subList(1, 3)).allSatisfy(run -> assertThat(run.resolve("staging.duckdb")).doesNotExist());
    }

    // RF2
    @Test
    void aStaleWorkdirThatCannotBeDeletedIsStillReported() throws Exception {
        Path project = Catalogue.f05(temp).path();
        Path workdir = project.resolve(".pz/tmp/stale-restore");
        Files.createDirectories(workdir);
        Files.write(workdir.resolve("partial.bin"), new byte[16]);
        String out = runWithoutWriteOn(project, workdir);
        assertThat(out).contains("cleaned 0 staging database(s) and 0 stale workdir(s) — freed 0 B "
                + "(1 could not be deleted; run pz clean for details)");
        assertThat(workdir.resolve("partial.bin")).isRegularFile();
    }

    /** {@code pz run} in a process of its own while {@code directory} is read-only; its stdout. */
    private String runWithoutWriteOn(Path project, Path directory) throws Exception {
        List<String> command = new ArrayList<>();
        if ("root".equals(System.getProperty("user.name"))) {
            command.addAll(List.of("setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", "--"));
        }
        command.addAll(PzJvm.command("run", "--project", project.toString()));
        Path stdout = temp.resolve("stdout.txt");
        Path stderr = temp.resolve("stderr.txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile());
        builder.environment().put("CI", "true");
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            Process pz = builder.start();
            assertThat(pz.waitFor(5, TimeUnit.MINUTES)).as("pz ends").isTrue();
            assertThat(pz.exitValue()).as(Files.readString(stdout) + Files.readString(stderr)).isZero();
        } finally {
            Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return Files.readString(stdout);
    }
}
