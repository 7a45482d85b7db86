package dev.pz.engine.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;

/**
 * Errors a template author sees: each names what is wrong and the 1-based line, so the CLI can
 * print PZ0104 with file:line. The one-line rule (a call must fit on one line, as Scriban ends a
 * statement at a line break) is reported at the line where the call starts, naming the function.
 * Hostile templates (deep nesting, runaway loops or strings) are errors too, never a crash.
 */
class TemplateErrorTest {

    private static TemplateException parseError(String text) {
        return catchThrowableOfType(TemplateException.class, () -> Template.parse(text));
    }

    private static TemplateException renderError(String text) {
        TemplateScope scope = TemplateScope.create()
                .function("source", arguments -> "staging.src")
                .function("var", arguments -> "v")
                .constant("run_id", "abc")
                .constant("this", "staging.p");
        return catchThrowableOfType(TemplateException.class, () -> Template.parse(text).render(scope));
    }

    @Test
    void callSplitAcrossLinesNamesTheFunctionAndItsFirstLine() {
        TemplateException error = parseError("select *\nfrom {{ source('crm',\n  'orders') }}\n");

        assertThat(error.getMessage()).isEqualTo("call to source() spans several lines");
        assertThat(error.line()).isEqualTo(2);
        assertThat(error.hint()).isEqualTo("write the whole source() call on one line: a template statement ends at the end of its line");
    }

    @Test
    void lineBreakInsideAKeywordMapIsReportedAgainstTheOutermostCall() {
        TemplateException error = parseError("a\nb\nINSERT INTO {{ sink('lake', 'out', retry: {\n max_attempts: 3 }) }}");

        assertThat(error.getMessage()).isEqualTo("call to sink() spans several lines");
        assertThat(error.line()).isEqualTo(3);
    }

    @Test
    void lineBreakRightAfterTheOpeningParenthesisIsReported() {
        TemplateException error = parseError("{{ ref(\n'orders') }}");

        assertThat(error.getMessage()).isEqualTo("call to ref() spans several lines");
        assertThat(error.line()).isEqualTo(1);
    }

    @Test
    void lineBreakInsideAListOutsideACallIsReported() {
        TemplateException error = parseError("\n{{ x = ['a',\n 'b'] }}");

        assertThat(error.getMessage()).isEqualTo("list spans several lines");
        assertThat(error.line()).isEqualTo(2);
    }

    @Test
    void lineBreakInTheMiddleOfAnExpressionIsReported() {
        TemplateException error = parseError("{{ 1 +\n 2 }}");

        assertThat(error.getMessage()).isEqualTo("expression is cut off by the end of line 1");
        assertThat(error.line()).isEqualTo(1);
        assertThat(error.hint()).contains("on one line");
    }

    @Test
    void unterminatedBlockIsReportedAtItsOpeningLine() {
        TemplateException error = parseError("select 1\nfrom {{ source('a', 'b')\nwhere x = 1\n");

        assertThat(error.getMessage()).isEqualTo("'{{' opened at line 2 is never closed with '}}'");
        assertThat(error.line()).isEqualTo(2);
    }

    @Test
    void blockOpenedInsideABlockIsReported() {
        TemplateException error = parseError("{{ source('a', 'b') \n\n{{ ref('x') }}");

        assertThat(error.getMessage()).isEqualTo("'{{' opened at line 1 is not closed before the next '{{'");
        assertThat(error.line()).isEqualTo(1);
    }

    @Test
    void unclosedCallBeforeTheBlockEndIsReported() {
        TemplateException error = parseError("\n{{ source('a', 'b' }}");

        assertThat(error.getMessage()).isEqualTo("expected ',' or ')' in the call to source() but found '}}'");
        assertThat(error.line()).isEqualTo(2);
    }

    @Test
    void unterminatedStringIsReported() {
        TemplateException error = parseError("{{ source('a) }}");

        assertThat(error.getMessage()).isEqualTo("string starting with ' is not closed on line 1");
    }

    @Test
    void unknownIdentifierIsAnErrorListingTheSandbox() {
        TemplateException error = renderError("select 1\n-- {{ date.now }}");

        assertThat(error.getMessage()).isEqualTo("unknown identifier 'date'");
        assertThat(error.line()).isEqualTo(2);
        assertThat(error.hint()).isEqualTo("a template can use only run_id, source(), this, var()");
    }

    @Test
    void scribanBuiltinsAreNotAvailable() {
        assertThat(renderError("{{ string.upcase('a') }}")).isNotNull();
        assertThat(renderError("{{ array.size }}").getMessage()).isEqualTo("unknown identifier 'array'");
    }

    @Test
    void unclosedIfIsReportedAtTheIf() {
        TemplateException error = parseError("a\n{{ if true }}\nb\n");

        assertThat(error.getMessage()).isEqualTo("'if' at line 2 is never closed with {{ end }}");
        assertThat(error.line()).isEqualTo(2);
        assertThat(error.hint()).isEqualTo("close it with {{ end }}");
    }

    @Test
    void unclosedForIsReportedAtTheFor() {
        TemplateException error = parseError("{{ for x in [1] }}\n{{ x }}");

        assertThat(error.getMessage()).isEqualTo("'for' at line 1 is never closed with {{ end }}");
    }

    @Test
    void strayEndIsReported() {
        TemplateException error = parseError("a\n\n{{ end }}");

        assertThat(error.getMessage()).isEqualTo("'end' at line 3 has no matching 'if' or 'for'");
        assertThat(error.line()).isEqualTo(3);
    }

    @Test
    void elseInsideAForLoopIsReported() {
        TemplateException error = parseError("{{ for x in [1] }}{{ else }}{{ end }}");

        assertThat(error.getMessage()).isEqualTo("'else' at line 1 does not belong to an 'if'");
    }

    @Test
    void twoExpressionsInOneStatementAreReported() {
        TemplateException error = parseError("{{ source('a', 'b') ref('c') }}");

        assertThat(error.getMessage()).isEqualTo("unexpected 'ref' after the end of a statement");
    }

    @Test
    void missingValueIsReported() {
        TemplateException error = parseError("{{ source('a', format: ) }}");

        assertThat(error.getMessage()).isEqualTo("expected a value in the call to source() but found ')'");
    }

    @Test
    void unexpectedCharacterIsReported() {
        TemplateException error = parseError("\n\n{{ a # b }}");

        assertThat(error.getMessage()).isEqualTo("unexpected character '#' in a template block");
        assertThat(error.line()).isEqualTo(3);
    }

    @Test
    void errorLinesCountLineBreaksInsideEarlierBlocks() {
        TemplateException error = renderError("{{\n  x = 1\n}}\n{{ y }}");

        assertThat(error.getMessage()).isEqualTo("unknown identifier 'y'");
        assertThat(error.line()).isEqualTo(4);
    }

    @Test
    void errorLinesCountCrlfLineBreaksOnce() {
        TemplateException error = renderError("a\r\nb\r\n{{ missing }}");

        assertThat(error.line()).isEqualTo(3);
    }

    @Test
    void nestingBeyondTwoHundredLevelsIsAnErrorNotAStackOverflow() {
        String nesting = "the template nests more than 200 levels deep (brackets, calls, operators, if/for blocks)";
        assertThat(parseError("x\n{{ " + "(".repeat(500) + "1" + ")".repeat(500) + " }}")).satisfies(error -> {
            assertThat(error.getMessage()).isEqualTo(nesting);
            assertThat(error.line()).isEqualTo(2);
            assertThat(error.hint()).startsWith("split the expression");
        });
        assertThat(parseError("{{ " + "-".repeat(100_000) + "1 }}")).hasMessage(nesting);
        assertThat(parseError("{{ " + "[".repeat(300) + "]".repeat(300) + " }}")).hasMessage(nesting);
        assertThat(parseError("{{ " + "{a: ".repeat(300) + "1" + "}".repeat(300) + " }}")).hasMessage(nesting);
        assertThat(parseError("{{ x" + ".a".repeat(300) + " }}")).hasMessage(nesting);
        assertThat(parseError("{{ " + String.join(" + ", java.util.Collections.nCopies(100_000, "1")) + " }}"))
                .hasMessage(nesting);
        assertThat(parseError("{{ if true }}".repeat(300) + "{{ end }}".repeat(300))).hasMessage(nesting);
        assertThat(Template.parse("{{ " + "(".repeat(150) + "1" + ")".repeat(150) + " }}")
                .render(TemplateScope.create())).isEqualTo("1");
    }

    @Test
    void runawayStringsAndLoopsAreErrors() {
        assertThat(renderError("{{ x = 'aaaaaaaaaa' }}" + "{{ x = x + x }}".repeat(40)))
                .hasMessage("the template renders text longer than 16777216 characters");
        String list = "[" + String.join(", ", java.util.Collections.nCopies(100, "1")) + "]";
        StringBuilder loops = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            loops.append("{{ for a").append(i).append(" in ").append(list).append(" }}");
        }
        loops.append("{{ end }}".repeat(4));
        assertThat(renderError(loops.toString())).hasMessage("the template runs more than 1000000 loop iterations");
    }
}
