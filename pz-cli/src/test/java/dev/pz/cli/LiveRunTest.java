package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On an interactive console a run draws the live view, and what stays on screen is plain mode's
 * lines: the nodes, the summary and the report's path.
 */
class LiveRunTest {

    @TempDir
    Path temp;

    @Test
    void liveViewLeavesThePlainLinesAndTheSummary() {
        Path demo = temp.resolve("demo");
        assertThat(CliRun.pz("init", demo.toString(), "--template", "sample").exitCode()).isZero();

        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Console terminal = new Console(new PrintWriter(out, true), new PrintWriter(err, true), true);
        int code = PzCommandLine.create(terminal).execute("run", "--all", "--project", demo.toString());
        assertThat(code).as(out + "\n" + err).isZero();

        assertThat(out.toString()).contains(LiveRenderer.GREY + "pz run 0/12 done", "\033[");
        List<String> screen = LiveRendererTest.screen(out.toString());
        assertThat(screen).hasSize(14);
        assertThat(screen.subList(0, 12)).allSatisfy(line -> assertThat(line).matches("ok \\S+ \\d+ rows \\d+ms"));
        assertThat(screen.get(12)).matches("run \\S+: 12 succeeded, 0 failed, 0 skipped \\(.*\\)");
        assertThat(screen.get(13)).matches("report: .*/report\\.html");
    }
}
