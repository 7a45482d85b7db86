package dev.pz.engine.report;

import static dev.pz.engine.report.Html.escape;
import static dev.pz.engine.report.Html.number;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * When each node ran, as inline SVG: one bar per node that started, on a shared time axis from the
 * run's start, ordered by start time, and beneath them the number of nodes running at each moment
 * against {@code engine.threads}, so the run's concurrency (and where it had none) is visible.
 */
final class TimelineSvg {
    private static final int LABEL_WIDTH = 230;
    private static final int PLOT_WIDTH = 720;
    private static final int WIDTH = LABEL_WIDTH + PLOT_WIDTH + 24;
    private static final int AXIS_HEIGHT = 24;
    private static final int ROW_HEIGHT = 22;
    private static final int BAR_HEIGHT = 14;
    private static final int STRIP_GAP = 22;
    private static final int STRIP_HEIGHT = 56;
    private static final int LABEL_CHARS = 32;

    private TimelineSvg() {
    }

    /** The nodes that started, by start time then name. */
    static List<ReportNode> started(List<ReportNode> nodes) {
        List<ReportNode> started = new ArrayList<>(nodes.stream().filter(node -> node.startedAt() != null).toList());
        started.sort(Comparator.comparing(ReportNode::startedAt).thenComparing(ReportNode::name));
        return started;
    }

    /** The most nodes that were running at one moment. */
    static int peakConcurrency(List<ReportNode> nodes) {
        int peak = 0;
        for (Step step : steps(nodes)) {
            peak = Math.max(peak, step.running());
        }
        return peak;
    }

    static String render(RunReport report, int threads) {
        List<ReportNode> rows = started(report.nodes());
        Instant origin = report.startedAt() != null ? report.startedAt()
                : rows.isEmpty() ? Instant.EPOCH : rows.get(0).startedAt();
        long span = Math.max(1, Math.max(report.durationMs(), end(rows, origin)));
        double plotTop = AXIS_HEIGHT;
        double stripTop = plotTop + rows.size() * ROW_HEIGHT + STRIP_GAP;
        double height = stripTop + STRIP_HEIGHT + 18;
        StringBuilder svg = new StringBuilder();
        svg.append("<svg class=\"timeline\" role=\"img\" aria-label=\"when each node ran\" ")
                .append("xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ").append(WIDTH).append(' ')
                .append(number(height)).append("\" width=\"").append(WIDTH).append("\" height=\"").append(number(height))
                .append("\">\n");
        long step = tickStep(span);
        for (long t = 0; t <= span; t += step) {
            double x = x(t, span);
            svg.append("<line class=\"grid\" x1=\"").append(number(x)).append("\" y1=\"").append(AXIS_HEIGHT - 6)
                    .append("\" x2=\"").append(number(x)).append("\" y2=\"").append(number(stripTop + STRIP_HEIGHT))
                    .append("\"/><text class=\"tick\" x=\"").append(number(x)).append("\" y=\"14\">")
                    .append(escape(Html.duration(t))).append("</text>\n");
        }
        for (int i = 0; i < rows.size(); i++) {
            ReportNode node = rows.get(i);
            double y = plotTop + i * ROW_HEIGHT;
            long start = node.startedAt().toEpochMilli() - origin.toEpochMilli();
            double x = x(start, span);
            double width = Math.max(2, x(start + node.durationMs(), span) - x);
            svg.append("<g class=\"bar s-").append(escape(node.status())).append("\" data-id=\"")
                    .append(escape(node.id())).append("\"><title>").append(escape(node.name() + ": started at +"
                            + Html.duration(start) + ", ran " + Html.duration(node.durationMs()) + ", " + node.status()))
                    .append("</title><text class=\"label\" x=\"").append(LABEL_WIDTH - 8).append("\" y=\"")
                    .append(number(y + BAR_HEIGHT - 2)).append("\">").append(escape(Html.clip(node.name(), LABEL_CHARS)))
                    .append("</text><rect x=\"").append(number(x)).append("\" y=\"").append(number(y + 2))
                    .append("\" width=\"").append(number(width)).append("\" height=\"").append(BAR_HEIGHT)
                    .append("\" rx=\"2\"/></g>\n");
        }
        strip(svg, rows, origin, span, stripTop, threads);
        return svg.append("</svg>").toString();
    }

    /** The running-node count over time as a step area, with {@code engine.threads} as a dashed line. */
    private static void strip(StringBuilder svg, List<ReportNode> rows, Instant origin, long span, double top,
            int threads) {
        List<Step> steps = steps(rows);
        int peak = Math.max(1, Math.max(threads, steps.stream().mapToInt(Step::running).max().orElse(0)));
        double base = top + STRIP_HEIGHT;
        StringBuilder path = new StringBuilder("M").append(number(x(0, span))).append(',').append(number(base));
        double previousY = base;
        for (Step step : steps) {
            double x = x(step.at().toEpochMilli() - origin.toEpochMilli(), span);
            double y = base - (double) step.running() / peak * STRIP_HEIGHT;
            path.append(" L").append(number(x)).append(',').append(number(previousY)).append(" L").append(number(x))
                    .append(',').append(number(y));
            previousY = y;
        }
        path.append(" L").append(number(x(span, span))).append(',').append(number(previousY)).append(" L")
                .append(number(x(span, span))).append(',').append(number(base)).append(" Z");
        svg.append("<text class=\"label\" x=\"").append(LABEL_WIDTH - 8).append("\" y=\"")
                .append(number(top + STRIP_HEIGHT / 2.0)).append("\">nodes running</text>\n");
        svg.append("<path class=\"running\" d=\"").append(path).append("\"/>\n");
        double threadsY = base - (double) threads / peak * STRIP_HEIGHT;
        svg.append("<line class=\"threads\" x1=\"").append(number(x(0, span))).append("\" y1=\"")
                .append(number(threadsY)).append("\" x2=\"").append(number(x(span, span))).append("\" y2=\"")
                .append(number(threadsY)).append("\"/><text class=\"tick threads-label\" x=\"")
                .append(number(x(span, span))).append("\" y=\"").append(number(threadsY - 4))
                .append("\">engine.threads = ").append(threads).append("</text>\n");
        svg.append("<line class=\"axis\" x1=\"").append(number(x(0, span))).append("\" y1=\"").append(number(base))
                .append("\" x2=\"").append(number(x(span, span))).append("\" y2=\"").append(number(base)).append("\"/>\n");
    }

    /** How many nodes run from each start or end on; an end sorts before a start at the same instant. */
    private static List<Step> steps(List<ReportNode> nodes) {
        record Change(Instant at, int delta) {
        }
        List<Change> changes = new ArrayList<>();
        for (ReportNode node : nodes) {
            if (node.startedAt() != null) {
                changes.add(new Change(node.startedAt(), 1));
                changes.add(new Change(node.finishedAt(), -1));
            }
        }
        changes.sort(Comparator.comparing(Change::at).thenComparingInt(Change::delta));
        List<Step> steps = new ArrayList<>();
        int running = 0;
        for (Change change : changes) {
            running += change.delta();
            if (!steps.isEmpty() && steps.get(steps.size() - 1).at().equals(change.at())) {
                steps.set(steps.size() - 1, new Step(change.at(), running));
            } else {
                steps.add(new Step(change.at(), running));
            }
        }
        return steps;
    }

    private record Step(Instant at, int running) {
    }

    private static long end(List<ReportNode> rows, Instant origin) {
        return rows.stream().mapToLong(node -> node.finishedAt().toEpochMilli() - origin.toEpochMilli()).max().orElse(0);
    }

    private static double x(long millis, long span) {
        return LABEL_WIDTH + (double) millis / span * PLOT_WIDTH;
    }

    /** A tick spacing of 1, 2 or 5 times a power of ten that gives at most about eight ticks. */
    static long tickStep(long span) {
        double raw = span / 8.0;
        long magnitude = 1;
        while (magnitude * 10 <= raw) {
            magnitude *= 10;
        }
        for (long factor : new long[] {1, 2, 5, 10}) {
            if (factor * magnitude >= raw) {
                return Math.max(1, factor * magnitude);
            }
        }
        return magnitude * 10;
    }
}
