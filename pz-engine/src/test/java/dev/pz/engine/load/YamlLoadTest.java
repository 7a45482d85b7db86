package dev.pz.engine.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.model.Problems;
import org.junit.jupiter.api.Test;

/**
 * The YAML reading rules: only plain scalars are typed, every value keeps its line, and hostile
 * documents (alias bombs, deep nesting) are refused with PZ0101 instead of exhausting memory.
 */
class YamlLoadTest {

    private static YamlNode.Mapping read(String text) {
        Problems problems = new Problems();
        YamlNode.Mapping root = YamlReader.readRoot(text, "f.yml", problems).orElse(null);
        assertThat(problems.errors()).isEmpty();
        return root;
    }

    private static Problems failing(String text) {
        Problems problems = new Problems();
        assertThat(YamlReader.readRoot(text, "f.yml", problems)).isEmpty();
        return problems;
    }

    @Test
    void onlyPlainScalarsAreTyped() {
        YamlNode.Mapping root = read("""
                a: true
                b: True
                c: yes
                d: 5432
                e: "5432"
                f: 1.5
                g: null
                h: ~
                i: '0123456'
                j: |
                  42
                k: false
                l: -7
                m: 1e5
                n: 0.1.0
                o:
                """);
        assertThat(root.toPlain())
                .containsEntry("a", true).containsEntry("b", "True").containsEntry("c", "yes")
                .containsEntry("d", 5432L).containsEntry("e", "5432").containsEntry("f", 1.5)
                .containsEntry("g", "null").containsEntry("h", "~").containsEntry("i", "0123456")
                .containsEntry("j", "42\n").containsEntry("k", false).containsEntry("l", -7L)
                .containsEntry("m", 100000.0).containsEntry("n", "0.1.0").containsEntry("o", null);
        assertThat(root.get("o").isEmpty()).isTrue();
    }

    @Test
    void keysAndValuesKeepTheirLines() {
        YamlNode.Mapping root = read("""
                # comment
                crm:
                  connector: localfiles

                  entities:
                    orders:
                      read: {path: x}
                """);
        YamlNode.Mapping crm = (YamlNode.Mapping) root.get("crm");
        assertThat(root.lineOf("crm")).isEqualTo(2);
        assertThat(crm.lineOf("connector")).isEqualTo(3);
        assertThat(crm.lineOf("entities")).isEqualTo(5);
        YamlNode.Mapping orders = (YamlNode.Mapping) ((YamlNode.Mapping) crm.get("entities")).get("orders");
        assertThat(orders.lineOf("read")).isEqualTo(7);
        assertThat(orders.get("read").line()).isEqualTo(7);
    }

    @Test
    void emptyAndCommentOnlyFilesAreEmptyMappings() {
        assertThat(read("").entries()).isEmpty();
        assertThat(read("# only\n# comments\n").entries()).isEmpty();
    }

    @Test
    void rootMustBeAMapping() {
        assertThat(failing("- a\n- b\n").errors()).singleElement()
                .satisfies(e -> assertThat(e.message()).contains("mapping", "a list"));
        assertThat(failing("just text\n").errors()).singleElement()
                .satisfies(e -> assertThat(e.code()).isEqualTo(PzCode.YAML_SHAPE));
    }

    @Test
    void secondDocumentIsRefused() {
        assertThat(failing("a: 1\n---\nb: 2\n").errors()).singleElement()
                .satisfies(e -> assertThat(e.message()).contains("more than one YAML document"));
    }

    @Test
    void malformedYamlReportsFileAndLine() {
        Problems problems = failing("broken:\n  connector: localfiles\n  root: /tmp/pz-data\n  entities: [a, b\n");
        assertThat(problems.errors()).singleElement().satisfies(e -> {
            assertThat(e.code()).isEqualTo(PzCode.YAML_SHAPE);
            assertThat(e.file()).isEqualTo("f.yml");
            assertThat(e.line()).isPositive();
        });
    }

    @Test
    void duplicateKeysAreRefused() {
        assertThat(failing("a: 1\na: 2\n").errors()).singleElement()
                .satisfies(e -> assertThat(e.line()).isEqualTo(2));
    }

    @Test
    void aliasesResolveToTheAnchoredValue() {
        YamlNode.Mapping root = read("base: &b {x: 1}\ncopy: *b\n");
        assertThat(root.toPlain().get("copy")).isEqualTo(java.util.Map.of("x", 1L));
    }

    @Test
    void anAliasBombIsRefusedWhileReading() {
        StringBuilder bomb = new StringBuilder("a: &a [x, x, x, x, x, x, x, x, x]\n");
        String previous = "a";
        for (int level = 1; level <= 9; level++) {
            String name = "b" + level;
            bomb.append(name).append(": &").append(name).append(" [")
                    .append(String.join(", ", java.util.Collections.nCopies(9, "*" + previous))).append("]\n");
            previous = name;
        }
        Problems problems = failing(bomb.toString());
        assertThat(problems.errors()).singleElement().satisfies(error -> {
            assertThat(error.code()).isEqualTo(PzCode.YAML_SHAPE);
            assertThat(error.message()).isEqualTo("f.yml expands to more than 200000 values (each alias repeats"
                    + " its anchor's content).");
            assertThat(error.line()).isEqualTo(6);
        });
    }

    @Test
    void aliasesWithinTheBoundStillRead() {
        YamlNode.Mapping root = read("base: &base {format: csv, columns: {id: int}}\none: *base\ntwo: *base\n");
        assertThat(root.toPlain()).containsEntry("two",
                java.util.Map.of("format", "csv", "columns", java.util.Map.of("id", "int")));
    }

    @Test
    void deepNestingIsRefused() {
        String deep = "a: " + "[".repeat(5_000) + "]".repeat(5_000) + "\n";
        assertThat(failing(deep).errors()).singleElement().satisfies(error -> {
            assertThat(error.code()).isEqualTo(PzCode.YAML_SHAPE);
            assertThat(error.message()).isEqualTo("f.yml nests mappings and lists deeper than 64 levels.");
        });
        String flowMaps = "a: " + "{b: ".repeat(70) + "1" + "}".repeat(70) + "\n";
        assertThat(failing(flowMaps).errors()).singleElement()
                .satisfies(error -> assertThat(error.message()).contains("deeper than 64 levels"));
        read("a: " + "[".repeat(60) + "]".repeat(60) + "\n");
    }
}
