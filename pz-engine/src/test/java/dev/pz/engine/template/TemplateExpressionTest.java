package dev.pz.engine.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Literals, operators, member access and how values render into SQL text. */
class TemplateExpressionTest {

    private static String render(String text) {
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("schema", "raw");
        config.put("tags", List.of("a", "b"));
        return Template.parse(text).render(TemplateScope.create()
                .constant("config", config)
                .constant("nothing", null)
                .constant("this", "staging.p"));
    }

    @Test
    void stringLiteralsDecodeEscapes() {
        assertThat(render("{{ 'it\\'s' }}|{{ \"say \\\"hi\\\"\" }}|{{ 'a\\\\b' }}|{{ 'x\\ty' }}|{{ \"l1\\nl2\" }}"))
                .isEqualTo("it's|say \"hi\"|a\\b|x\ty|l1\nl2");
    }

    @Test
    void quotesOfTheOtherKindNeedNoEscape() {
        assertThat(render("{{ \"it's\" }} {{ 'say \"x\"' }}")).isEqualTo("it's say \"x\"");
    }

    @Test
    void numbersBooleansAndNullRender() {
        assertThat(render("{{ 42 }} {{ -7 }} {{ 1.5 }} {{ 10.0 }} {{ 2e3 }} {{ true }} {{ false }} [{{ null }}]"))
                .isEqualTo("42 -7 1.5 10.0 2000.0 true false []");
    }

    @Test
    void listsAndMapsRenderWithUnquotedStrings() {
        assertThat(render("{{ ['a', 1, [true, null]] }} {{ { id: 'bigint', 'n': { x: 1.5 } } }}"))
                .isEqualTo("[a, 1, [true, ]] {id: bigint, n: {x: 1.5}}");
    }

    @Test
    void arithmeticKeepsIntegersAndFollowsPrecedence() {
        assertThat(render("{{ 1 + 2 * 3 }} {{ (1 + 2) * 3 }} {{ 7 % 3 }} {{ 6 / 3 }} {{ 7 / 2 }} {{ 7 // 2 }} {{ 1.5 + 1 }} {{ -(2 - 5) }}"))
                .isEqualTo("7 9 1 2 3.5 3 2.5 3");
    }

    @Test
    void plusConcatenatesWhenEitherSideIsAString() {
        assertThat(render("{{ 'run_' + 3 }} {{ 1 + '_x' }} {{ this + '_tmp' }} {{ 'a' + null }}"))
                .isEqualTo("run_3 1_x staging.p_tmp a");
    }

    @Test
    void comparisonsAndLogic() {
        assertThat(render("{{ 1 < 2 }} {{ 2 <= 1 }} {{ 'a' < 'b' }} {{ 3 >= 3.0 }} {{ 1 == 1.0 }} {{ 'x' != 'y' }}"))
                .isEqualTo("true false true true true true");
        assertThat(render("{{ true && false }} {{ true || false }} {{ !true }} {{ true and not false }} {{ false or null }}"))
                .isEqualTo("false true false true false");
        assertThat(render("{{ nothing == null }} {{ [1, 'a'] == [1, 'a'] }} {{ 1 == '1' }}"))
                .isEqualTo("true true false");
    }

    @Test
    void logicShortCircuits() {
        assertThat(render("{{ nothing != null && nothing.missing }}|{{ true || nothing.missing }}"))
                .isEqualTo("false|true");
    }

    @Test
    void memberAccessAndIndexing() {
        assertThat(render("{{ config.schema }} {{ config['schema'] }} {{ config.tags[1] }} {{ ['x', 'y'][0] }} {{ {a: {b: 'deep'}}.a.b }}"))
                .isEqualTo("raw raw b x deep");
    }

    @Test
    void missingMapKeyIsAnErrorListingTheKeys() {
        assertThatThrownBy(() -> render("{{ config.schemaa }}"))
                .isInstanceOfSatisfying(TemplateException.class, error -> {
                    assertThat(error.getMessage()).isEqualTo("config has no key 'schemaa'");
                    assertThat(error.hint()).isEqualTo("its keys are: schema, tags");
                    assertThat(error.line()).isEqualTo(1);
                });
    }

    @Test
    void indexOutOfRangeIsAnError() {
        assertThatThrownBy(() -> render("\n{{ config.tags[2] }}"))
                .isInstanceOf(TemplateException.class)
                .hasMessage("index 2 is out of range for config.tags, which has 2 elements")
                .extracting(error -> ((TemplateException) error).line()).isEqualTo(2);
    }

    @Test
    void memberOfANonMapIsAnError() {
        assertThatThrownBy(() -> render("{{ config.schema.x }}"))
                .isInstanceOf(TemplateException.class)
                .hasMessage("cannot read 'x' of config.schema, which is a string");
        assertThatThrownBy(() -> render("{{ nothing.x }}"))
                .isInstanceOf(TemplateException.class)
                .hasMessage("cannot read 'x' of nothing, which is null");
    }

    @Test
    void operatorsOnWrongTypesAreErrors() {
        assertThatThrownBy(() -> render("{{ [1] - 1 }}"))
                .isInstanceOf(TemplateException.class).hasMessage("cannot apply '-' to a list and an integer");
        assertThatThrownBy(() -> render("{{ 'a' < 1 }}"))
                .isInstanceOf(TemplateException.class).hasMessage("cannot apply '<' to a string and an integer");
        assertThatThrownBy(() -> render("{{ 1 / 0 }}"))
                .isInstanceOf(TemplateException.class).hasMessage("division by zero in '/'");
        assertThatThrownBy(() -> render("{{ 9223372036854775807 + 1 }}"))
                .isInstanceOf(TemplateException.class).hasMessage("integer overflow in 9223372036854775807 + 1");
        assertThatThrownBy(() -> render("{{ -'a' }}"))
                .isInstanceOf(TemplateException.class).hasMessage("cannot apply '-' to a string");
    }

    @Test
    void integerLiteralTooLargeIsAParseError() {
        assertThatThrownBy(() -> Template.parse("{{ 99999999999999999999 }}"))
                .isInstanceOf(TemplateException.class).hasMessage("integer 99999999999999999999 is too large");
    }

    @Test
    void duplicateMapKeyIsAParseError() {
        assertThatThrownBy(() -> Template.parse("{{ { a: 1, 'a': 2 } }}"))
                .isInstanceOf(TemplateException.class).hasMessage("duplicate key 'a' in a map");
    }

    @Test
    void unknownEscapeIsAParseError() {
        assertThatThrownBy(() -> Template.parse("{{ 'a\\qb' }}"))
                .isInstanceOf(TemplateException.class).hasMessage("unknown escape sequence '\\q' in a string");
    }
}
