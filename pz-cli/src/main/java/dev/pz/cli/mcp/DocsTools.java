package dev.pz.cli.mcp;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** pz_docs_list, pz_docs_search, pz_docs_get over {@link DocsSource}. Search is lexical: term counts, title first. */
final class DocsTools {
    private static final int MAX_EXCERPTS = 3;
    private static final int EXCERPT_CHARS = 200;

    private final DocsSource source;

    DocsTools(DocsSource source) {
        this.source = source;
    }

    List<PzTool> tools() {
        return List.of(
                new PzTool("pz_docs_list", "List pz's documentation pages.", List.of(), arguments -> list()),
                new PzTool("pz_docs_search", "Search pz's documentation (lexical).", List.of(
                        ToolInput.required("query", "string", "Words to look for."),
                        ToolInput.optional("limit", "integer", "How many hits (default 10, 1 to 50).")),
                        arguments -> search(arguments.string("query"), arguments.integer("limit", 10))),
                new PzTool("pz_docs_get", "One documentation page's markdown.", List.of(
                        ToolInput.required("slug", "string", "The page's slug, from pz_docs_list or a search hit.")),
                        arguments -> get(arguments.string("slug"))));
    }

    ToolEnvelope list() {
        McpProject.Outcome<List<DocsSource.Doc>> docs = McpProject.attempt(source::docs);
        if (docs.failed()) {
            return ToolEnvelope.failed(docs.errors());
        }
        List<Object> entries = new ArrayList<>();
        docs.value().orElseThrow().forEach(doc -> entries.add(describe(doc)));
        return ToolEnvelope.ok(new LinkedHashMap<>(Map.of("docs", entries)));
    }

    ToolEnvelope search(String query, int limit) {
        List<String> terms = Arrays.stream(query.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}_]+"))
                .filter(term -> !term.isEmpty()).toList();
        if (terms.isEmpty()) {
            return ToolEnvelope.failed(List.of(PzError.of(PzCode.MCP_DOCS_REQUEST_INVALID, "the search query is empty")
                    .withHint("pass one or more words, or list the pages with pz_docs_list")));
        }
        McpProject.Outcome<List<DocsSource.Doc>> docs = McpProject.attempt(source::docs);
        if (docs.failed()) {
            return ToolEnvelope.failed(docs.errors());
        }
        record Hit(DocsSource.Doc doc, int score) {
        }
        List<Hit> hits = new ArrayList<>();
        for (DocsSource.Doc doc : docs.value().orElseThrow()) {
            int score = 3 * occurrences(doc.title(), terms) + occurrences(doc.markdown(), terms);
            if (score > 0) {
                hits.add(new Hit(doc, score));
            }
        }
        hits.sort(Comparator.comparingInt(Hit::score).reversed().thenComparing(hit -> hit.doc().slug()));
        List<Object> entries = new ArrayList<>();
        for (Hit hit : hits.subList(0, Math.min(hits.size(), Math.max(1, Math.min(50, limit))))) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("slug", hit.doc().slug());
            entry.put("title", hit.doc().title());
            entry.put("url", hit.doc().url());
            entry.put("score", hit.score());
            entry.put("excerpts", excerpts(hit.doc().markdown(), terms));
            entries.add(entry);
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("query", query);
        result.put("hits", entries);
        return ToolEnvelope.ok(result);
    }

    ToolEnvelope get(String slug) {
        McpProject.Outcome<List<DocsSource.Doc>> docs = McpProject.attempt(source::docs);
        if (docs.failed()) {
            return ToolEnvelope.failed(docs.errors());
        }
        Optional<DocsSource.Doc> doc = docs.value().orElseThrow().stream().filter(d -> d.slug().equals(slug)).findFirst();
        if (doc.isEmpty()) {
            return ToolEnvelope.failed(List.of(PzError.of(PzCode.MCP_DOCS_REQUEST_INVALID, "no documentation page '"
                    + slug + "'").withHint("pz_docs_list lists the pages and their slugs")));
        }
        Map<String, Object> entry = describe(doc.get());
        entry.put("markdown", doc.get().markdown());
        return ToolEnvelope.ok(new LinkedHashMap<>(Map.of("doc", entry)));
    }

    private static Map<String, Object> describe(DocsSource.Doc doc) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("slug", doc.slug());
        entry.put("title", doc.title());
        if (doc.description() != null) {
            entry.put("description", doc.description());
        }
        if (doc.group() != null) {
            entry.put("group", doc.group());
        }
        entry.put("url", doc.url());
        return entry;
    }

    private static int occurrences(String text, List<String> terms) {
        String lower = text.toLowerCase(Locale.ROOT);
        int count = 0;
        for (String term : terms) {
            for (int at = lower.indexOf(term); at >= 0; at = lower.indexOf(term, at + term.length())) {
                count++;
            }
        }
        return count;
    }

    private static List<Object> excerpts(String markdown, List<String> terms) {
        List<Object> excerpts = new ArrayList<>();
        for (String line : markdown.split("\n")) {
            String lower = line.toLowerCase(Locale.ROOT);
            if (excerpts.size() < MAX_EXCERPTS && terms.stream().anyMatch(lower::contains)) {
                String text = line.strip();
                excerpts.add(text.length() > EXCERPT_CHARS ? text.substring(0, EXCERPT_CHARS - 3) + "..." : text);
            }
        }
        return excerpts;
    }
}
