package dev.pz.engine.load;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.SourceLocation;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads one project file (YAML or pipeline SQL) as UTF-8 text without its byte-order mark. A file
 * larger than {@link #MAX_BYTES} is refused before it is read, so a huge or endless file (a named
 * pipe, a device) cannot exhaust memory.
 */
final class ProjectFiles {
    /** 8 MiB: far beyond any hand-written project file. */
    static final int MAX_BYTES = 8 * 1024 * 1024;

    private ProjectFiles() {
    }

    /**
     * The text of {@code path}, or null after adding an error to {@code problems}: {@code code}
     * for a file too large, {@code PZ0101} for one that is unreadable or not UTF-8.
     */
    static String read(Path path, String file, PzCode tooLarge, Problems problems) {
        try {
            if (!Files.isRegularFile(path)) {
                problems.error(PzCode.YAML_SHAPE, file + " is not a regular file.", SourceLocation.file(file),
                        "replace it with a plain text file");
                return null;
            }
            long size = Files.size(path);
            if (size > MAX_BYTES) {
                problems.error(tooLarge, file + " is " + size + " bytes; pz reads project files of up to " + MAX_BYTES
                        + " bytes.", SourceLocation.file(file), "split it, or move data out of the project files");
                return null;
            }
            String text = Files.readString(path, StandardCharsets.UTF_8);
            return text.startsWith("\uFEFF") ? text.substring(1) : text;
        } catch (CharacterCodingException e) {
            problems.error(PzCode.YAML_SHAPE, file + " is not valid UTF-8.", SourceLocation.file(file),
                    "save the file as UTF-8");
        } catch (IOException e) {
            problems.error(PzCode.YAML_SHAPE, file + " could not be read: " + e.getMessage(), SourceLocation.file(file),
                    null);
        }
        return null;
    }
}
