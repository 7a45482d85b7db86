package dev.pz.engine.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The headers file is read before every export (a rotated token is picked up), comments and blank
 * lines are skipped, and each problem is one note that never repeats the file's content.
 */
class ExportHeadersTest {

    @TempDir
    Path temp;

    @Test
    void theFileIsReadBeforeEveryExport() throws IOException {
        Path file = Files.writeString(temp.resolve("h"), "# token\nAuthorization=Bearer one\n\n");
        ExportHeaders headers = new ExportHeaders(file);
        assertThat(headers.get()).containsExactly(Map.entry("Authorization", "Bearer one"));
        Files.writeString(file, "Authorization=Bearer two\nX-Scope-OrgID = tenant=a\n");
        assertThat(headers.get()).containsExactly(Map.entry("Authorization", "Bearer two"),
                Map.entry("X-Scope-OrgID", "tenant=a"));
        assertThat(headers.notes()).isEmpty();
    }

    @Test
    void aMissingFileSendsNoHeadersAndNotesItOnce() {
        ExportHeaders headers = new ExportHeaders(temp.resolve("absent"));
        assertThat(headers.get()).isEmpty();
        assertThat(headers.get()).isEmpty();
        assertThat(headers.notes()).singleElement().satisfies(note -> assertThat(note).contains("absent"));
    }

    @Test
    void aMalformedLineIsSkippedAndNotedOnceWithoutItsContent() throws IOException {
        Path file = Files.writeString(temp.resolve("h"), "Authorization Bearer secret-value\nX-Team=data\n");
        ExportHeaders headers = new ExportHeaders(file);
        assertThat(headers.get()).containsExactly(Map.entry("X-Team", "data"));
        assertThat(headers.get()).hasSize(1);
        assertThat(headers.notes()).singleElement().satisfies(note -> assertThat(note)
                .isEqualTo("line 1 of the headers file " + file + " is not Name=Value; it was skipped")
                .doesNotContain("secret-value"));
    }
}
