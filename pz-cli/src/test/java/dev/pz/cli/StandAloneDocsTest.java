package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Comments, scripts and docs stand alone: none cites a numbered section (the section sign) of a
 * document the repository does not hold. A constraint is stated where it applies, or the text
 * points at a file under {@code docs/}. Scans every text file of the repository except build
 * output and pz's own run directories.
 */
class StandAloneDocsTest {
    private static final String SECTION_SIGN = "\u00a7";
    private static final Set<String> SKIPPED_DIRECTORIES = Set.of(".git", "target", ".pz", ".idea", "node_modules");

    @Test
    void noFileCitesASection() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        assertThat(root.resolve("pom.xml")).as("the repository root").isRegularFile();
        assertThat(textFiles(root)).as("the scan sees the docs, the sources and the CI script")
                .contains(root.resolve("docs/architecture.md"), root.resolve(".ci/run"),
                        root.resolve("pz-cli/src/main/java/dev/pz/cli/Main.java"));

        assertThat(citations(root)).as("lines citing a section: state the rule in place or point at docs/").isEmpty();
    }

    @Test
    void aCitationInATextFileIsReportedWithItsLine(@TempDir Path root) throws IOException {
        Files.writeString(root.resolve("a.md"), "# title\nsee spec " + SECTION_SIGN + "4.2\n");
        Files.createDirectories(root.resolve("target"));
        Files.writeString(root.resolve("target/b.md"), SECTION_SIGN + "1\n");
        Files.write(root.resolve("blob.bin"), new byte[] {0, (byte) 0xC2, (byte) 0xA7});

        assertThat(citations(root)).containsExactly("a.md:2: see spec " + SECTION_SIGN + "4.2");
    }

    private static List<String> citations(Path root) throws IOException {
        List<String> citations = new ArrayList<>();
        for (Path file : textFiles(root)) {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).contains(SECTION_SIGN)) {
                    citations.add(root.relativize(file) + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        }
        return citations;
    }

    /** Regular files outside skipped directories whose bytes hold no NUL and decode as UTF-8. */
    private static List<Path> textFiles(Path root) throws IOException {
        List<Path> files = new ArrayList<>();
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                boolean skipped = !dir.equals(root) && SKIPPED_DIRECTORIES.contains(dir.getFileName().toString());
                return skipped ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                if (attributes.isRegularFile() && isText(Files.readAllBytes(file))) {
                    files.add(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        files.sort(null);
        return files;
    }

    private static boolean isText(byte[] bytes) {
        for (byte b : bytes) {
            if (b == 0) {
                return false;
            }
        }
        try {
            StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException notUtf8) {
            return false;
        }
    }
}
