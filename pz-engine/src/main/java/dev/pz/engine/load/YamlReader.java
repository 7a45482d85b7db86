package dev.pz.engine.load;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.ObjectCodec;
import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.SourceLocation;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ScalarEvent;

/**
 * Reads one pz YAML file into a {@link YamlNode} tree with a line for every key and value.
 * Jackson's streaming parser does the YAML work; pz does the typing itself, because only plain
 * scalars are typed and only {@code true}/{@code false}, integers and decimals are recognized
 * ({@code null}, {@code ~}, {@code yes}, {@code True} stay text).
 *
 * <p>Hostile input stays a {@code PZ0101}: a document is refused when it nests deeper than
 * {@link #MAX_NESTING} levels or when its aliases would repeat content beyond
 * {@link #MAX_EXPANDED_VALUES} values in all (an alias is shared, not copied, while reading, but
 * everything after reading walks the expanded tree), and the parser reads at most
 * {@link #MAX_CODE_POINTS} characters.
 */
final class YamlReader {
    /** Mappings and lists inside each other; pz's own files need fewer than ten. */
    static final int MAX_NESTING = 64;
    /** Keys, values and list items of a document, counting every alias as a copy of its anchor. */
    static final int MAX_EXPANDED_VALUES = 200_000;
    /** What the YAML parser itself reads at most: as much as a project file may hold. */
    static final int MAX_CODE_POINTS = ProjectFiles.MAX_BYTES;
    private static final Pattern INTEGER = Pattern.compile("[-+]?[0-9]+");
    private static final Pattern DECIMAL =
            Pattern.compile("[-+]?([0-9]+\\.[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?|[-+]?[0-9]+[eE][-+]?[0-9]+");
    private static final StyledYamlFactory FACTORY = new StyledYamlFactory();

    private YamlReader() {
    }

    /**
     * The root mapping of {@code text}, or empty after adding a {@code PZ0101} to {@code problems}
     * (malformed YAML, a root that is not a mapping, a second document, a duplicate key).
     * An empty or all-comment file is an empty mapping.
     */
    static Optional<YamlNode.Mapping> readRoot(String text, String file, Problems problems) {
        try (StyledYamlParser parser = (StyledYamlParser) FACTORY.createParser(new StringReader(text))) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return Optional.of(new YamlNode.Mapping(Map.of(), 1));
            }
            Builder builder = new Builder(parser, file, problems);
            YamlNode root = builder.read(first);
            if (parser.nextToken() != null) {
                problems.error(PzCode.YAML_SHAPE, file + " holds more than one YAML document.",
                        new SourceLocation(file, parser.currentTokenLocation().getLineNr()),
                        "keep a single document: remove the second '---' and what follows it");
                return Optional.empty();
            }
            if (root.isEmpty()) {
                return Optional.of(new YamlNode.Mapping(Map.of(), 1));
            }
            if (!(root instanceof YamlNode.Mapping mapping)) {
                problems.error(PzCode.YAML_SHAPE,
                        file + " must hold a mapping at the top level, but holds " + root.describe() + ".",
                        new SourceLocation(file, root.line()), "write " + file + " as 'key: value' lines");
                return Optional.empty();
            }
            return builder.failed ? Optional.empty() : Optional.of(mapping);
        } catch (TooLarge e) {
            problems.error(PzCode.YAML_SHAPE, file + " " + e.getMessage(), new SourceLocation(file, e.line), e.hint);
            return Optional.empty();
        } catch (JsonProcessingException e) {
            problems.error(PzCode.YAML_SHAPE, file + " is not valid YAML: " + problemOf(e),
                    new SourceLocation(file, lineOf(e)), "fix the YAML syntax at that line");
            return Optional.empty();
        } catch (YAMLException e) {
            int line = e instanceof MarkedYAMLException marked && marked.getProblemMark() != null
                    ? marked.getProblemMark().getLine() + 1 : 0;
            problems.error(PzCode.YAML_SHAPE, file + " is not valid YAML: " + firstLine(e.getMessage()),
                    new SourceLocation(file, line), "fix the YAML syntax at that line");
            return Optional.empty();
        } catch (IOException e) {
            problems.error(PzCode.YAML_SHAPE, file + " could not be read: " + e.getMessage(),
                    SourceLocation.file(file), null);
            return Optional.empty();
        }
    }

    /** The typed value of a plain scalar. */
    static Object typePlain(String text) {
        if (text.isEmpty()) {
            return null;
        }
        if (text.equals("true")) {
            return Boolean.TRUE;
        }
        if (text.equals("false")) {
            return Boolean.FALSE;
        }
        if (INTEGER.matcher(text).matches()) {
            try {
                return Long.parseLong(text.startsWith("+") ? text.substring(1) : text);
            } catch (NumberFormatException tooLarge) {
                return text;
            }
        }
        if (DECIMAL.matcher(text).matches()) {
            double value = Double.parseDouble(text);
            return Double.isFinite(value) ? (Object) value : text;
        }
        return text;
    }

    private static String problemOf(JsonProcessingException e) {
        if (e.getCause() instanceof MarkedYAMLException marked) {
            return firstLine(marked.getProblem() != null ? marked.getProblem() : marked.getMessage());
        }
        return firstLine(e.getOriginalMessage());
    }

    private static int lineOf(JsonProcessingException e) {
        if (e.getCause() instanceof MarkedYAMLException marked && marked.getProblemMark() != null) {
            return marked.getProblemMark().getLine() + 1;
        }
        JsonLocation location = e.getLocation();
        return location == null ? 0 : Math.max(0, location.getLineNr());
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "unreadable content";
        }
        int newline = text.indexOf('\n');
        return (newline < 0 ? text : text.substring(0, newline)).trim();
    }

    /** A document beyond the nesting or expansion bound; stops reading at once. */
    private static final class TooLarge extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int line;
        private final String hint;

        TooLarge(String message, int line, String hint) {
            super(message, null, false, false);
            this.line = line;
            this.hint = hint;
        }
    }

    /**
     * Builds nodes from the token stream, resolving anchors and aliases, and counts the values the
     * document expands to: each node counts once, each alias as many as its anchor's content.
     */
    private static final class Builder {
        private final StyledYamlParser parser;
        private final String file;
        private final Problems problems;
        private final Map<String, YamlNode> anchors = new HashMap<>();
        private final Map<String, Long> anchorSizes = new HashMap<>();
        private long expanded;
        private int depth;
        private boolean failed;

        Builder(StyledYamlParser parser, String file, Problems problems) {
            this.parser = parser;
            this.file = file;
            this.problems = problems;
        }

        YamlNode read(JsonToken token) throws IOException {
            int line = parser.currentTokenLocation().getLineNr();
            if (parser.isCurrentAlias()) {
                YamlNode target = anchors.get(parser.getText());
                if (target == null) {
                    problems.error(PzCode.YAML_SHAPE, file + ": alias '*" + parser.getText()
                            + "' refers to an anchor that is not defined before it (an alias cannot point into its own node).",
                            new SourceLocation(file, line), "define the anchor with '&" + parser.getText() + "' first");
                    failed = true;
                    return new YamlNode.Scalar("", true, null, line);
                }
                count(anchorSizes.get(parser.getText()), line);
                return target;
            }
            String anchor = parser.getCurrentAnchor();
            long before = expanded;
            count(1, line);
            YamlNode node = switch (token) {
                case START_OBJECT, START_ARRAY -> readCollection(token, line);
                default -> readScalar(line);
            };
            if (anchor != null) {
                anchors.put(anchor, node);
                anchorSizes.put(anchor, expanded - before);
            }
            return node;
        }

        private void count(long values, int line) {
            expanded += values;
            if (expanded > MAX_EXPANDED_VALUES) {
                throw new TooLarge("expands to more than " + MAX_EXPANDED_VALUES
                        + " values (each alias repeats its anchor's content).", line,
                        "write the values out, or use fewer aliases of large anchors");
            }
        }

        private YamlNode readCollection(JsonToken token, int line) throws IOException {
            if (++depth > MAX_NESTING) {
                throw new TooLarge("nests mappings and lists deeper than " + MAX_NESTING + " levels.", line,
                        "flatten the structure");
            }
            YamlNode node = token == JsonToken.START_OBJECT ? readMapping(line) : readSequence(line);
            depth--;
            return node;
        }

        private YamlNode readMapping(int line) throws IOException {
            Map<String, YamlNode.Entry> entries = new LinkedHashMap<>();
            JsonToken token;
            while ((token = parser.nextToken()) != JsonToken.END_OBJECT) {
                if (token != JsonToken.FIELD_NAME) {
                    throw new IllegalStateException("expected a key, got " + token);
                }
                String key = parser.currentName();
                int keyLine = parser.currentTokenLocation().getLineNr();
                YamlNode value = read(parser.nextToken());
                if (entries.containsKey(key)) {
                    problems.error(PzCode.YAML_SHAPE, file + " declares key '" + key + "' twice in one mapping.",
                            new SourceLocation(file, keyLine), "keep one '" + key + ":' and delete the other");
                    failed = true;
                }
                entries.put(key, new YamlNode.Entry(key, keyLine, value));
            }
            return new YamlNode.Mapping(entries, line);
        }

        private YamlNode readSequence(int line) throws IOException {
            List<YamlNode> items = new ArrayList<>();
            JsonToken token;
            while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
                items.add(read(token));
            }
            return new YamlNode.Sequence(items, line);
        }

        private YamlNode readScalar(int line) throws IOException {
            ScalarEvent event = parser.scalarEvent();
            if (event == null) {
                String text = parser.getText() == null ? "" : parser.getText();
                return new YamlNode.Scalar(text, false, text, line);
            }
            String text = event.getValue();
            boolean plain = event.getScalarStyle() == DumperOptions.ScalarStyle.PLAIN && event.getTag() == null;
            return new YamlNode.Scalar(text, plain, plain ? typePlain(text) : text, line);
        }
    }

    /** A Jackson YAML parser that exposes the SnakeYAML scalar event behind the current token (for its style). */
    static final class StyledYamlParser extends YAMLParser {
        StyledYamlParser(IOContext context, int parserFeatures, int formatFeatures, LoaderOptions loaderOptions,
                ObjectCodec codec, Reader reader) {
            super(context, parserFeatures, formatFeatures, loaderOptions, codec, reader);
        }

        ScalarEvent scalarEvent() {
            Event event = _lastEvent;
            return event instanceof ScalarEvent scalar ? scalar : null;
        }
    }

    private static final class StyledYamlFactory extends YAMLFactory {
        private static final long serialVersionUID = 1L;

        StyledYamlFactory() {
            super(YAMLFactory.builder().loaderOptions(loaderOptions()));
        }

        private static LoaderOptions loaderOptions() {
            LoaderOptions options = new LoaderOptions();
            options.setCodePointLimit(MAX_CODE_POINTS);
            options.setNestingDepthLimit(MAX_NESTING + 1);
            return options;
        }

        @Override
        protected YAMLParser _createParser(Reader reader, IOContext context) {
            return new StyledYamlParser(context, _parserFeatures, _yamlParserFeatures, _loaderOptions, _objectCodec,
                    reader);
        }
    }
}
