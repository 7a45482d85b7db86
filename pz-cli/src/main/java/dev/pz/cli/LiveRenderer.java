package dev.pz.cli;

import dev.pz.engine.Formats;
import dev.pz.engine.events.NodeKind;
import dev.pz.engine.events.NodeMeter;
import dev.pz.engine.events.NodeMeter.NodeCounters;
import dev.pz.engine.events.NodeRef;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.NodeStatus;
import dev.pz.engine.events.RunListener;
import dev.pz.engine.events.RunStatus;
import dev.pz.engine.events.SchemaChange;
import dev.pz.engine.events.SchemaColumn;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The terminal view of a run: completed nodes print as the plain renderer's lines (markers
 * coloured), so the scrollback reads like a plain log; under them a footer, redrawn in place with
 * ANSI cursor movement, shows progress and one grey {@code ..} line per running node, sources first,
 * then pipelines, checks and sinks, by name: its elapsed time, then what its meter says (rows so far
 * and rows per second; bytes read of the source's size with a bar). The footer is erased and the
 * cursor shown again when the run completes, leaving only the final lines. Without colours
 * ({@code NO_COLOR}) the same text is drawn with cursor movement only.
 */
final class LiveRenderer implements RunListener, AutoCloseable {
    static final String GREEN = "\033[32m";
    static final String RED = "\033[31m";
    static final String YELLOW = "\033[33m";
    static final String GREY = "\033[90m";
    static final String RESET = "\033[0m";
    static final String ERASE_BELOW = "\033[J";
    static final String HIDE_CURSOR = "\033[?25l";
    static final String SHOW_CURSOR = "\033[?25h";
    /** Cells of a byte progress bar. */
    static final int BAR_WIDTH = 20;

    /** At most this many running nodes are listed; the rest are counted. */
    static final int MAX_RUNNING_ROWS = 10;

    private final PrintWriter out;
    private final Clock clock;
    private final int width;
    private final Duration tick;
    private final boolean colours;
    private final Map<String, Running> running = new LinkedHashMap<>();
    private ScheduledExecutorService ticker;
    private int total;
    private int done;
    private int footerHeight;
    private boolean closed;

    /**
     * @param width the terminal width; footer lines are cut to fit so the cursor arithmetic holds
     * @param tick how often the footer's elapsed times refresh on their own; null for only on events
     */
    LiveRenderer(PrintWriter out, Clock clock, int width, Duration tick) {
        this(out, clock, width, tick, true);
    }

    /** @param colours false to draw without colour codes ({@code NO_COLOR}) */
    LiveRenderer(PrintWriter out, Clock clock, int width, Duration tick, boolean colours) {
        this.out = out;
        this.clock = clock;
        this.width = Math.max(width, 20);
        this.tick = tick;
        this.colours = colours;
    }

    /**
     * For the real terminal: width from {@code COLUMNS} (80 if unset), refreshed four times a
     * second, colours unless {@code NO_COLOR} is set to a non-empty value (no-color.org).
     */
    static LiveRenderer forTerminal(PrintWriter out, Map<String, String> environment) {
        String noColor = environment.get("NO_COLOR");
        boolean colours = noColor == null || noColor.isEmpty();
        int width = 80;
        String columns = environment.get("COLUMNS");
        if (columns != null) {
            try {
                width = Integer.parseInt(columns.trim());
            } catch (NumberFormatException ignored) {
                // keep 80
            }
        }
        return new LiveRenderer(out, Clock.systemUTC(), width, Duration.ofMillis(250), colours);
    }

    /** A running node: when it started, its meter once it has one, the rows its last progress event said. */
    private static final class Running {
        private final NodeRef node;
        private final long startedMs;
        private NodeMeter meter;
        private long reportedRows = NodeCounters.UNKNOWN;
        private long bytesRead = NodeCounters.UNKNOWN;

        Running(NodeRef node, long startedMs) {
            this.node = node;
            this.startedMs = startedMs;
        }

        NodeRef node() {
            return node;
        }

        /** A retry starts counting again: the next attempt hands out its own meter. */
        void startOver() {
            meter = null;
            reportedRows = NodeCounters.UNKNOWN;
            bytesRead = NodeCounters.UNKNOWN;
        }

        /** The node's counters now; byte counts never move back (DuckDB's estimate can waver). */
        NodeCounters counters() {
            NodeCounters read = meter == null ? null : readQuietly(meter);
            long rows = Math.max(reportedRows, read == null ? NodeCounters.UNKNOWN : read.rows());
            if (read == null) {
                return new NodeCounters(rows, NodeCounters.UNKNOWN, NodeCounters.UNKNOWN);
            }
            bytesRead = Math.max(bytesRead, read.bytesRead());
            return new NodeCounters(rows, bytesRead, read.bytesTotal());
        }

        private static NodeCounters readQuietly(NodeMeter meter) {
            try {
                return meter.read();
            } catch (RuntimeException e) {
                return null;
            }
        }
    }

    @Override
    public synchronized void runStarted(String runId, String projectName, int nodeCount) {
        total = nodeCount;
        if (!closed) {
            out.print(HIDE_CURSOR);
        }
        if (tick != null && ticker == null) {
            ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, "pz-live-view");
                thread.setDaemon(true);
                return thread;
            });
            ticker.scheduleAtFixedRate(this::refresh, tick.toMillis(), tick.toMillis(), TimeUnit.MILLISECONDS);
        }
        update(List.of());
    }

    @Override
    public synchronized void nodeStarted(NodeRef node) {
        running.put(node.id(), new Running(node, clock.millis()));
        update(List.of());
    }

    @Override
    public boolean wantsMeters() {
        return true;
    }

    @Override
    public synchronized void nodeMetered(NodeRef node, NodeMeter meter) {
        Running row = running.get(node.id());
        if (row != null) {
            row.meter = meter;
        }
    }

    @Override
    public synchronized void nodeProgress(NodeRef node, long rows, long bytes, long batches) {
        Running row = running.get(node.id());
        if (row != null) {
            row.reportedRows = Math.max(row.reportedRows, rows);
            update(List.of());
        }
    }

    @Override
    public synchronized void retryScheduled(NodeRef node, int attempt, int maxAttempts, long delayMs, String reason) {
        Running row = running.get(node.id());
        if (row != null) {
            row.startOver();
        }
        update(List.of(PlainRenderer.retryLine(node, attempt, maxAttempts, delayMs, reason)));
    }

    @Override
    public synchronized void breakerStateChanged(String instance, String oldState, String newState, String trigger,
            long coolDownMs) {
        update(List.of(PlainRenderer.breakerLine(instance, oldState, newState, trigger, coolDownMs)));
    }

    @Override
    public synchronized void sourceDriftDetected(NodeRef node, String connection, String entity, String policy,
            List<SchemaChange> changes, List<SchemaColumn> observed, String hintsHash) {
        update(List.of(PlainRenderer.driftLine(connection, entity, policy, changes)));
    }

    @Override
    public synchronized void lossyIntegerInferenceDetected(NodeRef node, String connection, String entity,
            List<String> columns) {
        update(List.of(PlainRenderer.lossyIntegersLine(connection, entity, columns)));
    }

    @Override
    public synchronized void ambiguousDateInferenceDetected(NodeRef node, String connection, String entity,
            List<String> columns, String format) {
        update(List.of(PlainRenderer.ambiguousDatesLine(connection, entity, columns, format)));
    }

    @Override
    public synchronized void mergeKeyDuplicatesDetected(NodeRef node, String output, List<String> keys,
            long duplicateGroups, long extraRows) {
        update(List.of(PlainRenderer.mergeDuplicatesLine(output, keys, duplicateGroups, extraRows)));
    }

    @Override
    public synchronized void nodeCompleted(NodeResult result) {
        running.remove(result.id());
        done++;
        List<String> lines = new ArrayList<>();
        String line = PlainRenderer.nodeLine(result);
        String marker = result.status().marker();
        lines.add(paint(colour(result.status()), marker) + line.substring(marker.length()));
        PlainRenderer.errorLines(result).forEach(error -> lines.add(paint(RED, error)));
        update(lines);
    }

    @Override
    public void runCompleted(RunStatus status, int succeeded, int failed, int skipped, long durationMs) {
        close();
    }

    /** Erases the footer and stops refreshing; what is printed next lands under the final node lines. */
    @Override
    public void close() {
        ScheduledExecutorService stopping;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            stopping = ticker;
            StringBuilder text = new StringBuilder();
            erase(text);
            text.append(SHOW_CURSOR);
            emit(text);
        }
        if (stopping != null) {
            stopping.shutdownNow();
        }
    }

    /**
     * Puts the terminal back as it was (colours reset, cursor shown) without waiting for the view's
     * lock: for a process about to halt on a second Ctrl-C while a redraw may be under way.
     */
    void restoreTerminal() {
        out.print(RESET + SHOW_CURSOR + "\n");
        out.flush();
    }

    /** Redraws the footer so the running nodes' elapsed times move; the ticker calls it. */
    synchronized void refresh() {
        if (!running.isEmpty()) {
            update(List.of());
        }
    }

    /** Erases the footer, prints {@code lines} for good, and draws the footer again under them. */
    private void update(List<String> lines) {
        if (closed) {
            lines.forEach(out::println);
            out.flush();
            return;
        }
        StringBuilder text = new StringBuilder();
        erase(text);
        lines.forEach(line -> text.append(line).append('\n'));
        List<String> footer = footer();
        footer.forEach(line -> text.append(line).append('\n'));
        footerHeight = footer.size();
        emit(text);
    }

    private void erase(StringBuilder text) {
        if (footerHeight > 0) {
            text.append("\033[").append(footerHeight).append("A\r").append(ERASE_BELOW);
            footerHeight = 0;
        }
    }

    private List<String> footer() {
        List<String> footer = new ArrayList<>();
        footer.add(paint(GREY, fit("pz run " + done + "/" + total + " done, " + running.size() + " running")));
        long now = clock.millis();
        List<Running> rows = new ArrayList<>(running.values());
        rows.sort(Comparator.comparing((Running row) -> row.node().kind(), Comparator.comparingInt(NodeKind::rank))
                .thenComparing(row -> row.node().name()));
        for (int i = 0; i < rows.size() && i < MAX_RUNNING_ROWS; i++) {
            Running row = rows.get(i);
            long elapsed = Math.max(0, now - row.startedMs);
            footer.add(paint(GREY, fit(".. " + row.node().name() + " " + elapsed + "ms" + counters(row.counters(),
                    elapsed))));
        }
        if (rows.size() > MAX_RUNNING_ROWS) {
            footer.add(paint(GREY, fit("   and " + (rows.size() - MAX_RUNNING_ROWS) + " more")));
        }
        return footer;
    }

    /**
     * {@code  <rows> rows <rate> rows/s} when rows are counted, then {@code  [####....] <read> / <size>}
     * when the source's size is known, followed by the byte rate when rows are not counted (DuckDB
     * reading a file itself); empty when nothing is known.
     */
    static String counters(NodeCounters counters, long elapsedMs) {
        StringBuilder text = new StringBuilder();
        if (counters.rows() >= 0) {
            text.append(' ').append(counters.rows()).append(" rows");
            if (elapsedMs > 0) {
                text.append(' ').append(counters.rows() * 1000 / elapsedMs).append(" rows/s");
            }
        }
        if (counters.bytesTotal() >= 0) {
            double fraction = counters.fractionRead().orElse(0);
            int filled = (int) Math.floor(fraction * BAR_WIDTH);
            text.append(" [").append("#".repeat(filled)).append(".".repeat(BAR_WIDTH - filled)).append("] ")
                    .append(Formats.bytes(Math.max(0, counters.bytesRead()))).append(" / ")
                    .append(Formats.bytes(counters.bytesTotal()));
            if (counters.rows() < 0 && counters.bytesRead() > 0 && elapsedMs > 0) {
                text.append(' ').append(Formats.bytes(counters.bytesRead() * 1000 / elapsedMs)).append("/s");
            }
        }
        return text.toString();
    }

    /** Cut to one terminal row (less one column), so a footer line never wraps. */
    private String fit(String line) {
        return line.length() < width ? line : line.substring(0, width - 2) + "…";
    }

    private static String colour(NodeStatus status) {
        return switch (status) {
            case SUCCESS -> GREEN;
            case FAILED -> RED;
            case SKIPPED, CANCELLED -> YELLOW;
        };
    }

    private String paint(String colour, String text) {
        return colours ? colour + text + RESET : text;
    }

    private void emit(StringBuilder text) {
        if (text.length() > 0) {
            out.print(text);
            out.flush();
        }
    }
}
