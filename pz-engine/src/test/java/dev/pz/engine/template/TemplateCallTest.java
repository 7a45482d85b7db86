package dev.pz.engine.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.engine.template.CallArguments.Keyword;
import java.io.UncheckedIOException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Calls into the scope's functions: source()/sink() kwargs must arrive with their real names, in
 * written order, as the plain shapes YAML produces (maps, lists, scalars), so the compiler
 * can treat them exactly like the connections.yml blocks.
 */
class TemplateCallTest {

    private final RecordingFunction sink = RecordingFunction.answering(arguments -> "__pz_sink__lake__out__");
    private final RecordingFunction source = RecordingFunction.echoing();

    private String render(String text) {
        return Template.parse(text).render(TemplateScope.create()
                .function("sink", sink)
                .function("source", source)
                .constant("this", "staging.p"));
    }

    @Test
    void sinkCallReceivesNestedKeywordValuesAsPlainShapes() {
        String sql = render("INSERT INTO {{ sink('lake', 'out', strategy: 'replace', keys: ['id'], retry: { max_attempts: 3 }) }} SELECT 1");

        assertThat(sql).isEqualTo("INSERT INTO __pz_sink__lake__out__ SELECT 1");
        CallArguments call = sink.onlyCall();
        assertThat(call.function()).isEqualTo("sink");
        assertThat(call.positional()).containsExactly("lake", "out");
        assertThat(call.keywords()).extracting(Keyword::name).containsExactly("strategy", "keys", "retry");
        assertThat(call.keywords().get(0).value()).isEqualTo("replace");
        assertThat(call.keywords().get(1).value()).isInstanceOf(ArrayList.class).isEqualTo(List.of("id"));
        assertThat(call.keywords().get(2).value()).isInstanceOf(LinkedHashMap.class)
                .isEqualTo(Map.of("max_attempts", 3L));
        assertThat(call.line()).isEqualTo(1);
    }

    @Test
    void keywordValuesKeepTypesAndInsertionOrder() {
        render("{{ source('crm', 'orders', format: 'csv', columns: { id: 'bigint', amount: 'decimal(10,2)', \"created at\": 'timestamp' }, "
                + "sync: { mode: 'incremental', cursor: 'updated_at', lookback: 1.5, full: false, since: null, keys: [['a', 1], {b: 2}] }) }}");

        List<Keyword> keywords = source.onlyCall().keywords();
        @SuppressWarnings("unchecked")
        Map<String, Object> columns = (Map<String, Object>) keywords.get(1).value();
        assertThat(columns.keySet()).containsExactly("id", "amount", "created at");
        @SuppressWarnings("unchecked")
        Map<String, Object> sync = (Map<String, Object>) keywords.get(2).value();
        assertThat(sync.keySet()).containsExactly("mode", "cursor", "lookback", "full", "since", "keys");
        assertThat(sync.get("lookback")).isEqualTo(1.5d);
        assertThat(sync.get("full")).isEqualTo(false);
        assertThat(sync).containsEntry("since", null);
        assertThat(sync.get("keys")).isEqualTo(List.of(List.of("a", 1L), Map.of("b", 2L)));
    }

    @Test
    void duplicateKeywordsArePassedThroughInWrittenOrder() {
        render("{{ source('crm', 'orders', format: 'csv', retry: {}, format: 'json') }}");

        assertThat(source.onlyCall().keywords()).containsExactly(
                new Keyword("format", "csv"), new Keyword("retry", Map.of()), new Keyword("format", "json"));
    }

    @Test
    void positionalArgumentsMayBeExpressionsAndNull() {
        render("{{ source('c' + 'rm', null, [1, 2][1]) }}");

        assertThat(source.onlyCall().positional()).isEqualTo(Arrays.asList("crm", null, 2L));
    }

    @Test
    void callLineIsTheLineOfTheFunctionName() {
        render("select\n  *\nfrom {{ source('crm', 'orders') }}");

        assertThat(source.onlyCall().line()).isEqualTo(3);
    }

    @Test
    void functionResultsCanBeUsedInExpressions() {
        assertThat(render("{{ source('a', 'b') + ' as s' }}")).isEqualTo("source(a,b) as s");
    }

    @Test
    void emptyArgumentListAndTrailingCommaAreAccepted() {
        assertThat(render("{{ source() }} {{ source('a', k: 1,) }}")).isEqualTo("source() source(a)");
    }

    @Test
    void positionalArgumentAfterKeywordIsRefused() {
        assertThatThrownBy(() -> Template.parse("{{ source(format: 'csv', 'crm') }}"))
                .isInstanceOfSatisfying(TemplateException.class, error -> {
                    assertThat(error.getMessage()).isEqualTo("positional argument after a keyword argument in the call to source()");
                    assertThat(error.hint()).isEqualTo("write positional arguments first, then name: value arguments");
                });
    }

    @Test
    void unknownFunctionIsAnErrorListingTheAvailableOnes() {
        assertThatThrownBy(() -> render("\n{{ sorce('crm', 'orders') }}"))
                .isInstanceOfSatisfying(TemplateException.class, error -> {
                    assertThat(error.getMessage()).isEqualTo("unknown function 'sorce'");
                    assertThat(error.hint()).isEqualTo("available functions: sink(), source()");
                    assertThat(error.line()).isEqualTo(2);
                });
    }

    @Test
    void constantIsNotCallable() {
        assertThatThrownBy(() -> render("{{ this() }}"))
                .isInstanceOf(TemplateException.class).hasMessage("'this' is not a function");
    }

    @Test
    void onlyNamedFunctionsCanBeCalled() {
        assertThatThrownBy(() -> Template.parse("{{ x.y('a') }}"))
                .isInstanceOf(TemplateException.class)
                .hasMessage("only template functions can be called, by name, as name(...)");
    }

    @Test
    void functionUsedAsAValueIsAnError() {
        assertThatThrownBy(() -> render("INSERT INTO {{ sink }}"))
                .isInstanceOfSatisfying(TemplateException.class, error -> {
                    assertThat(error.getMessage()).isEqualTo("'sink' is a function and cannot be used as a value");
                    assertThat(error.hint()).isEqualTo("call it: sink(...)");
                    assertThat(error.line()).isEqualTo(1);
                });
    }

    @Test
    void nonTemplateExceptionsFromFunctionsPropagateUnchanged() {
        UncheckedIOException failure = new UncheckedIOException(new IOException("disk"));
        TemplateScope scope = TemplateScope.create().function("env", arguments -> {
            throw failure;
        });

        assertThatThrownBy(() -> Template.parse("{{ env('HOME') }}").render(scope)).isSameAs(failure);
    }

    @Test
    void templateExceptionFromAFunctionGetsTheCallLine() {
        TemplateException unknownVar = new TemplateException("unknown var 'x'", 0, "did you mean 'y'?");
        TemplateScope scope = TemplateScope.create().function("var", arguments -> {
            throw unknownVar;
        });

        assertThatThrownBy(() -> Template.parse("a\nb\n  {{ var('x') }}").render(scope))
                .isSameAs(unknownVar)
                .satisfies(error -> {
                    assertThat(unknownVar.line()).isEqualTo(3);
                    assertThat(unknownVar.hint()).isEqualTo("did you mean 'y'?");
                });
    }

    @Test
    void templateExceptionFromAFunctionKeepsItsOwnLine() {
        TemplateScope scope = TemplateScope.create().function("var", arguments -> {
            throw new TemplateException("bad", 7);
        });

        assertThatThrownBy(() -> Template.parse("{{ var('x') }}").render(scope))
                .isInstanceOfSatisfying(TemplateException.class, error -> assertThat(error.line()).isEqualTo(7));
    }

    @Test
    void scopeRefusesTheSameNameTwice() {
        assertThatThrownBy(() -> TemplateScope.create().constant("this", "a").function("this", arguments -> ""))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
