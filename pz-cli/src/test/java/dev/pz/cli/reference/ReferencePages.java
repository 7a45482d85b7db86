package dev.pz.cli.reference;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The generated pages of {@code docs/}: the verb and flag reference (from pz's picocli model), the
 * connector option reference (from the connectors' option declarations), the error code catalogue
 * (from {@code PzCode} and the meanings in {@code pz-codes.tsv}) and the bundle index of every page.
 * {@link #main} rewrites them in place; {@code ReferencePagesTest} fails when a committed page
 * differs from what this renders.
 */
public final class ReferencePages {

    private ReferencePages() {
    }

    /** Every generated page, by its path relative to {@code docs/}, in a stable order. */
    public static Map<String, String> render(Path docs) {
        Map<String, String> pages = new LinkedHashMap<>();
        pages.put("reference/cli.md", CliReference.render());
        pages.put("reference/connectors.md", ConnectorReference.render());
        pages.put("reference/codes.md", CodeReference.render());
        // The index lists the generated pages too, so it is rendered over the pages just made.
        pages.put(DocsBundle.INDEX, DocsBundle.index(docs, pages));
        return pages;
    }

    /** Writes every generated page under {@code docs} (the first argument, default {@code docs}). */
    public static void main(String[] args) {
        Path docs = Path.of(args.length > 0 ? args[0] : "docs");
        render(docs).forEach((page, text) -> write(docs.resolve(page), text));
    }

    static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A table cell: one line, pipes escaped, and angle brackets outside code spans kept visible. */
    static String cell(String text) {
        if (text == null) {
            return "";
        }
        String[] spans = text.replace("\r", "").replace("\n", " ").replace("|", "\\|").strip().split("`", -1);
        for (int i = 0; i < spans.length; i += 2) {
            spans[i] = spans[i].replace("<", "&lt;").replace(">", "&gt;");
        }
        return String.join("`", spans);
    }
}
