package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.engine.artifacts.RunDirectory;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pz process killed (SIGKILL) while a replace sink is writing, on either tier: the previous output
 * stays whole, the half-written temporary sits in {@code out/big/.pz-tmp/} where no glob of the
 * output matches it, the killed run's run_results.json stays {@code running}, and what the kill
 * left is removed by {@code pz clean --purge} (native) or by the next run, even one that writes
 * elsewhere (universal).
 */
class KillDuringReplaceTest {

    private static final String BIG = "INSERT INTO {{ sink('lake', 'big', format: 'csv', strategy: 'replace') }}\n"
            + "select range as id, md5(range::varchar) as h from range(%d)\n";

    @TempDir
    Path temp;

    @Tag("slow")
    @Test
    void killMidNativeCopyThenPzCleanPurgeRemovesTheTemporary() throws Exception {
        TestProject fixture = project("");
        byte[] previous = killMidWrite(fixture);

        CliRun clean = CliRun.pz(fixture.path(), "clean", "--purge", "--keep-last", "0");
        assertThat(clean.exitCode()).as(clean.toString()).isZero();
        assertThat(clean.outLines()).anySatisfy(line -> assertThat(line)
                .matches("swept   1 temporary file\\(s\\) of killed runs — freed .+"));
        assertThat(RunArtifacts.listFiles(fixture.resolve("out/big"))).containsExactly("big.csv");
        assertThat(Files.readAllBytes(fixture.resolve("out/big/big.csv"))).isEqualTo(previous);
        assertThat(RunArtifacts.runDirectories(fixture.path())).as("--purge --keep-last 0 deleted every run").isEmpty();
    }

    @Tag("slow")
    @Test
    void killMidUniversalWriteThenTheNextRunRemovesTheTemporaryWhereverItWrites() throws Exception {
        TestProject fixture = project("  force_universal: true\n")
                .file("pipelines/other.sql", "INSERT INTO {{ sink('lake', 'other', format: 'csv', strategy: 'replace') }}\n"
                        + "select 1 as id\n");
        byte[] previous = killMidWrite(fixture);

        CliRun next = CliRun.pz(fixture.path(), "run", "other");
        assertThat(next.exitCode()).as(next.toString()).isZero();
        assertThat(RunArtifacts.listFiles(fixture.resolve("out/big"))).containsExactly("big.csv");
        assertThat(Files.readAllBytes(fixture.resolve("out/big/big.csv"))).isEqualTo(previous);
        assertThat(RunArtifacts.listFiles(fixture.resolve("out/other"))).containsExactly("other.csv");
        assertThat(RunArtifacts.runDirectories(fixture.path())).noneSatisfy(run -> assertThat(run.resolve("temporaries.txt"))
                .exists());
    }

    private TestProject project(String engine) {
        return TestProject.in(temp)
                .projectYml("kill", Catalogue.LOCALFILES, "engine:\n  threads: 2\n" + engine)
                .file("connections.yml", "lake:\n  connector: localfiles\n  root: out\n")
                .file("pipelines/big.sql", String.format(BIG, 3))
                .file("pipelines/configs/big.yml", "pipeline: big\nmaterialization: view\n");
    }

    /**
     * Writes a small {@code big.csv}, then kills a run that replaces it with 40M rows (the view makes
     * the sink generate them itself, slow enough to be killed mid-write) once its temporary holds a
     * megabyte. Returns the previous output's bytes, checked whole.
     */
    private byte[] killMidWrite(TestProject fixture) throws Exception {
        CliRun first = CliRun.pz(fixture.path(), "run", "big");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        Path output = fixture.resolve("out/big/big.csv");
        byte[] previous = Files.readAllBytes(output);
        assertThat(new String(previous)).startsWith("id,h\n0,cfcd208495d565ef66e7dff9f98764da\n");

        fixture.file("pipelines/big.sql", String.format(BIG, 40_000_000));
        PzProcess pz = PzProcess.start(temp.resolve("pz.log"), "run", "big", "--project", fixture.path().toString());
        Path directory = fixture.resolve("out/big");
        boolean seen = pz.awaitThenKill(() -> growingTemporary(directory) != null, 60_000);
        assertThat(seen).as("a temporary being written; pz log:\n" + pz.log()).isTrue();

        assertThat(Files.readAllBytes(output)).as("previous output whole").isEqualTo(previous);
        List<Path> left = temporaries(directory);
        assertThat(left).as("the killed write's temporary").hasSize(1);
        assertThat(left.get(0).getFileName().toString()).matches("[0-9a-f]{32}\\.part");
        for (String glob : List.of("glob:*.csv", "glob:*")) {
            assertThat(matches(directory, glob, false)).as("what %s finds in out/big", glob).containsExactly(output);
        }
        assertThat(matches(fixture.resolve("out"), "glob:**.csv", true)).as("what **.csv finds under out/")
                .containsExactly(output);

        Path killedRun = RunArtifacts.latestRun(fixture.path());
        assertThat(RunDirectory.isLive(killedRun)).as("the OS released the killed run's lock").isFalse();
        JsonNode results = RunArtifacts.results(killedRun);
        assertThat(results.get("status").asText()).isEqualTo("running");
        assertThat(results.has("finishedAt")).isFalse();
        assertThat(Files.readString(killedRun.resolve("temporaries.txt")))
                .contains(directory.resolve(".pz-tmp").toAbsolutePath().normalize().toString());
        return previous;
    }

    /** A temporary in the output's {@code .pz-tmp/} holding more than a megabyte, or null. */
    private static Path growingTemporary(Path directory) {
        return temporaries(directory).stream().filter(file -> file.toFile().length() > 1_000_000).findFirst()
                .orElse(null);
    }

    private static List<Path> temporaries(Path directory) {
        Path temporaries = directory.resolve(".pz-tmp");
        if (!Files.isDirectory(temporaries)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(temporaries)) {
            return files.toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The regular files a reader's glob finds, relative to {@code directory}, recursively or not. */
    private static List<Path> matches(Path directory, String glob, boolean recursive) throws IOException {
        PathMatcher matcher = FileSystems.getDefault().getPathMatcher(glob);
        try (Stream<Path> files = recursive ? Files.walk(directory) : Files.list(directory)) {
            return files.filter(Files::isRegularFile).filter(file -> matcher.matches(directory.relativize(file)))
                    .toList();
        }
    }
}
