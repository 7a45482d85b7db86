package dev.pz.engine.report;

import static dev.pz.engine.report.Html.escape;

import dev.pz.engine.artifacts.ByteCounts;
import dev.pz.engine.artifacts.PeakMemory;
import dev.pz.engine.events.NodeKind;
import dev.pz.engine.execute.BottleneckHint;
import dev.pz.engine.plan.MemoryBudget;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * The report of one run as a single HTML page with everything inline (styles, script, SVG): it
 * opens from disk with no network, reads on a phone, and prints. Sections: the DAG, the timeline,
 * the Arrow channels' stalls with their bottleneck hints, the checks, memory (budget against the
 * measured peak), what a retry reused and carried forward, and every node in a table.
 */
final class ReportPage {
    private static final String STYLE = resource("report.css");
    private static final String SCRIPT = resource("report.js");

    private ReportPage() {
    }

    static String render(RunReport report) {
        int threads = report.graph().map(RunGraph::threads).orElse(1);
        StringBuilder page = new StringBuilder(32 * 1024);
        page.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ")
                .append("style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n")
                .append("<title>pz run ").append(escape(report.runId())).append("</title>\n<style>\n").append(STYLE)
                .append("</style>\n</head>\n<body>\n");
        header(page, report, threads);
        page.append("<main>\n");
        section(page, "dag", "DAG", report.graph().isEmpty()
                ? "<p class=\"note\">This run predates dag.json, so its dependencies and strategies are unknown.</p>\n"
                : "");
        page.append("<div class=\"scroll\">").append(DagSvg.render(report.nodes())).append("</div>\n")
                .append("<p class=\"legend\"><span class=\"key s-success\">success</span> <span class=\"key s-failed\">")
                .append("failed</span> <span class=\"key s-skipped\">skipped</span></p>\n</section>\n");
        section(page, "timeline", "Timeline", "");
        page.append("<div class=\"scroll\">").append(TimelineSvg.render(report, threads)).append("</div>\n");
        notStarted(page, report.nodes());
        page.append("</section>\n");
        channels(page, report.nodes());
        checks(page, report.nodes());
        memory(page, report);
        retry(page, report);
        nodeTable(page, report);
        page.append("</main>\n<footer>Drawn by pz from run_results.json and dag.json in this folder; ")
                .append("<code>pz report ").append(escape(report.runId())).append("</code> draws it again.</footer>\n")
                .append("<script>\n").append(SCRIPT).append("</script>\n</body>\n</html>\n");
        return page.toString();
    }

    private static void header(StringBuilder page, RunReport report, int threads) {
        page.append("<header>\n<p class=\"eyebrow\">pz run report").append(report.project().isEmpty() ? ""
                : " · " + escape(report.project())).append("</p>\n<h1>").append(escape(report.runId()))
                .append(" <span class=\"pill s-").append(escape(statusClass(report.status()))).append("\">")
                .append(escape(report.status().replace('_', ' '))).append("</span></h1>\n<dl class=\"facts\">\n");
        fact(page, "started", instant(report.startedAt()));
        fact(page, "finished", report.finishedAt() == null ? "not finished" : instant(report.finishedAt()));
        fact(page, "duration", Html.duration(report.durationMs()));
        fact(page, "nodes", report.count("success") + " succeeded, " + report.count("failed") + " failed, "
                + report.count("skipped") + " skipped");
        fact(page, "concurrency", "up to " + TimelineSvg.peakConcurrency(report.nodes()) + " at once (engine.threads "
                + threads + ")");
        if (report.peakMemory() != null && report.peakMemory().rssBytes() != null) {
            fact(page, "peak memory", ByteCounts.format(report.peakMemory().rssBytes()) + " resident");
        }
        page.append("</dl>\n<nav><a href=\"#dag\">DAG</a> <a href=\"#timeline\">Timeline</a> <a href=\"#channels\">")
                .append("Channels</a> <a href=\"#checks\">Checks</a> <a href=\"#memory\">Memory</a> ")
                .append("<a href=\"#nodes\">Nodes</a></nav>\n</header>\n");
    }

    private static void notStarted(StringBuilder page, List<ReportNode> nodes) {
        List<ReportNode> idle = nodes.stream().filter(node -> node.startedAt() == null).toList();
        if (idle.isEmpty()) {
            return;
        }
        page.append("<p class=\"note\">Not started in this run: ");
        for (int i = 0; i < idle.size(); i++) {
            ReportNode node = idle.get(i);
            page.append(i == 0 ? "" : ", ").append("<span class=\"s-").append(escape(node.status())).append("\">")
                    .append(escape(node.name())).append("</span> (").append(escape(node.provenance() != null
                            ? node.provenance().replace('_', ' ') : node.status())).append(')');
        }
        page.append(".</p>\n");
    }

    /** Producer and consumer stall bars for every node that moved Arrow batches, with its bottleneck hint. */
    private static void channels(StringBuilder page, List<ReportNode> nodes) {
        section(page, "channels", "Channels", "<p class=\"explain\">Time each side of a node's Arrow channel waited "
                + "for the other, as a share of the node's runtime. Nodes on the native tier have no channel.</p>\n");
        List<ReportNode> channelled = nodes.stream().filter(node -> node.timings() != null).toList();
        if (channelled.isEmpty()) {
            page.append("<p class=\"note\">No node moved Arrow batches in this run.</p>\n");
        }
        for (ReportNode node : channelled) {
            boolean source = node.kind().equals(NodeKind.SOURCE_LOAD.pascalName());
            String edge = source ? "source → staging" : "staging → " + node.name();
            page.append("<div class=\"channel\" data-id=\"").append(escape(node.id())).append("\"><h3>")
                    .append(escape(node.name())).append(" <small>").append(escape(edge)).append(" · ")
                    .append(Html.duration(node.durationMs())).append("</small></h3>\n");
            stallBar(page, source ? "reader waited for ingest" : "staging reader waited for the writer",
                    node.timings().producerStallMs(), node.durationMs());
            stallBar(page, source ? "ingest waited for the reader" : "writer waited for staging",
                    node.timings().consumerStallMs(), node.durationMs());
            NodeKind kind = Arrays.stream(NodeKind.values()).filter(k -> k.pascalName().equals(node.kind())).findFirst()
                    .orElse(NodeKind.PIPELINE);
            BottleneckHint.of(kind, node.name(), node.durationMs(), node.timings())
                    .ifPresent(hint -> page.append("<p class=\"hint\">").append(escape(hint)).append("</p>\n"));
            page.append("</div>\n");
        }
        page.append("</section>\n");
    }

    private static void stallBar(StringBuilder page, String label, long stallMs, long durationMs) {
        long percent = durationMs <= 0 ? 0 : Math.min(100, stallMs * 100 / durationMs);
        page.append("<div class=\"meter\"><span class=\"meter-label\">").append(escape(label)).append("</span>")
                .append("<span class=\"track\"><span class=\"fill\" style=\"width:").append(percent).append("%\"></span>")
                .append("</span><span class=\"meter-value\">").append(Html.duration(stallMs)).append(" (").append(percent)
                .append("%)</span></div>\n");
    }

    /** Every check with its violations and, for a failed one, the message with its sample rows. */
    private static void checks(StringBuilder page, List<ReportNode> nodes) {
        section(page, "checks", "Checks", "");
        List<ReportNode> checks = nodes.stream().filter(node -> node.kind().equals(NodeKind.CHECK.pascalName())).toList();
        if (checks.isEmpty()) {
            page.append("<p class=\"note\">No check ran in this run.</p>\n</section>\n");
            return;
        }
        page.append("<ul class=\"checks\">\n");
        for (ReportNode check : checks) {
            page.append("<li class=\"check s-").append(escape(check.status())).append("\" data-id=\"")
                    .append(escape(check.id())).append("\"><span class=\"pill s-").append(escape(check.status()))
                    .append("\">").append(escape(check.status())).append("</span> <strong>").append(escape(check.name()))
                    .append("</strong> · ").append(check.rows()).append(" violation(s)");
            if (check.errorCode() != null) {
                page.append("<pre>").append(escape(check.errorCode() + ": " + check.errorMessage())).append("</pre>");
            }
            page.append("</li>\n");
        }
        page.append("</ul>\n</section>\n");
    }

    /** The static budget the plan printed beside what the run measured. */
    private static void memory(StringBuilder page, RunReport report) {
        section(page, "memory", "Memory", "");
        MemoryBudget budget = report.memoryBudget().orElse(null);
        PeakMemory peak = report.peakMemory();
        long scale = Math.max(1, Math.max(budget == null ? 0 : budget.totalBytes(),
                peak == null || peak.rssBytes() == null ? 0 : peak.rssBytes()));
        page.append("<div class=\"bars\">\n");
        if (budget != null) {
            page.append("<div class=\"meter\"><span class=\"meter-label\">budget (plan)</span><span class=\"track\">");
            if (budget.duckdbBytes() != null) {
                segment(page, "duckdb", budget.duckdbBytes(), scale);
            }
            segment(page, "channels", budget.channelBytes(), scale);
            segment(page, "overhead", budget.fixedOverheadBytes(), scale);
            page.append("</span><span class=\"meter-value\">~").append(ByteCounts.format(budget.totalBytes()))
                    .append("</span></div>\n");
        }
        if (peak != null && peak.rssBytes() != null) {
            page.append("<div class=\"meter\"><span class=\"meter-label\">peak resident (measured)</span>")
                    .append("<span class=\"track\">");
            segment(page, "measured", peak.rssBytes(), scale);
            page.append("</span><span class=\"meter-value\">").append(ByteCounts.format(peak.rssBytes()))
                    .append("</span></div>\n");
        }
        if (peak != null) {
            page.append("<div class=\"meter\"><span class=\"meter-label\">Arrow allocator peak</span>")
                    .append("<span class=\"track\">");
            segment(page, "arrow", peak.arrowBytes(), scale);
            page.append("</span><span class=\"meter-value\">").append(ByteCounts.format(peak.arrowBytes()))
                    .append("</span></div>\n");
        }
        page.append("</div>\n");
        if (budget != null) {
            page.append("<p class=\"explain\">Budget: DuckDB ").append(budget.duckdbBytes() == null ? "unset"
                    : ByteCounts.format(budget.duckdbBytes())).append(" + channels ")
                    .append(ByteCounts.format(budget.channelBytes())).append(" + overhead ")
                    .append(ByteCounts.format(budget.fixedOverheadBytes()))
                    .append(". Peak resident is the whole process's high-water mark (JVM and DuckDB included).</p>\n");
            for (String disclaimer : new String[] {budget.duckdbDisclaimer(), budget.duckdbThreadsDisclaimer()}) {
                if (disclaimer != null) {
                    page.append("<p class=\"note\">").append(escape(disclaimer)).append("</p>\n");
                }
            }
        }
        if (peak == null) {
            page.append("<p class=\"note\">This run recorded no peak memory (it predates the measurement or did not "
                    + "finish).</p>\n");
        }
        page.append("</section>\n");
    }

    private static void segment(StringBuilder page, String kind, long bytes, long scale) {
        double percent = Math.min(100.0, bytes * 100.0 / scale);
        page.append("<span class=\"fill ").append(kind).append("\" title=\"").append(kind).append(' ')
                .append(ByteCounts.format(bytes)).append("\" style=\"width:").append(Html.number(percent))
                .append("%\"></span>");
    }

    /** For a retry: the prior run, the source loads whose staged data was reused and the sinks carried forward. */
    private static void retry(StringBuilder page, RunReport report) {
        String retryOf = report.graph().map(RunGraph::retryOf).orElse(null);
        List<ReportNode> reused = report.nodes().stream().filter(node -> "reused".equals(node.provenance())).toList();
        List<ReportNode> carried = report.nodes().stream().filter(node -> "carried_forward".equals(node.provenance()))
                .toList();
        if (retryOf == null && reused.isEmpty() && carried.isEmpty()) {
            return;
        }
        section(page, "retry", "Retry", retryOf == null ? ""
                : "<p>A retry of run <code>" + escape(retryOf) + "</code>.</p>\n");
        provenanceList(page, "Reused staged data (the source was not contacted)", reused);
        provenanceList(page, "Carried forward (committed in the prior run, not run again)", carried);
        page.append("</section>\n");
    }

    private static void provenanceList(StringBuilder page, String title, List<ReportNode> nodes) {
        page.append("<h3>").append(escape(title)).append(" <small>").append(nodes.size()).append("</small></h3>\n");
        if (nodes.isEmpty()) {
            page.append("<p class=\"note\">none</p>\n");
            return;
        }
        page.append("<ul>");
        nodes.forEach(node -> page.append("<li data-id=\"").append(escape(node.id())).append("\">")
                .append(escape(node.name())).append(" · ").append(node.rows()).append(" rows</li>"));
        page.append("</ul>\n");
    }

    private static void nodeTable(StringBuilder page, RunReport report) {
        section(page, "nodes", "Nodes", "");
        page.append("<div class=\"scroll\"><table>\n<thead><tr><th>node</th><th>kind</th><th>status</th>")
                .append("<th>strategy</th><th class=\"num\">rows</th><th class=\"num\">duration</th>")
                .append("<th class=\"num\">started</th></tr></thead>\n<tbody>\n");
        for (ReportNode node : report.nodes()) {
            page.append("<tr data-id=\"").append(escape(node.id())).append("\"><td>").append(escape(node.name()));
            if (node.errorCode() != null) {
                page.append("<div class=\"error\">").append(escape(node.errorCode() + ": " + node.errorMessage()))
                        .append("</div>");
            }
            if (node.reason() != null) {
                page.append("<div class=\"reason\">").append(escape(node.reason())).append("</div>");
            }
            page.append("</td><td>").append(escape(node.kind())).append("</td><td><span class=\"pill s-")
                    .append(escape(node.status())).append("\">").append(escape(node.status())).append("</span>");
            if (node.provenance() != null) {
                page.append(" <small>").append(escape(node.provenance().replace('_', ' '))).append("</small>");
            }
            page.append("</td><td>").append(escape(node.strategy() == null ? "-" : node.strategy()))
                    .append("</td><td class=\"num\">").append(node.rows()).append("</td><td class=\"num\">")
                    .append(Html.duration(node.durationMs())).append("</td><td class=\"num\">")
                    .append(node.startedAt() == null || report.startedAt() == null ? "-"
                            : "+" + Html.duration(node.startedAt().toEpochMilli() - report.startedAt().toEpochMilli()))
                    .append("</td></tr>\n");
        }
        page.append("</tbody>\n</table></div>\n</section>\n");
    }

    private static void section(StringBuilder page, String id, String title, String intro) {
        page.append("<section id=\"").append(id).append("\">\n<h2>").append(escape(title)).append("</h2>\n").append(intro);
    }

    private static void fact(StringBuilder page, String term, String value) {
        page.append("<div><dt>").append(escape(term)).append("</dt><dd>").append(escape(value)).append("</dd></div>\n");
    }

    private static String instant(Instant instant) {
        return instant == null ? "-" : instant.toString().replace('T', ' ').replace("Z", " UTC");
    }

    /** {@code completed_with_failures} shares the failed colour, {@code fatal} too; {@code running} is neutral. */
    private static String statusClass(String runStatus) {
        return switch (runStatus) {
            case "success" -> "success";
            case "completed_with_failures", "fatal" -> "failed";
            default -> "skipped";
        };
    }

    private static String resource(String name) {
        try (InputStream in = ReportPage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("pz.jar lacks the report resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
