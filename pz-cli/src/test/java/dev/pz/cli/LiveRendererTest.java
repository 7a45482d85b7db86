package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.engine.events.NodeMeter.NodeCounters;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.NodeStatus;
import dev.pz.engine.events.RunStatus;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The terminal view: final lines as plain mode prints them (markers coloured), a footer of running
 * nodes redrawn in place under them, erased when the run completes.
 */
class LiveRendererTest {
    private final TestNode customers = TestNode.source("a", "src_crm__customers");
    private final TestNode orders = TestNode.source("b", "src_crm__orders");
    private final TestNode lake = TestNode.sink("c", "lake.orders_curated");

    @Test
    void redrawsTheRunningNodesUnderTheFinalLines() {
        StringWriter out = new StringWriter();
        SteppingClock clock = new SteppingClock("2026-07-04T10:00:00Z");
        LiveRenderer live = new LiveRenderer(Console.of(out, new StringWriter()).out(), clock, 80, null);

        live.runStarted("r", "hello_pz", 3);
        live.nodeStarted(orders);
        live.nodeStarted(customers);
        clock.set("2026-07-04T10:00:00.120Z");
        live.refresh();
        live.nodeCompleted(result(customers, NodeStatus.SUCCESS, 3, 31, null));
        live.retryScheduled(orders, 2, 3, 800, "timeout");
        live.nodeCompleted(result(orders, NodeStatus.SUCCESS, 5, 140, null));
        live.nodeStarted(lake);
        live.nodeCompleted(result(lake, NodeStatus.FAILED, 0, 9, PzError.of(PzCode.NODE_FAILED, "boom\nsecond")));
        live.runCompleted(RunStatus.COMPLETED_WITH_FAILURES, 2, 1, 0, 200);
        live.close();

        assertThat(visible(out.toString())).isEqualTo(String.join("\n",
                "<hide><grey>pz run 0/3 done, 0 running<reset>",
                "<up 1><erase><grey>pz run 0/3 done, 1 running<reset>",
                "<grey>.. src_crm__orders 0ms<reset>",
                "<up 2><erase><grey>pz run 0/3 done, 2 running<reset>",
                "<grey>.. src_crm__customers 0ms<reset>",
                "<grey>.. src_crm__orders 0ms<reset>",
                "<up 3><erase><grey>pz run 0/3 done, 2 running<reset>",
                "<grey>.. src_crm__customers 120ms<reset>",
                "<grey>.. src_crm__orders 120ms<reset>",
                "<up 3><erase><green>ok<reset> src_crm__customers 3 rows 31ms",
                "<grey>pz run 1/3 done, 1 running<reset>",
                "<grey>.. src_crm__orders 120ms<reset>",
                "<up 2><erase>retry: src_crm__orders attempt 2/3 in 800ms (timeout)",
                "<grey>pz run 1/3 done, 1 running<reset>",
                "<grey>.. src_crm__orders 120ms<reset>",
                "<up 2><erase><green>ok<reset> src_crm__orders 5 rows 140ms",
                "<grey>pz run 2/3 done, 0 running<reset>",
                "<up 1><erase><grey>pz run 2/3 done, 1 running<reset>",
                "<grey>.. lake.orders_curated 0ms<reset>",
                "<up 2><erase><red>FAIL<reset> lake.orders_curated 0 rows 9ms",
                "<red>  PZ0501: boom<reset>",
                "<red>  second<reset>",
                "<grey>pz run 3/3 done, 0 running<reset>",
                "<up 1><erase><show>"));
    }

    @Test
    void afterTheFooterIsErasedTheScreenReadsLikePlainMode() {
        StringWriter out = new StringWriter();
        LiveRenderer live = new LiveRenderer(Console.of(out, new StringWriter()).out(),
                new SteppingClock("2026-07-04T10:00:00Z"), 80, null);
        live.runStarted("r", "hello_pz", 3);
        live.nodeStarted(customers);
        live.nodeStarted(orders);
        live.nodeCompleted(result(orders, NodeStatus.SUCCESS, 5, 140, null));
        live.nodeCompleted(result(customers, NodeStatus.FAILED, 0, 7, PzError.of(PzCode.NODE_FAILED, "boom")));
        live.nodeCompleted(result(lake, NodeStatus.SKIPPED, 0, 0, null));
        live.runCompleted(RunStatus.COMPLETED_WITH_FAILURES, 1, 1, 1, 200);

        assertThat(screen(out.toString())).containsExactly("ok src_crm__orders 5 rows 140ms",
                "FAIL src_crm__customers 0 rows 7ms", "  PZ0501: boom", "skip lake.orders_curated 0 rows 0ms");
    }

    @Test
    void cutsFooterLinesToTheTerminalWidthAndCountsWhatDoesNotFit() {
        StringWriter out = new StringWriter();
        LiveRenderer live = new LiveRenderer(Console.of(out, new StringWriter()).out(),
                new SteppingClock("2026-07-04T10:00:00Z"), 24, null);
        live.runStarted("r", "p", 12);
        for (int i = 0; i < 12; i++) {
            live.nodeStarted(TestNode.source("n" + i, "src_a_rather_long_name_" + (char) ('a' + i)));
        }
        List<String> footer = screen(out.toString());
        assertThat(footer).hasSize(12).allSatisfy(line -> assertThat(line.length()).isLessThan(24));
        assertThat(footer.get(1)).isEqualTo(".. src_a_rather_long_n…");
        assertThat(footer.get(11)).isEqualTo("   and 2 more");
        live.close();
        assertThat(screen(out.toString())).isEmpty();
    }

    @Test
    void aMeteredNodeShowsRowsRateAndABarOfTheBytesRead() {
        StringWriter out = new StringWriter();
        SteppingClock clock = new SteppingClock("2026-07-04T10:00:00Z");
        LiveRenderer live = new LiveRenderer(Console.of(out, new StringWriter()).out(), clock, 120, null);
        AtomicReference<NodeCounters> counters = new AtomicReference<>(new NodeCounters(0, 0, 4_194_304));
        live.runStarted("r", "p", 2);
        live.nodeStarted(orders);
        live.nodeMetered(orders, counters::get);
        live.nodeStarted(customers);
        live.nodeProgress(customers, 1_000, 64_000, 10);

        clock.set("2026-07-04T10:00:02Z");
        counters.set(new NodeCounters(500_000, 1_048_576, 4_194_304));
        live.refresh();
        assertThat(screen(out.toString())).containsExactly("pz run 0/2 done, 2 running",
                ".. src_crm__customers 2000ms 1000 rows 500 rows/s",
                ".. src_crm__orders 2000ms 500000 rows 250000 rows/s [#####...............] 1 MB / 4 MB");

        clock.set("2026-07-04T10:00:04Z");
        counters.set(new NodeCounters(1_000_000, 4_194_304, 4_194_304));
        live.refresh();
        assertThat(screen(out.toString())).contains(
                ".. src_crm__orders 4000ms 1000000 rows 250000 rows/s [####################] 4 MB / 4 MB");
    }

    @Test
    void aFileDuckDbReadsItselfShowsTheBarAndTheByteRateAndBytesNeverMoveBack() {
        StringWriter out = new StringWriter();
        SteppingClock clock = new SteppingClock("2026-07-04T10:00:00Z");
        LiveRenderer live = new LiveRenderer(Console.of(out, new StringWriter()).out(), clock, 120, null);
        AtomicReference<NodeCounters> counters = new AtomicReference<>(
                new NodeCounters(NodeCounters.UNKNOWN, NodeCounters.UNKNOWN, 10_485_760));
        live.runStarted("r", "p", 1);
        live.nodeStarted(orders);
        live.nodeMetered(orders, counters::get);
        live.refresh();
        assertThat(screen(out.toString())).last().isEqualTo(
                ".. src_crm__orders 0ms [....................] 0 B / 10 MB");

        clock.set("2026-07-04T10:00:02Z");
        counters.set(new NodeCounters(NodeCounters.UNKNOWN, 5_242_880, 10_485_760));
        live.refresh();
        assertThat(screen(out.toString())).last().isEqualTo(
                ".. src_crm__orders 2000ms [##########..........] 5 MB / 10 MB 2.5 MB/s");

        counters.set(new NodeCounters(NodeCounters.UNKNOWN, NodeCounters.UNKNOWN, 10_485_760));
        live.refresh();
        assertThat(screen(out.toString())).last().asString().contains("5 MB / 10 MB");
    }

    @Test
    void aRetryStartsTheCountersOver() {
        StringWriter out = new StringWriter();
        LiveRenderer live = new LiveRenderer(Console.of(out, new StringWriter()).out(),
                new SteppingClock("2026-07-04T10:00:00Z"), 120, null);
        live.runStarted("r", "p", 1);
        live.nodeStarted(orders);
        live.nodeMetered(orders, () -> new NodeCounters(900, 3_000, 4_000));
        live.nodeProgress(orders, 900, 1_000, 10);
        live.retryScheduled(orders, 2, 3, 800, "timeout");
        assertThat(screen(out.toString())).last().isEqualTo(".. src_crm__orders 0ms");
        live.nodeMetered(orders, () -> new NodeCounters(10, 1_000, 4_000));
        live.refresh();
        assertThat(screen(out.toString())).last().asString().contains(" 10 rows", "1000 B / 3.9 KB");
    }

    @Test
    void aMeterThatFailsIsShownAsUnknownAndTheRunGoesOn() {
        StringWriter out = new StringWriter();
        LiveRenderer live = new LiveRenderer(Console.of(out, new StringWriter()).out(),
                new SteppingClock("2026-07-04T10:00:00Z"), 80, null);
        live.runStarted("r", "p", 1);
        live.nodeStarted(orders);
        live.nodeMetered(orders, () -> {
            throw new IllegalStateException("closed");
        });
        live.refresh();
        assertThat(screen(out.toString())).last().isEqualTo(".. src_crm__orders 0ms");
    }

    @Test
    void noColorDrawsTheSameTextWithoutColourCodes() {
        StringWriter plain = new StringWriter();
        StringWriter coloured = new StringWriter();
        for (StringWriter out : List.of(plain, coloured)) {
            LiveRenderer live = LiveRenderer.forTerminal(Console.of(out, new StringWriter()).out(),
                    out == plain ? Map.of("NO_COLOR", "1", "COLUMNS", "100") : Map.of("NO_COLOR", "", "COLUMNS", "100"));
            live.runStarted("r", "p", 1);
            live.nodeStarted(orders);
            live.nodeCompleted(result(orders, NodeStatus.FAILED, 0, 7, PzError.of(PzCode.NODE_FAILED, "boom")));
            live.close();
        }
        assertThat(plain.toString()).doesNotContain(LiveRenderer.GREY, LiveRenderer.RED, LiveRenderer.RESET)
                .contains(LiveRenderer.ERASE_BELOW, LiveRenderer.SHOW_CURSOR);
        assertThat(coloured.toString()).contains(LiveRenderer.RED + "FAIL" + LiveRenderer.RESET);
        assertThat(screen(plain.toString())).isEqualTo(screen(coloured.toString()))
                .containsExactly("FAIL src_crm__orders 0 rows 7ms", "  PZ0501: boom");
    }

    @Test
    void theCursorIsHiddenWhileDrawingAndShownOnCloseOrRestore() {
        StringWriter out = new StringWriter();
        LiveRenderer live = new LiveRenderer(Console.of(out, new StringWriter()).out(),
                new SteppingClock("2026-07-04T10:00:00Z"), 80, null);
        live.runStarted("r", "p", 1);
        assertThat(out.toString()).startsWith(LiveRenderer.HIDE_CURSOR);
        live.restoreTerminal();
        assertThat(out.toString()).endsWith(LiveRenderer.RESET + LiveRenderer.SHOW_CURSOR + "\n");
    }

    private static NodeResult result(TestNode node, NodeStatus status, long rows, long ms,
            PzError error) {
        return new NodeResult(node.id(), node.kind(), node.name(), status, rows, ms, error, null, null, null);
    }

    /** The escape sequences named, so the expected text can be read. */
    private static String visible(String text) {
        return text.replace(LiveRenderer.GREY, "<grey>").replace(LiveRenderer.GREEN, "<green>")
                .replace(LiveRenderer.RED, "<red>").replace(LiveRenderer.YELLOW, "<yellow>")
                .replace(LiveRenderer.RESET, "<reset>").replace(LiveRenderer.ERASE_BELOW, "<erase>")
                .replace(LiveRenderer.HIDE_CURSOR, "<hide>").replace(LiveRenderer.SHOW_CURSOR, "<show>")
                .replaceAll("\033\\[(\\d+)A\r", "<up $1>");
    }

    /** What a terminal shows once the output is played: cursor-up and erase-below applied, colours dropped. */
    static List<String> screen(String text) {
        List<String> lines = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\033') {
                int end = i + 2;
                while (!Character.isLetter(text.charAt(end))) {
                    end++;
                }
                String params = text.substring(i + 2, end);
                char command = text.charAt(end);
                if (command == 'A') {
                    int up = Integer.parseInt(params);
                    for (int k = 0; k < up; k++) {
                        lines.remove(lines.size() - 1);
                    }
                }
                i = end + 1;
            } else if (c == '\n') {
                lines.add(current.toString());
                current.setLength(0);
                i++;
            } else if (c != '\r') {
                current.append(c);
                i++;
            } else {
                i++;
            }
        }
        return lines;
    }
}
