package dev.pz.engine.state;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.engine.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code .pz/state/audit.jsonl}: the append-only ledger of manual {@code pz state} edits.
 * Always local, whatever the state backend; never touched by clean or
 * retention. One compact JSON object per line with fields in the order of {@link #FIELDS}.
 */
public final class AuditLog {
    /** Field order of a line; {@code ts}, {@code action} and {@code key} are required, the rest appear when present. */
    public static final List<String> FIELDS = List.of("ts", "action", "key", "cursor", "type", "from", "fromRunId", "to",
            "target", "reason");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private AuditLog() {
    }

    public static Path file(Path projectDirectory) {
        return projectDirectory.resolve(".pz").resolve("state").resolve("audit.jsonl");
    }

    /**
     * The line {@link #append} writes for {@code entry}, without its newline: fields reordered to
     * {@link #FIELDS}, null values left out.
     *
     * @throws IllegalArgumentException for a field outside {@link #FIELDS} or a missing required one
     */
    public static String line(Map<String, Object> entry) {
        for (String field : entry.keySet()) {
            if (!FIELDS.contains(field)) {
                throw new IllegalArgumentException("audit entries have no field '" + field + "'");
            }
        }
        for (String required : List.of("ts", "action", "key")) {
            if (entry.get(required) == null) {
                throw new IllegalArgumentException("an audit entry needs '" + required + "'");
            }
        }
        Map<String, Object> ordered = new LinkedHashMap<>();
        for (String field : FIELDS) {
            if (entry.get(field) != null) {
                ordered.put(field, entry.get(field));
            }
        }
        return Json.compact(ordered);
    }

    /**
     * Appends one line for {@code entry}, creating the file (and {@code .pz/state}) when needed.
     *
     * @throws UncheckedIOException when the line cannot be written; the caller shows the line so it can be added by hand
     */
    public static void append(Path projectDirectory, Map<String, Object> entry) {
        String line = line(entry) + "\n";
        Path file = file(projectDirectory);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("could not append to " + file + ": " + e.getMessage(), e);
        }
    }

    /** Every parseable line in file order (oldest first); an absent or unreadable file has none. */
    public static List<Map<String, Object>> read(Path projectDirectory) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file(projectDirectory), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            return List.of();
        }
        List<Map<String, Object>> entries = new ArrayList<>();
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            try {
                Map<String, Object> entry = MAPPER.readValue(line, new TypeReference<LinkedHashMap<String, Object>>() {
                });
                if (entry != null) {
                    entries.add(Collections.unmodifiableMap(entry));
                }
            } catch (IOException unparseable) {
                // A hand-edited ledger line that is not JSON is skipped, not fatal.
            }
        }
        return Collections.unmodifiableList(entries);
    }
}
