package dev.pz.cli.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The example projects written into the pages of {@code docs/}. A page marks the fenced block that
 * follows an HTML comment (invisible when rendered):
 *
 * <pre>
 * &lt;!-- pz-example: NAME file PATH --&gt;     the block is the file PATH of project NAME
 * &lt;!-- pz-example: NAME commands --&gt;      its lines starting with "pz " are run, in order ("rm FILE" and
 *                                            "export NAME=value" too; other lines, such as cd, are for the reader)
 * &lt;!-- pz-example: NAME output --&gt;        the node lines ("ok …", "FAIL …", "skip …") of the last command
 * &lt;!-- pz-example: NAME expect PATH --&gt;   the content of the file PATH after the commands so far
 * &lt;!-- pz-example: NAME rows TABLE --&gt;    the rows of a PostgreSQL TABLE (or of a query starting
 *                                            "select "), columns joined by "|", as psql -At prints them
 * &lt;!-- pz-example: fragment --&gt;            a block that is deliberately not a whole project
 * </pre>
 *
 * Folders under {@code docs/examples/} are example projects too ({@link #folders}). The steps of
 * one NAME on one page form a script, run top to bottom in a fresh directory, the way a
 * reader follows the page. A command line may end with {@code # exits N} when it is meant to fail.
 */
public final class DocExamples {

    private static final Pattern MARKER = Pattern.compile("<!--\\s*pz-example:\\s*(.+?)\\s*-->");

    private DocExamples() {
    }

    /** One step of an example, in page order. */
    public sealed interface Step {
        int line();
    }

    public record WriteFile(String path, String content, int line) implements Step {
    }

    public record Commands(List<String> lines, int line) implements Step {
    }

    public record Output(String text, int line) implements Step {
    }

    public record Expect(String path, String content, int line) implements Step {
    }

    public record Rows(String table, String content, int line) implements Step {
    }

    /** An example project: where it is written and its steps. */
    public record Example(String page, String name, List<Step> steps) {
        @Override
        public String toString() {
            return page + " " + name;
        }
    }

    /** A fenced block of a page: its language word, its text, the line of its opening fence, its marker if any. */
    public record Block(String page, String language, String text, int line, String marker) {
    }

    /** Every fenced block of every page under {@code docs}, in page then line order. */
    public static List<Block> blocks(Path docs) {
        List<Block> blocks = new ArrayList<>();
        try (Stream<Path> files = Files.walk(docs)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".md")).sorted().toList()) {
                blocks.addAll(blocks(docs.relativize(file).toString().replace('\\', '/'),
                        Files.readAllLines(file, StandardCharsets.UTF_8)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return blocks;
    }

    private static List<Block> blocks(String page, List<String> lines) {
        List<Block> blocks = new ArrayList<>();
        String marker = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher matcher = MARKER.matcher(line.strip());
            if (matcher.matches()) {
                marker = matcher.group(1);
                continue;
            }
            String fence = line.strip();
            if (fence.startsWith("```")) {
                int open = i;
                StringBuilder text = new StringBuilder();
                for (i++; i < lines.size() && !lines.get(i).strip().equals("```"); i++) {
                    text.append(lines.get(i)).append('\n');
                }
                blocks.add(new Block(page, fence.substring(3).strip(), text.toString(), open + 1, marker));
                marker = null;
            } else if (!line.isBlank()) {
                marker = null;
            }
        }
        return blocks;
    }

    /**
     * The example projects kept as folders, {@code docs/examples/<name>/}: every file of the folder
     * is written, then the {@code sh}/{@code bash} blocks of its README.md are run as commands. A
     * folder whose commands need services (an object store, say) marks its command block
     * {@code <!-- pz-example: fragment -->} and names the test that runs it against those services;
     * it is left to that test.
     */
    public static List<Example> folders(Path docs) {
        Path root = docs.resolve("examples");
        List<Example> examples = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return examples;
        }
        try (Stream<Path> folders = Files.list(root)) {
            for (Path folder : folders.filter(Files::isDirectory).sorted().toList()) {
                String page = "examples/" + folder.getFileName() + "/README.md";
                List<Step> steps = new ArrayList<>();
                try (Stream<Path> files = Files.walk(folder)) {
                    for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                        steps.add(new WriteFile(folder.relativize(file).toString().replace('\\', '/'),
                                Files.readString(file, StandardCharsets.UTF_8), 0));
                    }
                }
                Path readme = folder.resolve("README.md");
                boolean testedElsewhere = false;
                if (Files.exists(readme)) {
                    for (Block block : blocks(page, Files.readAllLines(readme, StandardCharsets.UTF_8))) {
                        if (List.of("sh", "bash").contains(block.language())) {
                            testedElsewhere |= "fragment".equals(block.marker());
                            steps.add(new Commands(block.text().lines().toList(), block.line()));
                        }
                    }
                }
                if (!testedElsewhere) {
                    examples.add(new Example(page, folder.getFileName().toString(), steps));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return examples;
    }

    /** The marked example projects of every page under {@code docs}. */
    public static List<Example> examples(Path docs) {
        Map<String, Example> examples = new LinkedHashMap<>();
        for (Block block : blocks(docs)) {
            if (block.marker() == null || block.marker().equals("fragment")) {
                continue;
            }
            String[] words = block.marker().split("\\s+", 3);
            if (words.length < 2) {
                throw new IllegalStateException(where(block) + ": marker needs a name and a kind: " + block.marker());
            }
            Example example = examples.computeIfAbsent(block.page() + " " + words[0],
                    key -> new Example(block.page(), words[0], new ArrayList<>()));
            String argument = words.length > 2 ? words[2] : null;
            Step step = switch (words[1]) {
                case "file" -> new WriteFile(required(argument, block), block.text(), block.line());
                case "commands" -> new Commands(block.text().lines().toList(), block.line());
                case "output" -> new Output(block.text(), block.line());
                case "expect" -> new Expect(required(argument, block), block.text(), block.line());
                case "rows" -> new Rows(required(argument, block), block.text(), block.line());
                default -> throw new IllegalStateException(where(block) + ": unknown marker kind '" + words[1] + "'");
            };
            example.steps().add(step);
        }
        return List.copyOf(examples.values());
    }

    private static String required(String argument, Block block) {
        if (argument == null) {
            throw new IllegalStateException(where(block) + ": marker needs a path or table: " + block.marker());
        }
        return argument;
    }

    static String where(Block block) {
        return "docs/" + block.page() + ":" + block.line();
    }
}
