package dev.pz.cli;

import dev.pz.testing.TestProject;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz completion} and the {@code pz "[suggest:<cursor>]" "<line>"} entry point its scripts call: verbs and options
 * from pz's own command model, values from the project (node names, selectors, state keys, run ids),
 * nothing from a project that does not load, and PZ0535 for a shell pz has no script for.
 */
class CompletionTest {
    @TempDir
    Path temp;

    private Path project;

    @BeforeEach
    void sampleProject() {
        project = temp.resolve("demo");
        CliRun init = CliRun.pz("init", project.toString(), "--template", "sample");
        assertThat(init.exitCode()).as(init.toString()).isZero();
    }

    /** What {@code pz "[suggest:<end of line>]" "<line>"} prints. */
    private List<String> complete(String line) {
        String text = line.replace("<project>", project.toString());
        return suggest("[suggest:" + text.length() + "]", text);
    }

    private static List<String> suggest(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = SuggestDirective.answer(args, Console.of(out, err, System.getenv()));
        assertThat(code).isZero();
        assertThat(err.toString()).isEmpty();
        return out.toString().isEmpty() ? List.of() : List.of(out.toString().split("\n"));
    }

    @Test
    void verbsComeFromPzsCommandModel() {
        assertThat(complete("pz ")).contains("init", "run", "plan", "retry", "report", "completion", "runs", "state");
        assertThat(complete("pz ru")).containsExactly("run", "runs");
        assertThat(complete("pz state ")).containsExactlyInAnyOrder("show", "set", "rollback", "clear");
        assertThat(complete("pz completion ")).containsExactly("bash", "zsh", "fish", "pwsh");
    }

    @Test
    void optionsAndTheirFixedValues() {
        assertThat(complete("pz run --f")).containsExactly("--fail-fast", "--full-refresh");
        assertThat(complete("pz run --log-format ")).containsExactly("text", "json");
        assertThat(complete("pz run --log-format=j")).containsExactly("--log-format=json");
        assertThat(complete("pz init x --template s")).containsExactly("sample", "sqlserver");
        assertThat(complete("pz run --vars ")).as("a free value offers nothing; the shell falls back to files")
                .isEmpty();
    }

    @Test
    void nodeNamesSelectorsAndStateKeysComeFromTheProjectOnTheLine() {
        assertThat(complete("pz run --project <project> lake.")).containsExactly("lake.order_totals",
                "lake.orders_curated", "lake.product_catalog");
        assertThat(complete("pz plan --project <project> src_")).containsExactly("src_raw__customers",
                "src_raw__orders", "src_raw__products");
        assertThat(complete("pz run --project=<project> --select tag:")).containsExactly("tag:daily");
        assertThat(complete("pz run --project <project> --select source:raw.o")).containsExactly("source:raw.orders");
        assertThat(complete("pz run --project <project> --select +orders_")).containsExactly("+orders_enriched");
        assertThat(complete("pz state show --project <project> ")).containsExactly("raw.customers", "raw.orders",
                "raw.products");
        assertThat(complete("pz ls --project <project> ")).as("ls takes no names").isEmpty();
    }

    @Test
    void runIdsForReportAndRollback() {
        CliRun run = CliRun.pz(project, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        String runId = RunArtifacts.latestRun(project).getFileName().toString();
        assertThat(complete("pz report --project <project> ")).containsExactly(runId);
        assertThat(complete("pz state rollback raw.orders --project <project> --to-run 2")).containsExactly(runId);
    }

    @Test
    void aBrokenProjectStillCompletesVerbsAndOptionsButNoNames() {
        TestProject.in(project).file("connections.yml", "raw: [not, a, map\n");
        assertThat(complete("pz run --project <project> ")).isEmpty();
        assertThat(complete("pz run --project <project> --a")).containsExactly("--all");
    }

    @Test
    void theCursorPositionCutsTheLineAsTheReferencesDirectiveDoes() {
        assertThat(suggest("[suggest:3]", "pz ")).contains("run", "state", "completion");
        assertThat(suggest("[suggest:5]", "pz ru --all")).containsExactly("run", "runs");
        assertThat(suggest("[suggest:9]", "pz state ")).contains("rollback");
        assertThat(suggest("[suggest:9]", "pz run --")).contains("--project");
        assertThat(suggest("[suggest:10]", "pz runs --")).contains("--limit");
        assertThat(suggest("[suggest]", "pz completion z")).containsExactly("zsh");
        assertThat(suggest("[suggest:40]", "pz completion ")).as("a cursor past the end is the end")
                .containsExactly("bash", "zsh", "fish", "pwsh");
        assertThat(SuggestDirective.matches("[suggest:12]")).isTrue();
        assertThat(SuggestDirective.matches("[suggest:x]")).isFalse();
    }

    @Test
    void quotedWordsAreTheWordsTheShellWouldPass() {
        assertThat(complete("pz run --project '<project>' 'lake.order_t")).containsExactly("lake.order_totals");
        assertThat(complete("pz run --project \"<project>\" lake.order_t")).containsExactly("lake.order_totals");
    }

    @Test
    void anUnknownShellIsPz0535AndEveryScriptIsLfOnlyWithAFinalNewline() {
        CliRun tcsh = CliRun.pz("completion", "tcsh");
        assertThat(tcsh.exitCode()).isEqualTo(2);
        assertThat(tcsh.err()).isEqualTo("error PZ0535: unknown shell 'tcsh' — expected one of: bash, zsh, fish, pwsh\n");
        assertThat(tcsh.out()).isEmpty();
        for (String shell : CompletionCandidates.SHELLS) {
            CliRun script = CliRun.pz("completion", shell);
            assertThat(script.exitCode()).as(shell).isZero();
            assertThat(script.out()).as(shell).doesNotContain("\r").endsWith("\n").doesNotEndWith("\n\n")
                    .contains("pz \"[suggest:");
        }
        assertThat(CliRun.pz("completion", "pwsh").out()).contains("Register-ArgumentCompleter -Native -CommandName pz",
                "[System.Management.Automation.CompletionResult]::new(");
    }
}
