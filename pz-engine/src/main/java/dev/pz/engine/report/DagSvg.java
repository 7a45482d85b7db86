package dev.pz.engine.report;

import static dev.pz.engine.report.Html.escape;
import static dev.pz.engine.report.Html.number;

import java.util.List;
import java.util.Map;

/**
 * The run's DAG as inline SVG: one {@code <g class="node">} per node with its status, kind,
 * strategy, rows and duration (and the full details in its tooltip), and a curve per dependency.
 * Each node carries {@code data-id}, {@code data-name} and {@code data-status} so the page's script
 * (and a test) can find it.
 */
final class DagSvg {
    private static final int NAME_CHARS = 26;
    private static final int META_CHARS = 31;

    private DagSvg() {
    }

    static String render(List<ReportNode> nodes) {
        DagLayout layout = DagLayout.of(nodes);
        Map<String, DagLayout.Box> boxes = layout.boxes();
        StringBuilder svg = new StringBuilder();
        svg.append("<svg class=\"dag\" role=\"img\" aria-label=\"the run's DAG\" xmlns=\"http://www.w3.org/2000/svg\" ")
                .append("viewBox=\"0 0 ").append(number(layout.width())).append(' ').append(number(layout.height()))
                .append("\" width=\"").append(number(layout.width())).append("\" height=\"")
                .append(number(layout.height())).append("\">\n");
        svg.append("<defs><marker id=\"arrow\" viewBox=\"0 0 8 8\" refX=\"8\" refY=\"4\" markerWidth=\"7\" ")
                .append("markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L8,4 L0,8 z\" class=\"arrowhead\"/>")
                .append("</marker></defs>\n");
        Map<String, ReportNode> byId = new java.util.HashMap<>();
        nodes.forEach(node -> byId.put(node.id(), node));
        for (DagLayout.Edge edge : layout.edges()) {
            DagLayout.Box from = boxes.get(edge.from());
            DagLayout.Box to = boxes.get(edge.to());
            double x1 = from.x() + DagLayout.NODE_WIDTH;
            double y1 = from.y() + DagLayout.NODE_HEIGHT / 2.0;
            double x2 = to.x() - 2;
            double y2 = to.y() + DagLayout.NODE_HEIGHT / 2.0;
            double bend = Math.max(24, (x2 - x1) / 2);
            svg.append("<path class=\"edge to-").append(escape(byId.get(edge.to()).status()))
                    .append("\" data-from=\"").append(escape(edge.from())).append("\" data-to=\"")
                    .append(escape(edge.to())).append("\" d=\"M").append(number(x1)).append(',').append(number(y1))
                    .append(" C").append(number(x1 + bend)).append(',').append(number(y1)).append(' ')
                    .append(number(x2 - bend)).append(',').append(number(y2)).append(' ').append(number(x2)).append(',')
                    .append(number(y2)).append("\" marker-end=\"url(#arrow)\"/>\n");
        }
        for (ReportNode node : nodes) {
            node(svg, node, boxes.get(node.id()));
        }
        return svg.append("</svg>").toString();
    }

    private static void node(StringBuilder svg, ReportNode node, DagLayout.Box box) {
        svg.append("<g class=\"node s-").append(escape(node.status())).append("\" data-id=\"").append(escape(node.id()))
                .append("\" data-name=\"").append(escape(node.name())).append("\" data-status=\"")
                .append(escape(node.status())).append("\" tabindex=\"0\" transform=\"translate(").append(number(box.x()))
                .append(',').append(number(box.y())).append(")\">");
        svg.append("<title>").append(escape(tooltip(node))).append("</title>");
        svg.append("<rect class=\"box\" width=\"").append(DagLayout.NODE_WIDTH).append("\" height=\"")
                .append(DagLayout.NODE_HEIGHT).append("\" rx=\"6\"/>");
        svg.append("<rect class=\"band\" width=\"6\" height=\"").append(DagLayout.NODE_HEIGHT).append("\" rx=\"3\"/>");
        svg.append("<text class=\"name\" x=\"14\" y=\"18\">").append(escape(Html.clip(node.name(), NAME_CHARS)))
                .append("</text>");
        String plan = node.kind() + (node.strategy() == null ? "" : " · " + node.strategy());
        svg.append("<text class=\"meta\" x=\"14\" y=\"34\">").append(escape(Html.clip(plan, META_CHARS))).append("</text>");
        svg.append("<text class=\"meta\" x=\"14\" y=\"49\">").append(escape(Html.clip(outcome(node), META_CHARS)))
                .append("</text>");
        svg.append("</g>\n");
    }

    /** {@code success · 5 rows · 60 ms}, with the provenance of a reused or carried-forward node. */
    static String outcome(ReportNode node) {
        String rows = node.kind().equals("Check") ? node.rows() + " violation(s)" : node.rows() + " rows";
        String text = node.status() + " · " + rows + " · " + Html.duration(node.durationMs());
        return node.provenance() == null ? text : text + " · " + node.provenance().replace('_', ' ');
    }

    private static String tooltip(ReportNode node) {
        StringBuilder text = new StringBuilder(node.name()).append('\n').append(node.kind()).append(" · ")
                .append(outcome(node));
        if (node.reason() != null) {
            text.append('\n').append(node.reason());
        }
        if (node.errorCode() != null) {
            text.append('\n').append(node.errorCode()).append(": ").append(node.errorMessage());
        }
        return text.toString();
    }
}
