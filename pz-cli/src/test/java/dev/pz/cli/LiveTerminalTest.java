package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code pz run} on a real pseudo-terminal ({@code script} from util-linux runs pz in a JVM of its
 * own with a pty as its standard streams): the live view's rows, rates and byte bars move while the
 * run goes, and what stays on screen is plain mode's lines; {@code CI} turns the view off,
 * {@code NO_COLOR} its colours; a Ctrl-C leaves the terminal as it found it.
 *
 * <p>Wide rows in the smallest batches (1 MiB) make the universal read report progress (every 10
 * batches) several times, and the view redraws on each report, so the number of updates does not
 * depend on the machine's speed.
 */
class LiveTerminalTest {
    private static final String ESC = "\033";
    private static final Pattern SOURCE_FOOTER = Pattern.compile(
            "\\.\\. src_files__items \\d+ms (\\d+) rows (\\d+) rows/s \\[([#.]{20})] ([\\d.]+ [KMG]?B) / ([\\d.]+ [KMG]?B)");
    private static final String PADDING = "x".repeat(400);

    @TempDir
    Path dir;

    @Test
    void rowsRateAndBarMoveAndTheFinalLinesAreThePlainOnes() throws Exception {
        Path project = project(120_000);
        PtyPz live = PtyPz.run(project, Map.of(), "run", "--all");
        assertThat(live.exitCode()).as(live.text()).isZero();

        List<Matcher> footers = SOURCE_FOOTER.matcher(live.text()).results()
                .map(result -> SOURCE_FOOTER.matcher(result.group())).peek(Matcher::matches).toList();
        assertThat(footers).as(live.text()).hasSizeGreaterThanOrEqualTo(3);
        List<Long> rows = footers.stream().map(footer -> Long.parseLong(footer.group(1))).toList();
        assertThat(rows).isSorted().last().isNotEqualTo(rows.get(0));
        assertThat(footers).allSatisfy(footer -> assertThat(footer.group(5)).isEqualTo(
                dev.pz.engine.Formats.bytes(Files.size(project.resolve("items.csv")))));
        assertThat(footers.get(footers.size() - 1).group(3)).as("the bar fills").startsWith("#")
                .isNotEqualTo(footers.get(0).group(3));
        assertThat(live.text()).contains(LiveRenderer.GREEN + "ok" + LiveRenderer.RESET, LiveRenderer.HIDE_CURSOR)
                .containsPattern(Pattern.quote(LiveRenderer.SHOW_CURSOR)
                        + "run \\S+: 3 succeeded, 0 failed, 0 skipped \\(.*\\)\nreport: \\S+report.html\n$");

        CliRun plain = CliRun.pzWithEnv(Map.of(), project, "run", "--all");
        assertThat(plain.exitCode()).as(plain.toString()).isZero();
        assertThat(masked(LiveRendererTest.screen(live.text()))).isEqualTo(masked(plain.outLines()))
                .hasSize(5);
    }

    /**
     * A file DuckDB reads itself has its progress tracked by DuckDB, which must never print its own
     * bar: the screen ends exactly as plain mode's lines.
     */
    @Test
    void aFileDuckDbReadsLeavesThePlainLines() throws Exception {
        Path project = CsvCopyProject.write(dir.resolve("native"), 40_000, id -> PADDING + id, "  threads: 2");
        PtyPz live = PtyPz.run(project, Map.of(), "run", "--all");
        assertThat(live.exitCode()).as(live.text()).isZero();
        assertThat(live.text()).contains(LiveRenderer.HIDE_CURSOR, LiveRenderer.SHOW_CURSOR);

        CliRun plain = CliRun.pzWithEnv(Map.of(), project, "run", "--all");
        assertThat(masked(LiveRendererTest.screen(live.text()))).isEqualTo(masked(plain.outLines())).hasSize(5);
    }

    /** Any {@code CI} value turns the view off, even an empty one. */
    @ParameterizedTest
    @ValueSource(strings = {"true", ""})
    void underCiThePtyGetsPlainOutput(String ci) throws Exception {
        Path project = project(2_000);
        PtyPz terminal = PtyPz.run(project, Map.of("CI", ci), "run", "--all");
        assertThat(terminal.exitCode()).as(terminal.text()).isZero();
        assertThat(terminal.text()).doesNotContain(ESC);

        CliRun plain = CliRun.pzWithEnv(Map.of(), project, "run", "--all");
        assertThat(masked(terminal.text().lines().toList())).isEqualTo(masked(plain.outLines()));
    }

    @Test
    void noColorKeepsTheViewWithoutColours() throws Exception {
        PtyPz live = PtyPz.run(project(40_000), Map.of("NO_COLOR", "1"), "run", "--all");
        assertThat(live.exitCode()).as(live.text()).isZero();
        assertThat(live.text()).containsPattern(SOURCE_FOOTER).contains(LiveRenderer.ERASE_BELOW)
                .doesNotContain(LiveRenderer.GREY, LiveRenderer.GREEN, LiveRenderer.RESET);
    }

    @Test
    void ctrlCLeavesNoFooterAndTheCursorShown() throws Exception {
        Path project = project(120_000);
        try (PtyPz terminal = PtyPz.start(project, Map.of(), "run", "--all")) {
            assertThat(terminal.awaitOutput(text -> SOURCE_FOOTER.matcher(text).find(), 120_000))
                    .as(terminal.text()).isTrue();
            terminal.interruptPz();
            assertThat(terminal.waitFor()).as(terminal.text()).isEqualTo(ExitCodes.FATAL);
            String text = terminal.text();
            assertThat(text.lastIndexOf(LiveRenderer.SHOW_CURSOR)).isGreaterThan(text.lastIndexOf(".. src_files__"));
            assertThat(LiveRendererTest.screen(text)).noneMatch(line -> line.startsWith(".. ")
                    || line.startsWith("pz run ")).anyMatch(line -> line.contains("SIGINT"));
        }
    }

    /** A csv → csv chain of {@code rows} rows of about 410 bytes, read and written by pz itself (universal tier). */
    private Path project(int rows) {
        return CsvCopyProject.write(dir.resolve("p" + rows), rows, id -> PADDING + id, "  force_universal: true",
                "  batch_bytes: 1048576");
    }

    /** Node lines with their timings, the summary with its run id and path, and the report path, blanked. */
    private static List<String> masked(List<String> lines) {
        return lines.stream().map(line -> line.replaceAll(" \\d+ms$", " <ms>")
                .replaceAll("^run \\S+: (.*) \\(.*\\)$", "run <id>: $1")
                .replaceAll("^report: .*$", "report: <path>")).collect(Collectors.toList());
    }
}
