package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.engine.events.EnvironmentFailure;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the console reports what the engine could not do: an environment failure (PZ0531–PZ0533, the
 * engine classifies them) prints its code with exit 3; anything else unexpected is PZ0500, exit 3.
 * End to end, a .pz that is a file stops a run with PZ0531 and the path.
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
    void anEnvironmentFailureIsItsCodeAndExit3() {
        String[] out = report(new EnvironmentFailure(PzError.of(PzCode.ENGINE_DISK_FULL, "disk full: /p/.pz/runs/r1")
                .withHint("free space, then run it again"), new IOException("No space left on device")));
        assertThat(out[0]).isEqualTo("3");
        assertThat(out[1]).isEqualTo("error PZ0532: disk full: /p/.pz/runs/r1 — hint: free space, then run it again\n");
    }

    @Test
    void aFailureOfTheMachineMetOutsideTheEngineIsItsCodeToo() {
        String[] out = report(new UncheckedIOException(new java.nio.file.AccessDeniedException("/p/demo")));
        assertThat(out[0]).isEqualTo("3");
        assertThat(out[1]).startsWith("error PZ0531: permission denied: /p/demo").contains("then run the command again");
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
