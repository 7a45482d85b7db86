package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.engine.artifacts.RunDirectory;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pz process killed (SIGKILL) while a replace sink's COPY is writing: the previous output stays
 * whole because DuckDB writes a {@code .pz-native-*} temporary and only a finished file is renamed
 * into place. The killed run's run_results.json stays {@code running} without {@code finishedAt}.
 */
class KillDuringReplaceTest {

    @TempDir
    Path temp;

    @Tag("slow")
    @Test
    void killMidCopyLeavesThePreviousOutputWhole() throws Exception {
        TestProject fixture = TestProject.in(temp)
                .projectYml("kill", Catalogue.LOCALFILES, "engine:\n  threads: 2")
                .file("connections.yml", "lake:\n  connector: localfiles\n  root: out\n")
                .file("pipelines/big.sql", "INSERT INTO {{ sink('lake', 'big', format: 'csv', strategy: 'replace') }}\n"
                        + "select range as id, md5(range::varchar) as h from range(3)\n")
                .file("pipelines/configs/big.yml", "pipeline: big\nmaterialization: view\n");
        CliRun first = CliRun.pz(fixture.path(), "run", "--all");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        Path output = fixture.resolve("out/big/big.csv");
        byte[] previous = Files.readAllBytes(output);
        assertThat(new String(previous)).startsWith("id,h\n0,cfcd208495d565ef66e7dff9f98764da\n");

        // The view makes the sink's COPY generate 40M rows itself: slow enough to be killed mid-write.
        fixture.file("pipelines/big.sql", "INSERT INTO {{ sink('lake', 'big', format: 'csv', strategy: 'replace') }}\n"
                + "select range as id, md5(range::varchar) as h from range(40000000)\n");
        Process pz = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xss4m", "-cp", System.getProperty("java.class.path"),
                "dev.pz.cli.Main", "run", "--all", "--project", fixture.path().toString()))
                .redirectErrorStream(true).redirectOutput(temp.resolve("pz.log").toFile()).start();
        Path temporary = null;
        long t0 = System.currentTimeMillis();
        try {
            long deadline = System.currentTimeMillis() + 40_000;
            while (temporary == null && System.currentTimeMillis() < deadline && pz.isAlive()) {
                temporary = growingTemporary(fixture.resolve("out/big"));
                Thread.sleep(20);
            }
            assertThat(temporary).as("a .pz-native-* temporary being written; pz log:\n"
                    + (Files.exists(temp.resolve("pz.log")) ? Files.readString(temp.resolve("pz.log")) : "")).isNotNull();
        } finally {
            System.out.println("temporary seen after " + (System.currentTimeMillis() - t0) + "ms");
            pz.destroyForcibly();
            assertThat(pz.waitFor(20, TimeUnit.SECONDS)).isTrue();
        }

        System.out.println("killed after " + (System.currentTimeMillis() - t0) + "ms");
        assertThat(Files.readAllBytes(output)).as("previous output whole").isEqualTo(previous);
        List<String> left = RunArtifacts.listFiles(fixture.resolve("out/big"));
        assertThat(left).contains("big.csv").allMatch(name -> name.equals("big.csv") || name.startsWith(".pz-native-"));
        System.out.println("after kill, out/big holds: " + left);

        Path killedRun = RunArtifacts.latestRun(fixture.path());
        assertThat(RunDirectory.isLive(killedRun)).as("the OS released the killed run's lock").isFalse();
        JsonNode results = RunArtifacts.results(killedRun);
        assertThat(results.get("status").asText()).isEqualTo("running");
        assertThat(results.has("finishedAt")).isFalse();
        assertThat(RunArtifacts.summary(results)).containsExactly("big:success:0");
    }

    /** A {@code .pz-native-*} file in the directory with data in it, or null. */
    private static Path growingTemporary(Path directory) throws Exception {
        File[] files = directory.toFile().listFiles((dir, name) -> name.startsWith(".pz-native-"));
        if (files == null) {
            return null;
        }
        for (File file : files) {
            if (file.length() > 1_000_000) {
                return file.toPath();
            }
        }
        return null;
    }
}
