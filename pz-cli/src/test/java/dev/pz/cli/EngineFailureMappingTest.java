package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Engine failure mapping: permission denied,
 * disk full and a locked file under the project are PZ0531/PZ0532/PZ0533 with the path, exit 3;
 * anything else unexpected stays PZ0500. Tests run as root, where chmod denies nothing, so the
 * mapping is fed the exceptions the JDK and DuckDB raise; the CLI case uses a .pz that is a file.
 */
class EngineFailureMappingTest {

    @TempDir
    Path temp;

    private static String[] report(Throwable failure) {
        StringWriter text = new StringWriter();
        int exit = ErrorReporter.report(failure, new PrintWriter(text));
        return new String[] {Integer.toString(exit), text.toString()};
    }

    @Test
    void accessDeniedCreatingRunsIsPz0531WithThePath() {
        String[] out = report(new UncheckedIOException("could not create /p/.pz/runs/r1",
                new AccessDeniedException("/p/.pz/runs/r1")));
        assertThat(out[0]).isEqualTo("3");
        assertThat(out[1]).startsWith("error PZ0531: ").contains("/p/.pz/runs/r1").doesNotContain("PZ0500");
    }

    @Test
    void permissionDeniedFromDuckDbIsPz0531() {
        String[] out = report(new RuntimeException("run failed", new SQLException(
                "IO Error: Cannot open file \"/p/.pz/runs/r1/staging.duckdb\": Permission denied")));
        assertThat(out[0]).isEqualTo("3");
        assertThat(out[1]).startsWith("error PZ0531: ").contains("/p/.pz/runs/r1/staging.duckdb");
    }

    @Test
    void noSpaceLeftIsPz0532WithThePath() {
        String[] out = report(new UncheckedIOException(new FileSystemException("/p/.pz/runs/r1/run_results.json",
                null, "No space left on device")));
        assertThat(out[0]).isEqualTo("3");
        assertThat(out[1]).startsWith("error PZ0532: ").contains("/p/.pz/runs/r1/run_results.json");

        String[] plain = report(new IOException("No space left on device"));
        assertThat(plain[1]).startsWith("error PZ0532: ");
    }

    @Test
    void lockedFileIsPz0533() {
        String[] out = report(new SQLException("IO Error: Could not set lock on file \"/p/.pz/runs/r1/staging.duckdb\": "
                + "Conflicting lock is held in /usr/bin/java (PID 42)"));
        assertThat(out[0]).isEqualTo("3");
        assertThat(out[1]).startsWith("error PZ0533: ").contains("/p/.pz/runs/r1/staging.duckdb");
    }

    @Test
    void anythingElseStaysPz0500() {
        String[] out = report(new IllegalStateException("boom"));
        assertThat(out[0]).isEqualTo("3");
        assertThat(out[1]).startsWith("error PZ0500: internal error (IllegalStateException: boom)");

        String[] io = report(new UncheckedIOException(new IOException("stream closed")));
        assertThat(io[1]).startsWith("error PZ0500: ");
    }

    @Test
    void dotPzThatIsAFileFailsTheRunWithPz0531AndThePath() throws IOException {
        Path demo = temp.resolve("demo");
        CliRun init = CliRun.pz("init", demo.toString(), "--template", "sample");
        assertThat(init.exitCode()).as(init.toString()).isZero();
        Files.writeString(demo.resolve(".pz"), "not a directory\n");

        CliRun run = CliRun.pz(demo, "run", "--all");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
        assertThat(run.err()).as(run.toString()).startsWith("error PZ0531: ").contains(demo.resolve(".pz").toString())
                .doesNotContain("PZ0500");
    }

    @Test
    void errorsOfTheJvmAreOneLineWithoutAStackTrace() {
        String[] overflow = report(new StackOverflowError());
        assertThat(overflow[0]).isEqualTo("3");
        assertThat(overflow[1]).startsWith("error PZ0500: internal error (StackOverflowError: null)")
                .doesNotContain("\tat ").hasLineCount(1);
        String[] heap = report(new OutOfMemoryError("Java heap space"));
        assertThat(heap[0]).isEqualTo("3");
        assertThat(heap[1]).isEqualTo("error PZ0500: pz ran out of Java heap memory (Java heap space) — hint: give it"
                + " more with PZ_JAVA_OPTS=-Xmx<size>, or lower engine.threads in project.yml\n");
    }
}
