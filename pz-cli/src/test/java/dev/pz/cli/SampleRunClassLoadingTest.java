package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample project's {@code pz run --all} in a JVM of its own, with its class loading logged: DuckDB's
 * driver loads, JFR's metadata repository does not, and neither does any class of the cloud SDKs a
 * localfiles project does not use, nor the JDK's catalogue of random generators, nor an Arrow
 * allocator (the sample's nodes are all native); the run's output
 * is the same either way. A {@code jfr.unsupported.vm} given on the command line wins, and then
 * DuckDB registers its monitor.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class SampleRunClassLoadingTest {
    private static final String JFR_METADATA = "jdk.jfr.internal.MetadataRepository ";
    private static final String DUCKDB_DRIVER = "org.duckdb.DuckDBDriver ";

    @TempDir
    Path temp;

    private Path project;

    @BeforeEach
    void sampleProject() {
        project = temp.resolve("sample");
        assertThat(CliRun.pz("init", project.toString(), "--template", "sample").exitCode()).isZero();
    }

    @Test
    void aRunLoadsDuckDbWithoutInitialisingFlightRecorder() throws Exception {
        Forked run = run(List.of());

        assertThat(run.exit()).isZero();
        assertThat(run.output()).contains("12 succeeded, 0 failed, 0 skipped");
        assertThat(run.classes()).contains(DUCKDB_DRIVER).doesNotContain(JFR_METADATA);
        assertThat(run.classes()).contains("] dev.pz.connectors.gcs.GcsConnector ")
                .doesNotContain("] com.google.auth.", "] com.google.cloud.", "] software.amazon.", "] com.azure.");
        assertThat(run.classes()).as("no ServiceLoader lookup of the JDK's random generators")
                .doesNotContain("] jdk.random.");
        assertThat(run.classes()).as("the sample's nodes are native: no Arrow allocator is set up")
                .doesNotContain("] org.apache.arrow.memory.RootAllocator ");
    }

    @Test
    void aValueOnTheCommandLineKeepsDuckDbsMonitor() throws Exception {
        Forked run = run(List.of("-D" + DuckDbFlightRecorderHook.PROPERTY + "=false"));

        assertThat(run.exit()).isZero();
        assertThat(run.output()).contains("12 succeeded, 0 failed, 0 skipped");
        assertThat(run.classes()).contains(DUCKDB_DRIVER).contains(JFR_METADATA);
    }

    private record Forked(int exit, String output, String classes) {
    }

    private Forked run(List<String> jvmOptions) throws Exception {
        Path classLog = temp.resolve("classes-" + jvmOptions.size() + ".log");
        Path output = temp.resolve("output-" + jvmOptions.size() + ".log");
        List<String> command = new ArrayList<>(PzJvm.command("run", "--all", "--project", project.toString()));
        command.add(1, "-Xlog:class+load=info:file=" + classLog);
        command.addAll(1, jvmOptions);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
        return new Forked(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8),
                Files.readString(classLog, StandardCharsets.UTF_8));
    }
}
