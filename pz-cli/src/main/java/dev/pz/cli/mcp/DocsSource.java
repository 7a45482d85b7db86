package dev.pz.cli.mcp;

import dev.pz.cli.JarResources;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the docs tools read pz's documentation: the docs site at {@code PZ_DOCS_URL} (default
 * {@code https://pipelinez.dev}; its {@code /llms.txt} index and {@code /llms-full.txt} text, 15 s
 * timeout, 25 MB cap), or, when the site cannot be reached, the docs bundle pz carries (the
 * repository's topic pages, guide and reference; docs/reference/README.md describes its layout).
 * Without either the tools answer PZ0607.
 */
final class DocsSource {
    static final String DEFAULT_URL = "https://pipelinez.dev";
    static final String BUNDLE = "pz-docs/";
    private static final Duration TIMEOUT = Duration.ofSeconds(15);
    private static final long MAX_BYTES = 25L * 1024 * 1024;
    private static final Pattern INDEX_ENTRY = Pattern.compile("^\\s*-\\s*\\[([^\\]]+)]\\(([^)]+)\\)(?::\\s*(.*))?$");

    /** One document. */
    record Doc(String slug, String title, String description, String group, String url, String markdown) {
    }

    private final String baseUrl;
    private final Supplier<Map<String, byte[]>> bundle;
    private List<Doc> docs;

    DocsSource(String baseUrl, Supplier<Map<String, byte[]>> bundle) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.bundle = bundle;
    }

    static DocsSource of(Map<String, String> environment) {
        String url = environment.getOrDefault("PZ_DOCS_URL", "");
        return new DocsSource(url.isBlank() ? DEFAULT_URL : url, () -> JarResources.under(BUNDLE));
    }

    /** The documents, fetched once per server. */
    synchronized List<Doc> docs() {
        if (docs == null) {
            docs = load();
        }
        return docs;
    }

    private List<Doc> load() {
        String failure;
        try {
            return remote(fetch("/llms.txt"), fetch("/llms-full.txt"));
        } catch (IOException e) {
            failure = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = "interrupted";
        }
        List<Doc> bundled = bundled();
        if (bundled.isEmpty()) {
            throw new PzException(PzError.of(PzCode.MCP_DOCS_UNAVAILABLE, "the docs site " + baseUrl
                    + " could not be reached (" + failure + ") and this pz carries no docs bundle")
                    .withHint("check the network or set PZ_DOCS_URL to a reachable docs site"));
        }
        return bundled;
    }

    private String fetch(String path) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT)
                .followRedirects(HttpClient.Redirect.NORMAL).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(TIMEOUT).GET().build();
        HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream body = response.body()) {
            if (response.statusCode() != 200) {
                throw new IOException("HTTP " + response.statusCode() + " for " + baseUrl + path);
            }
            byte[] bytes = body.readNBytes((int) MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new PzException(PzError.of(PzCode.MCP_DOCS_RESPONSE_TOO_LARGE, baseUrl + path
                        + " is larger than 25 MB").withHint("point PZ_DOCS_URL at pz's docs site"));
            }
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    /** The site's index ({@code ## Group} headings over {@code - [Title](url): description} lines) with each doc's text. */
    private List<Doc> remote(String index, String full) {
        Map<String, String> bodies = sections(full);
        List<Doc> docs = new ArrayList<>();
        String group = null;
        for (String line : index.split("\n")) {
            if (line.startsWith("## ")) {
                group = line.substring(3).strip();
                continue;
            }
            Matcher entry = INDEX_ENTRY.matcher(line);
            if (entry.matches()) {
                String url = entry.group(2).strip();
                String title = entry.group(1).strip();
                docs.add(new Doc(slug(url), title, blankToNull(entry.group(3)), group, url,
                        bodies.getOrDefault(title, "")));
            }
        }
        return docs;
    }

    /** The full text split at its top-level headings, by heading. */
    private static Map<String, String> sections(String full) {
        Map<String, String> sections = new LinkedHashMap<>();
        String title = null;
        StringBuilder body = new StringBuilder();
        for (String line : full.split("\n", -1)) {
            if (line.startsWith("# ")) {
                if (title != null) {
                    sections.put(title, body.toString());
                }
                title = line.substring(2).strip();
                body.setLength(0);
            }
            body.append(line).append('\n');
        }
        if (title != null) {
            sections.put(title, body.toString());
        }
        return sections;
    }

    private List<Doc> bundled() {
        List<Doc> docs = new ArrayList<>();
        bundle.get().forEach((file, bytes) -> {
            if (!file.endsWith(".md")) {
                return;
            }
            String markdown = new String(bytes, StandardCharsets.UTF_8);
            String slug = file.substring(0, file.length() - 3);
            String title = markdown.lines().filter(line -> line.startsWith("# ")).findFirst()
                    .map(line -> line.substring(2).strip()).orElse(slug);
            // Pages at the bundle's root are topics; the others are grouped by their folder (guide, reference, …).
            String group = slug.contains("/") ? slug.substring(0, slug.indexOf('/')) : "topic";
            docs.add(new Doc(slug, title, firstParagraph(markdown), group, BUNDLE + file, markdown));
        });
        return docs;
    }

    private static String firstParagraph(String markdown) {
        StringBuilder paragraph = new StringBuilder();
        for (String line : markdown.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                if (paragraph.length() > 0) {
                    break;
                }
                continue;
            }
            paragraph.append(paragraph.length() > 0 ? " " : "").append(line.strip());
        }
        String text = paragraph.toString();
        return text.isEmpty() ? null : text.length() > 200 ? text.substring(0, 197) + "..." : text;
    }

    private static String slug(String url) {
        String path = url.replaceFirst("^[a-z]+://[^/]+", "").replaceAll("(\\.md|/)$", "");
        path = path.startsWith("/") ? path.substring(1) : path;
        return path.isEmpty() ? "index" : path;
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }
}
