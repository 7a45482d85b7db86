package dev.pz.cli;

import dev.pz.engine.events.NodeKind;
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
 * ANSI cursor movement, shows progress and one grey {@code ..} line per running node with its
 * elapsed time, sources first, then pipelines, checks and sinks, by name. The footer is erased when
 * the run completes, leaving only the final lines.
 */
final class LiveRenderer implements RunListener, AutoCloseable {
    static final String GREEN = "\033[32m";
    static final String RED = "\033[31m";
    static final String YELLOW = "\033[33m";
    static final String GREY = "\033[90m";
    static final String RESET = "\033[0m";
    static final String ERASE_BELOW = "\033[J";

    /** At most this many running nodes are listed; the rest are counted. */
    static final int MAX_RUNNING_ROWS = 10;

    private final PrintWriter out;
    private final Clock clock;
    private final int width;
    private final Duration tick;
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
        this.out = out;
        this.clock = clock;
        this.width = Math.max(width, 20);
        this.tick = tick;
    }

    /** For the real terminal: width from {@code COLUMNS} (80 if unset), refreshed four times a second. */
    static LiveRenderer forTerminal(PrintWriter out) {
        int width = 80;
        String columns = System.getenv("COLUMNS");
        if (columns != null) {
            try {
                width = Integer.parseInt(columns.trim());
            } catch (NumberFormatException ignored) {
                // keep 80
            }
        }
        return new LiveRenderer(out, Clock.systemUTC(), width, Duration.ofMillis(250));
    }

    private record Running(NodeRef node, long startedMs) {
    }

    @Override
    public synchronized void runStarted(String runId, String projectName, int nodeCount) {
        total = nodeCount;
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
    public synchronized void retryScheduled(NodeRef node, int attempt, int maxAttempts, long delayMs, String reason) {
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
    public synchronized void nodeCompleted(NodeResult result) {
        running.remove(result.id());
        done++;
        List<String> lines = new ArrayList<>();
        String line = PlainRenderer.nodeLine(result);
        String marker = result.status().marker();
        lines.add(colour(result.status()) + marker + RESET + line.substring(marker.length()));
        PlainRenderer.errorLines(result).forEach(error -> lines.add(RED + error + RESET));
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
            emit(text);
        }
        if (stopping != null) {
            stopping.shutdownNow();
        }
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
        footer.add(GREY + fit("pz run " + done + "/" + total + " done, " + running.size() + " running") + RESET);
        long now = clock.millis();
        List<Running> rows = new ArrayList<>(running.values());
        rows.sort(Comparator.comparing((Running row) -> row.node().kind(), Comparator.comparingInt(NodeKind::rank))
                .thenComparing(row -> row.node().name()));
        for (int i = 0; i < rows.size() && i < MAX_RUNNING_ROWS; i++) {
            Running row = rows.get(i);
            long elapsed = Math.max(0, now - row.startedMs());
            footer.add(GREY + fit(".. " + row.node().name() + " " + elapsed + "ms") + RESET);
        }
        if (rows.size() > MAX_RUNNING_ROWS) {
            footer.add(GREY + fit("   and " + (rows.size() - MAX_RUNNING_ROWS) + " more") + RESET);
        }
        return footer;
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

    private void emit(StringBuilder text) {
        if (text.length() > 0) {
            out.print(text);
            out.flush();
        }
    }
}
