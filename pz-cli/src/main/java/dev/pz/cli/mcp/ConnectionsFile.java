package dev.pz.cli.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * connections.yml as lines, edited by splicing: a change replaces, inserts or removes only the
 * lines of the block it is about, so every other line (comments, blank lines, the user's quoting
 * and key order) stays byte for byte. Blocks are found by indentation: a connection is a key at
 * column 0 up to the next line at column 0; its {@code entities:} key sits at two spaces and each
 * entity at four.
 */
final class ConnectionsFile {
    private static final YAMLMapper YAML = YAMLMapper.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
            .build();
    private static final int ENTITIES_INDENT = 2;
    private static final int ENTITY_INDENT = 4;

    private final List<String> lines;

    private ConnectionsFile(List<String> lines) {
        this.lines = lines;
    }

    static ConnectionsFile parse(String text) {
        List<String> lines = new ArrayList<>(List.of(text.replace("\r\n", "\n").split("\n", -1)));
        if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        return new ConnectionsFile(lines);
    }

    String text() {
        return lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
    }

    /** A half-open range of line indexes. */
    record Block(int start, int end) {
        List<String> of(List<String> lines) {
            return lines.subList(start, end);
        }
    }

    Optional<Block> connection(String name) {
        for (int i = 0; i < lines.size(); i++) {
            if (keyAt(lines.get(i), 0).filter(name::equals).isPresent()) {
                return Optional.of(new Block(i, endOf(i + 1, 0, lines.size())));
            }
        }
        return Optional.empty();
    }

    Optional<Block> entity(Block connection, String entity) {
        return entities(connection).flatMap(entities -> {
            for (int i = entities.start() + 1; i < entities.end(); i++) {
                if (keyAt(lines.get(i), ENTITY_INDENT).filter(entity::equals).isPresent()) {
                    return Optional.of(new Block(i, endOf(i + 1, ENTITY_INDENT, entities.end())));
                }
            }
            return Optional.empty();
        });
    }

    /** The entity names under a connection's {@code entities:}, in file order. */
    List<String> entityNames(Block connection) {
        List<String> names = new ArrayList<>();
        entities(connection).ifPresent(entities -> {
            for (int i = entities.start() + 1; i < entities.end(); i++) {
                keyAt(lines.get(i), ENTITY_INDENT).ifPresent(names::add);
            }
        });
        return names;
    }

    /** Whether a block holds a comment line (which replacing it would drop). */
    boolean hasComment(Block block) {
        return block.of(lines).stream().anyMatch(line -> line.strip().startsWith("#"));
    }

    void appendConnection(String name, Map<String, Object> body) {
        if (!lines.isEmpty() && !lines.get(lines.size() - 1).isBlank()) {
            lines.add("");
        }
        lines.addAll(render(Map.of(name, body), 0));
    }

    void replace(Block block, List<String> replacement) {
        lines.subList(block.start(), block.end()).clear();
        lines.addAll(block.start(), replacement);
    }

    void remove(Block block) {
        int end = block.end();
        // A connection takes the blank line that separated it from the next one with it.
        if (block.start() > 0 && lines.get(block.start() - 1).isBlank() && end < lines.size()
                && lines.get(end).isBlank()) {
            end++;
        }
        lines.subList(block.start(), end).clear();
    }

    /** Removes an entity, and the connection's {@code entities:} key with its last entity. */
    void removeEntity(String connection, String entity) {
        Block owner = connection(connection).orElseThrow();
        remove(entity(owner, entity).orElseThrow());
        Block after = connection(connection).orElseThrow();
        if (entityNames(after).isEmpty()) {
            entities(after).ifPresent(entities -> lines.subList(entities.start(), entities.end()).clear());
        }
    }

    static List<String> connectionLines(String name, Map<String, Object> body) {
        return render(Map.of(name, body), 0);
    }

    static List<String> entityLines(String entity, Map<String, Object> body) {
        return render(Map.of(entity, body), ENTITY_INDENT);
    }

    /** Puts an entity at the end of the connection's {@code entities:}, adding that key when missing. */
    void appendEntity(Block connection, String entity, Map<String, Object> body) {
        List<String> rendered = entityLines(entity, body);
        Optional<Block> entities = entities(connection);
        if (entities.isPresent()) {
            lines.addAll(entities.get().end(), rendered);
        } else {
            List<String> added = new ArrayList<>();
            added.add(" ".repeat(ENTITIES_INDENT) + "entities:");
            added.addAll(rendered);
            lines.addAll(connection.end(), added);
        }
    }

    private Optional<Block> entities(Block connection) {
        for (int i = connection.start() + 1; i < connection.end(); i++) {
            if (keyAt(lines.get(i), ENTITIES_INDENT).filter("entities"::equals).isPresent()) {
                return Optional.of(new Block(i, endOf(i + 1, ENTITIES_INDENT, connection.end())));
            }
        }
        return Optional.empty();
    }

    /**
     * The end of a block whose key is indented {@code indent}: the first line from {@code from}
     * indented no deeper (blank and comment lines do not end it), with trailing blank lines left outside.
     */
    private int endOf(int from, int indent, int limit) {
        int end = from;
        int lastContent = from;
        for (; end < limit; end++) {
            String line = lines.get(end);
            if (line.isBlank()) {
                continue;
            }
            if (indentOf(line) <= indent && !(indent > 0 && line.strip().startsWith("#"))) {
                break;
            }
            lastContent = end + 1;
        }
        return lastContent;
    }

    private static final Pattern KEY = Pattern.compile("^( *)(\"[^\"]*\"|'[^']*'|[^\\s#:'\"][^:#]*?)\\s*:(\\s.*)?$");

    private static Optional<String> keyAt(String line, int indent) {
        Matcher matcher = KEY.matcher(line);
        if (!matcher.matches() || matcher.group(1).length() != indent) {
            return Optional.empty();
        }
        String key = matcher.group(2);
        boolean quoted = key.length() >= 2 && (key.startsWith("\"") || key.startsWith("'"));
        return Optional.of(quoted ? key.substring(1, key.length() - 1) : key);
    }

    private static int indentOf(String line) {
        int indent = 0;
        while (indent < line.length() && line.charAt(indent) == ' ') {
            indent++;
        }
        return indent;
    }

    private static List<String> render(Map<String, Object> value, int indent) {
        String yaml;
        try {
            yaml = YAML.writeValueAsString(new LinkedHashMap<>(value));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write YAML: " + e.getOriginalMessage(), e);
        }
        List<String> rendered = new ArrayList<>();
        for (String line : yaml.split("\n")) {
            if (!line.isEmpty()) {
                rendered.add(" ".repeat(indent) + line);
            }
        }
        return rendered;
    }
}
