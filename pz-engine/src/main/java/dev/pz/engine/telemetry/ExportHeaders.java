package dev.pz.engine.telemetry;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The headers of every export, read from the headers file before each request, so a token the file's
 * owner rotates is picked up mid-run. The file holds {@code Name=Value} lines; blank lines and lines
 * starting with {@code #} are skipped. A file that cannot be read sends the export without it, and a
 * line that is not {@code Name=Value} is skipped; each problem becomes one note for the user, which
 * names the file and the line number but never the line, since it may hold a secret.
 */
final class ExportHeaders implements Supplier<Map<String, String>> {
    private final Path file;
    private final Set<String> notes = new LinkedHashSet<>();

    ExportHeaders(Path file) {
        this.file = file;
    }

    @Override
    public Map<String, String> get() {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            note("the headers file " + file + " does not exist; traces were sent without its headers");
            return Map.of();
        } catch (IOException e) {
            note("could not read the headers file " + file + " (" + e.getClass().getSimpleName()
                    + "); traces were sent without its headers");
            return Map.of();
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int equals = line.indexOf('=');
            if (equals <= 0) {
                note("line " + (i + 1) + " of the headers file " + file + " is not Name=Value; it was skipped");
                continue;
            }
            headers.put(line.substring(0, equals).strip(), line.substring(equals + 1).strip());
        }
        return headers;
    }

    /** Each problem once, in the order met. */
    synchronized List<String> notes() {
        return List.copyOf(notes);
    }

    private synchronized void note(String note) {
        notes.add(note);
    }
}
