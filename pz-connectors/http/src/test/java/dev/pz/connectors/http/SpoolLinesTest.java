package dev.pz.connectors.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lines come back whole whatever the read blocks cut: short ones, ones longer than a block, a last one without LF. */
class SpoolLinesTest {

    @TempDir
    Path directory;

    @Test
    void linesSurviveBlockBoundaries() throws Exception {
        List<String> written = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            written.add("{\"row\":" + i + ",\"pad\":\"" + "é".repeat(i % 37) + "\"}");
        }
        written.add("x".repeat(200_000));
        written.add("");
        written.add("last");
        Path file = directory.resolve("spool");
        Files.writeString(file, String.join("\n", written), StandardCharsets.UTF_8);
        List<String> read = new ArrayList<>();
        try (SpoolLines lines = new SpoolLines(file)) {
            for (byte[] line = lines.next(); line != null; line = lines.next()) {
                read.add(new String(line, StandardCharsets.UTF_8));
            }
        }
        assertThat(read).isEqualTo(written);
    }
}
