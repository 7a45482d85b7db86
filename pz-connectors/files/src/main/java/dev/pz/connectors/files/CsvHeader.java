package dev.pz.connectors.files;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads the header record of a CSV file: RFC 4180 quoting, the given delimiter, UTF-8 with or without BOM. */
public final class CsvHeader {

    /** A header longer than this is treated as unreadable rather than read whole. */
    private static final int MAX_HEADER_CHARS = 1 << 20;

    private CsvHeader() {
    }

    /** The header's column names, or empty when the file cannot be read or has no complete header. */
    public static Optional<List<String>> read(Path file, char delimiter) {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parse(reader, delimiter);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    public static Optional<List<String>> parse(Reader reader, char delimiter) throws IOException {
        List<String> names = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean first = true;
        int read = 0;
        int c;
        while ((c = reader.read()) != -1) {
            if (++read > MAX_HEADER_CHARS) {
                return Optional.empty();
            }
            if (first && c == '\uFEFF') {
                first = false;
                continue;
            }
            first = false;
            if (quoted) {
                if (c == '"') {
                    reader.mark(1);
                    int next = reader.read();
                    if (next == '"') {
                        field.append('"');
                    } else {
                        quoted = false;
                        if (next == -1) {
                            break;
                        }
                        reader.reset();
                    }
                } else {
                    field.append((char) c);
                }
            } else if (c == '"' && field.length() == 0) {
                quoted = true;
            } else if (c == delimiter) {
                names.add(field.toString());
                field.setLength(0);
            } else if (c == '\n' || c == '\r') {
                break;
            } else {
                field.append((char) c);
            }
        }
        if (quoted) {
            return Optional.empty();
        }
        names.add(field.toString());
        if (names.size() == 1 && names.get(0).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(List.copyOf(names));
    }
}
