package dev.pz.cli.reference;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The generated pages committed under {@code docs/} are what {@link ReferencePages} renders from the
 * code today. With {@code PZ_WRITE_REFERENCE=1} (what {@code scripts/gen-reference.sh} sets) the
 * test rewrites them instead.
 */
class ReferencePagesTest {
    private static final Path DOCS = Path.of("..", "docs").toAbsolutePath().normalize();

    @Test
    void committedPagesMatchTheCode() throws IOException {
        Map<String, String> pages = ReferencePages.render(DOCS);
        if ("1".equals(System.getenv("PZ_WRITE_REFERENCE"))) {
            pages.forEach((page, text) -> ReferencePages.write(DOCS.resolve(page), text));
        }
        List<String> stale = new ArrayList<>();
        for (Map.Entry<String, String> page : pages.entrySet()) {
            Path file = DOCS.resolve(page.getKey());
            if (!Files.exists(file) || !Files.readString(file, StandardCharsets.UTF_8).equals(page.getValue())) {
                stale.add("docs/" + page.getKey());
            }
        }
        assertThat(stale).as("stale generated pages; run scripts/gen-reference.sh").isEmpty();
    }

    @Test
    void everyCodeHasAMeaning() {
        Map<String, CodeReference.Entry> entries = CodeReference.entries();
        List<String> undescribed = new ArrayList<>();
        for (dev.pz.connectors.api.error.PzCode code : dev.pz.connectors.api.error.PzCode.values()) {
            if (!entries.containsKey(code.code())) {
                undescribed.add(code.code());
            }
        }
        assertThat(undescribed).as("codes without a meaning; add a line to "
                + "pz-cli/src/test/resources/dev/pz/cli/reference/pz-codes.tsv").isEmpty();
    }

    /** pz.jar's class path carries every page the bundle index lists (the layout of docs/reference/README.md). */
    @Test
    void theClassPathCarriesEveryIndexedPage() throws IOException {
        JsonNode index;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("pz-docs/index.json")) {
            assertThat(in).as("pz-docs/index.json on the class path").isNotNull();
            index = new ObjectMapper().readTree(in);
        }
        List<String> missing = new ArrayList<>();
        for (JsonNode page : index.get("pages")) {
            if (getClass().getClassLoader().getResource("pz-docs/" + page.get("path").asText()) == null) {
                missing.add(page.get("path").asText());
            }
        }
        assertThat(index.get("pages")).as("indexed pages").hasSizeGreaterThan(10);
        assertThat(missing).as("indexed pages missing from the class path").isEmpty();
    }

    /** Every relative link of the guide and the reference names a file that exists. */
    @Test
    void linksBetweenPagesResolve() throws IOException {
        Pattern link = Pattern.compile("\\]\\(([^)#\\s]+)(#[^)]*)?\\)");
        List<String> broken = new ArrayList<>();
        for (String section : List.of("guide", "reference")) {
            try (Stream<Path> pages = Files.list(DOCS.resolve(section))) {
                for (Path page : pages.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
                    Matcher matcher = link.matcher(Files.readString(page, StandardCharsets.UTF_8));
                    while (matcher.find()) {
                        String target = matcher.group(1);
                        if (!target.contains("://") && !Files.exists(page.getParent().resolve(target))) {
                            broken.add(DOCS.relativize(page) + " -> " + target);
                        }
                    }
                }
            }
        }
        assertThat(broken).as("broken links").isEmpty();
    }
}
