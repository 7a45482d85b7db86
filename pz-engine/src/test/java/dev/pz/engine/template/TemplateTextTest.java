package dev.pz.engine.template;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Text outside blocks is SQL and must reach DuckDB byte for byte: pz never
 * parses or reflows it. Only Scriban's explicit whitespace markers may remove whitespace.
 */
class TemplateTextTest {

    private static String render(String text) {
        return Template.parse(text).render(TemplateScope.create().constant("name", "x"));
    }

    @Test
    void templateWithoutBlocksIsCopiedVerbatim() {
        String sql = "select 1 as \"a}}\", '{x}' from t -- comment } {\r\n\twhere a = 1;\n\n";
        assertThat(render(sql)).isEqualTo(sql);
    }

    @Test
    void emptyTemplateRendersEmpty() {
        assertThat(render("")).isEmpty();
    }

    @Test
    void crlfAndIndentationAroundBlocksArePreserved() {
        String sql = "select *\r\n  from {{ name }}\r\n    where 1 = 1\r\n";
        assertThat(render(sql)).isEqualTo("select *\r\n  from x\r\n    where 1 = 1\r\n");
    }

    @Test
    void nonAsciiTextIsPreserved() {
        assertThat(render("select 'é€😀' as {{ name }} -- ünïcödé")).isEqualTo("select 'é€😀' as x -- ünïcödé");
    }

    @Test
    void statementBlocksLeaveTheirSurroundingWhitespace() {
        assertThat(render("a\n{{ if true }}\nb\n{{ end }}\nc")).isEqualTo("a\n\nb\n\nc");
    }

    @Test
    void tildeOnTheLeftTrimsBlanksButKeepsTheLineBreak() {
        assertThat(render("a  \n  \t{{~ name }}")).isEqualTo("a  \nx");
    }

    @Test
    void tildeOnTheRightTrimsBlanksAndTheFirstLineBreak() {
        assertThat(render("{{ name ~}}  \n\nb")).isEqualTo("x\nb");
        assertThat(render("{{ name ~}} \r\n\r\nb")).isEqualTo("x\r\nb");
    }

    @Test
    void dashTrimsAllWhitespaceIncludingLineBreaks() {
        assertThat(render("a \r\n \n {{- name -}} \n\n b")).isEqualTo("axb");
    }

    @Test
    void tildeStatementBlocksProduceCleanLines() {
        String template = "select\n{{~ for c in ['a', 'b'] ~}}\n  {{ c }},\n{{~ end ~}}\n  1\n";
        assertThat(render(template)).isEqualTo("select\n  a,\n  b,\n  1\n");
    }

    @Test
    void closingBracesInsideStringsAndMapsDoNotEndTheBlock() {
        assertThat(render("{{ 'a}}b' }}|{{ {a: {b: 1}} }}|{{{a: 1}}}")).isEqualTo("a}}b|{a: {b: 1}}|{a: 1}");
    }

    @Test
    void emptyBlocksRenderNothing() {
        assertThat(render("a{{ }}b{{\n}}c")).isEqualTo("abc");
    }
}
