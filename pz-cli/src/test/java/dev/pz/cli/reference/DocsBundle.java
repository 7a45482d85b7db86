package dev.pz.cli.reference;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * {@code docs/index.json}: the table of contents of the documentation bundle pz.jar carries under
 * {@code pz-docs/} (layout in {@code docs/reference/README.md}). One entry per page of
 * {@code docs/guide/}, {@code docs/reference/}, {@code docs/connectors/} and {@code docs/*.md} (the example projects
 * under {@code docs/examples/} are not pages): its slug, path, section, title
 * and first paragraph.
 */
final class DocsBundle {

    static final String INDEX = "index.json";

    private DocsBundle() {
    }

    /** The index over the pages on disk under {@code docs}, with {@code generated} taking the place of their files. */
    static String index(Path docs, Map<String, String> generated) {
        Map<String, String> pages = new TreeMap<>();
        try (Stream<Path> files = Files.walk(docs)) {
            for (Path file : files.filter(DocsBundle::bundled).toList()) {
                String page = docs.relativize(file).toString().replace('\\', '/');
                if (page.startsWith("examples/")) {
                    continue;
                }
                pages.put(page, Files.readString(file, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        generated.forEach((page, text) -> {
            if (page.endsWith(".md")) {
                pages.put(page, text);
            }
        });
        List<Object> entries = new ArrayList<>();
        pages.forEach((page, text) -> {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("slug", page.substring(0, page.length() - ".md".length()));
            entry.put("path", page);
            entry.put("section", page.startsWith("guide/") ? "guide" : page.startsWith("reference/") ? "reference" : "topic");
            entry.put("title", title(text, page));
            entry.put("summary", summary(text));
            entries.add(entry);
        });
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("version", 1);
        root.put("root", "pz-docs/");
        root.put("pages", entries);
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(new DefaultIndenter("  ", "\n"));
        try {
            return new ObjectMapper().writer(printer).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean bundled(Path file) {
        return Files.isRegularFile(file) && file.getFileName().toString().endsWith(".md");
    }

    private static String title(String text, String page) {
        return text.lines().filter(line -> line.startsWith("# ")).findFirst().map(line -> line.substring(2).strip())
                .orElseThrow(() -> new IllegalStateException("docs/" + page + " has no '# ' title"));
    }

    /** The first paragraph after the title: prose lines up to a blank line, joined. */
    private static String summary(String text) {
        List<String> lines = text.lines().toList();
        int start = 0;
        while (start < lines.size() && !lines.get(start).startsWith("# ")) {
            start++;
        }
        StringBuilder summary = new StringBuilder();
        for (int i = start + 1; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("<!--")) {
                if (summary.length() > 0) {
                    break;
                }
                continue;
            }
            if (line.startsWith("#") || line.startsWith("|") || line.startsWith("```")) {
                break;
            }
            summary.append(summary.length() > 0 ? " " : "").append(line);
        }
        return summary.toString();
    }
}
