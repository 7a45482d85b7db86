package dev.pz.engine.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** for / if / else if / else / end and assignment, across blocks and inside one block. */
class TemplateStatementTest {

    private static String render(String text) {
        TemplateScope scope = TemplateScope.create()
                .function("var", arguments -> switch ((String) arguments.positional().get(0)) {
                    case "statuses" -> List.of("open", "paid", "shipped");
                    case "empty" -> List.of();
                    case "limit" -> 10L;
                    default -> null;
                })
                .constant("this", "staging.p");
        return Template.parse(text).render(scope);
    }

    @Test
    void forLoopWithLastMarkerBuildsAnInList() {
        String template = "where status in ({{ for s in var('statuses') }}'{{ s }}'{{ if !for.last }}, {{ end }}{{ end }})";

        assertThat(render(template)).isEqualTo("where status in ('open', 'paid', 'shipped')");
    }

    @Test
    void loopObjectHasScribanFields() {
        assertThat(render("{{ for s in ['a', 'b', 'c'] }}{{ for.index }}{{ for.rindex }}{{ for.first }} {{ for.even }}{{ for.length }};{{ end }}"))
                .isEqualTo("02true true3;11false false3;20false true3;");
    }

    @Test
    void nestedLoopsSeeTheirOwnLoopObject() {
        assertThat(render("{{ for a in [1, 2] }}{{ for b in ['x', 'y'] }}{{ a }}{{ b }}{{ for.index }} {{ end }}{{ for.last }}|{{ end }}"))
                .isEqualTo("1x0 1y1 false|2x0 2y1 true|");
    }

    @Test
    void loopOverEmptyListOrNullRendersNothing() {
        assertThat(render("[{{ for s in var('empty') }}x{{ end }}][{{ for s in var('missing') }}x{{ end }}]")).isEqualTo("[][]");
    }

    @Test
    void loopVariableIsNotVisibleAfterTheLoop() {
        assertThatThrownBy(() -> render("{{ for s in [1] }}{{ end }}{{ s }}"))
                .isInstanceOf(TemplateException.class).hasMessage("unknown identifier 's'");
    }

    @Test
    void loopOverANonListIsAnError() {
        assertThatThrownBy(() -> render("\n{{ for s in var('limit') }}{{ end }}"))
                .isInstanceOfSatisfying(TemplateException.class, error -> {
                    assertThat(error.getMessage()).isEqualTo("'for s in var('limit')' needs a list, but the value is an integer");
                    assertThat(error.line()).isEqualTo(2);
                });
    }

    @Test
    void ifElseIfElseChoosesTheFirstTrueBranch() {
        String template = "{{ if n > 5 }}big{{ else if n > 1 }}mid{{ else }}small{{ end }}";
        assertThat(render("{{ n = 9 }}" + template)).isEqualTo("big");
        assertThat(render("{{ n = 3 }}" + template)).isEqualTo("mid");
        assertThat(render("{{ n = 0 }}" + template)).isEqualTo("small");
    }

    @Test
    void ifWithoutElseRendersNothingWhenFalse() {
        assertThat(render("a{{ if false }}b{{ end }}c")).isEqualTo("ac");
    }

    @Test
    void truthinessFollowsScriban() {
        assertThat(render("{{ if 0 }}0{{ end }}{{ if '' }}e{{ end }}{{ if null }}n{{ end }}{{ if false }}f{{ end }}{{ if [] }}l{{ end }}"))
                .isEqualTo("0el");
    }

    @Test
    void assignmentRendersNothingAndIsVisibleLater() {
        assertThat(render("{{ t = this + '_tmp' }}create table {{ t }}")).isEqualTo("create table staging.p_tmp");
    }

    @Test
    void assignmentInsideALoopIsVisibleAfterIt() {
        assertThat(render("{{ n = 0 }}{{ for s in var('statuses') }}{{ n = n + 1 }}{{ end }}{{ n }}")).isEqualTo("3");
    }

    @Test
    void severalStatementsInOneBlockAreSeparatedByLineBreaksOrSemicolons() {
        assertThat(render("{{\n  a = 1\n  b = 2; c = a + b\n}}{{ c }}")).isEqualTo("3");
        assertThat(render("{{ for s in ['x', 'y']\n s\n end }}")).isEqualTo("xy");
    }

    @Test
    void assigningToAScopeNameIsRefused() {
        assertThatThrownBy(() -> render("{{ this = 'x' }}"))
                .isInstanceOf(TemplateException.class)
                .hasMessage("cannot assign to 'this': it is provided by pz and is read-only");
        assertThatThrownBy(() -> render("{{ for var in [1] }}{{ end }}"))
                .isInstanceOf(TemplateException.class)
                .hasMessage("cannot assign to 'var': it is provided by pz and is read-only");
    }

    @Test
    void reservedWordsCannotBeAssigned() {
        assertThatThrownBy(() -> Template.parse("{{ end = 1 }}"))
                .isInstanceOf(TemplateException.class);
        assertThatThrownBy(() -> Template.parse("{{ for if in [1] }}{{ end }}"))
                .isInstanceOf(TemplateException.class)
                .hasMessage("expected a loop variable name but found 'if'");
    }

    @Test
    void loopObjectOutsideALoopIsAnError() {
        assertThatThrownBy(() -> render("{{ for.index }}"))
                .isInstanceOf(TemplateException.class)
                .hasMessage("'for' (the loop object) can only be used inside a for loop");
    }
}
