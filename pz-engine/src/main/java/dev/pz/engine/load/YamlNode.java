package dev.pz.engine.load;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A YAML value with its 1-based line, as read by {@link YamlReader}. */
sealed interface YamlNode permits YamlNode.Scalar, YamlNode.Sequence, YamlNode.Mapping {

    int line();

    /** The value as plain Java objects: maps become {@link LocatedMap}, lists {@link ArrayList}, scalars their typed value. */
    Object toPlain();

    /** {@code a mapping}, {@code a list}, or the scalar quoted as written. */
    String describe();

    /** True for a plain scalar with no text: a key written with an empty body. */
    default boolean isEmpty() {
        return this instanceof Scalar scalar && scalar.plain() && scalar.text().isEmpty();
    }

    /**
     * A scalar: its text as written, whether it was plain (unquoted, not a block scalar, no tag),
     * and its typed value (Boolean, Long, Double, String, or null for an empty plain scalar).
     */
    record Scalar(String text, boolean plain, Object value, int line) implements YamlNode {
        @Override
        public Object toPlain() {
            return value;
        }

        @Override
        public String describe() {
            return "'" + text + "'";
        }
    }

    record Sequence(List<YamlNode> items, int line) implements YamlNode {
        public Sequence {
            items = List.copyOf(items);
        }

        @Override
        public Object toPlain() {
            List<Object> list = new ArrayList<>();
            for (YamlNode item : items) {
                list.add(item.toPlain());
            }
            return list;
        }

        @Override
        public String describe() {
            return "a list";
        }
    }

    /** A mapping in file order; each entry keeps the line of its key. */
    record Mapping(Map<String, Entry> entries, int line) implements YamlNode {
        public Mapping {
            entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
        }

        YamlNode get(String key) {
            Entry entry = entries.get(key);
            return entry == null ? null : entry.value();
        }

        int lineOf(String key) {
            Entry entry = entries.get(key);
            return entry == null ? line : entry.line();
        }

        @Override
        public LocatedMap toPlain() {
            LocatedMap map = new LocatedMap();
            for (Entry entry : entries.values()) {
                String raw = entry.value() instanceof Scalar scalar ? scalar.text() : null;
                map.putLocated(entry.key(), entry.value().toPlain(), entry.line(), raw);
            }
            return map;
        }

        @Override
        public String describe() {
            return "a mapping";
        }
    }

    record Entry(String key, int line, YamlNode value) {
    }
}
