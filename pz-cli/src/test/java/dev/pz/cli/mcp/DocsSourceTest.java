package dev.pz.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.sun.net.httpserver.HttpServer;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where the docs tools read: the site's llms.txt and llms-full.txt, else the bundle, else PZ0607. */
class DocsSourceTest {

    @Test
    void readsTheSitesIndexAndFullText() throws IOException {
        HttpServer site = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        serve(site, "/llms.txt", "# pz\n\n## Guides\n\n- [Incremental loads](https://docs.example/guides/incremental/): "
                + "watermarks and windows\n- [Retry](https://docs.example/guides/retry.md)\n");
        serve(site, "/llms-full.txt", "# Incremental loads\n\nUse watermark().\n# Retry\n\nRe-runs what failed.\n");
        site.start();
        try {
            DocsSource source = new DocsSource("http://127.0.0.1:" + site.getAddress().getPort() + "/", Map::of);
            List<DocsSource.Doc> docs = source.docs();
            assertThat(docs).containsExactly(
                    new DocsSource.Doc("guides/incremental", "Incremental loads", "watermarks and windows", "Guides",
                            "https://docs.example/guides/incremental/", "# Incremental loads\n\nUse watermark().\n"),
                    new DocsSource.Doc("guides/retry", "Retry", null, "Guides", "https://docs.example/guides/retry.md",
                            "# Retry\n\nRe-runs what failed.\n\n"));
        } finally {
            site.stop(0);
        }
    }

    @Test
    void fallsBackToTheBundleAndWithoutOneSaysSo() {
        String unreachable = "http://127.0.0.1:9";
        DocsSource bundled = new DocsSource(unreachable, () -> new java.util.TreeMap<>(Map.of("retry.md",
                "# Retry\n\nRe-runs what failed,\nreusing staged tables.\n".getBytes(StandardCharsets.UTF_8),
                "guide/tutorial.md", "# Tutorial\n\nFrom nothing to a run.\n".getBytes(StandardCharsets.UTF_8),
                "index.json", "{}".getBytes(StandardCharsets.UTF_8))));
        assertThat(bundled.docs()).hasSize(2);
        assertThat(bundled.docs().get(0)).satisfies(doc -> {
            assertThat(doc.slug()).isEqualTo("guide/tutorial");
            assertThat(doc.group()).isEqualTo("guide");
        });
        assertThat(bundled.docs().get(1)).satisfies(doc -> {
            assertThat(doc.slug()).isEqualTo("retry");
            assertThat(doc.description()).isEqualTo("Re-runs what failed, reusing staged tables.");
            assertThat(doc.group()).isEqualTo("topic");
        });

        PzException none = catchThrowableOfType(PzException.class, () -> new DocsSource(unreachable, Map::of).docs());
        assertThat(none.error().code()).isEqualTo(PzCode.MCP_DOCS_UNAVAILABLE);
        assertThat(none.error().message()).startsWith("the docs site http://127.0.0.1:9 could not be reached (");
        assertThat(none.error().hint()).contains("PZ_DOCS_URL");
    }

    private static void serve(HttpServer site, String path, String body) {
        site.createContext(path, exchange -> {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
    }
}
