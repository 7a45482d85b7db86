package dev.pz.connectors.files;

import dev.pz.connectors.api.paths.Globs;
import dev.pz.connectors.api.paths.PathTemplate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Expands a glob over the local filesystem with the same rules object keys are matched by
 * ({@link Globs}), walking only the directory of the glob's static prefix, and only as deep as the
 * glob can reach.
 */
public final class LocalGlobs {

    private LocalGlobs() {
    }

    /** The regular files an absolute glob matches, sorted by path; a path without wildcards names itself. */
    public static List<Path> expand(String absoluteGlob) {
        if (!Globs.isGlob(absoluteGlob)) {
            Path file = Path.of(absoluteGlob);
            return Files.isRegularFile(file) ? List.of(file) : List.of();
        }
        String prefix = PathTemplate.staticPrefix(absoluteGlob);
        int slash = prefix.lastIndexOf('/');
        Path base = Path.of(slash <= 0 ? "/" : prefix.substring(0, slash));
        if (!Files.isDirectory(base)) {
            return List.of();
        }
        String rest = absoluteGlob.substring(slash + 1);
        int depth = rest.contains("**") ? Integer.MAX_VALUE : (int) rest.chars().filter(c -> c == '/').count() + 1;
        Pattern pattern = Globs.toRegex(absoluteGlob);
        try (Stream<Path> files = Files.walk(base, depth)) {
            return files.filter(Files::isRegularFile).filter(file -> pattern.matcher(file.toString()).matches())
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
