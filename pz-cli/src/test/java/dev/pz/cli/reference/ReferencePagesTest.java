package dev.pz.cli.reference;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
        assertThat(undescribed).as("codes without a meaning in pz-codes.tsv").isEmpty();
    }
}
