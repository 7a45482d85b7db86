package dev.pz.cli.fidelity;

import static dev.pz.cli.fidelity.Reference.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.cli.CliRun;
import dev.pz.cli.RunArtifacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pz init} and the template catalogue, as the reference's InitCommandTests and TemplateCatalogTests pin them. */
class InitVerbFidelityTest {
    private static final List<String> TEMPLATES = List.of("incremental", "minimal", "sample");

    @TempDir
    Path temp;

    private static CliRun init(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "init";
        System.arraycopy(args, 0, all, 1, args.length);
        return CliRun.pz(all);
    }

    private static List<String> files(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .sorted().toList();
        }
    }

    // I1
    @Test
    void theTemplateFlagScaffoldsThatTemplate() {
        assertThat(init(temp.resolve("by-flag").toString(), "--template", "sample").exitCode()).isZero();
        assertThat(temp.resolve("by-flag/pipelines/orders_enriched.sql")).isRegularFile();
    }

    // I2
    @Test
    void anUnknownTemplateIsPz0131NamingTheValidOnesAndScaffoldsNothing() {
        CliRun run = init(temp.resolve("bad").toString(), "--template", "nope");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0131", "minimal");
        assertThat(temp.resolve("bad")).doesNotExist();
    }

    // I3, TC4
    @Test
    void listTemplatesNamesEveryTemplate() {
        CliRun run = init("--list-templates");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains(TEMPLATES);
    }

    // I4, I5
    @Test
    void neitherOrBothOfNameAndListIsPz0132() {
        assertThat(init().err()).contains("PZ0132");
        assertThat(init().exitCode()).isEqualTo(2);
        CliRun both = init(temp.resolve("both").toString(), "--list-templates");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).contains("PZ0132");
    }

    // I6
    @Test
    void theSampleRunsEndToEnd() {
        Path project = temp.resolve("demo");
        assertThat(init(project.toString(), "--template", "sample").exitCode()).isZero();
        ok(project, "run", "--all");
        assertThat(project.resolve("out/orders_curated/orders_curated.parquet")).isNotEmptyFile();
        assertThat(project.resolve("out/order_totals/order_totals.csv")).isNotEmptyFile();
        assertThat(project.resolve("out/product_catalog/product_catalog.csv")).isNotEmptyFile();
        var results = RunArtifacts.results(RunArtifacts.onlyRun(project));
        assertThat(results.get("status").asText()).isEqualTo("success");
        assertThat(results.get("nodes")).allSatisfy(node -> assertThat(node.get("status").asText()).isEqualTo("success"));
    }

    // I7, I8
    @Test
    void theBareVerbScaffoldsTheMinimalProjectWhichCompiles() throws IOException {
        Path project = temp.resolve("minimal-loads");
        assertThat(init(project.toString()).exitCode()).isZero();
        assertThat(files(project)).containsExactly(".gitignore", "README.md", "connections.yml", "project.yml");
        assertThat(Files.readString(project.resolve("project.yml"))).contains("name: minimal_loads");
        ok(project, "compile");
    }

    // I9
    @Test
    void aNonEmptyTargetIsPz0130AndUntouched() throws IOException {
        Path target = temp.resolve("occupied");
        Files.createDirectories(target);
        Files.writeString(target.resolve("existing.txt"), "already here\n");
        CliRun run = init(target.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0130");
        assertThat(target.resolve("existing.txt")).hasContent("already here\n");
        assertThat(target.resolve("project.yml")).doesNotExist();
    }

    // I10
    @Test
    void aTargetThatIsAFileIsPz0130AndUntouched() throws IOException {
        Path target = temp.resolve("already-a-file");
        Files.writeString(target, "not a directory\n");
        CliRun run = init(target.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0130");
        assertThat(target).isRegularFile().hasContent("not a directory\n");
    }

    // I11, I14
    @Test
    void theNameIsSanitizedWithAWarningAndTheNextStepsUseIt() throws IOException {
        CliRun sample = init(temp.resolve("a/My-Proj!").toString(), "--template", "sample");
        assertThat(sample.exitCode()).isZero();
        assertThat(sample.out()).contains("cd my_proj && pz run orders_enriched");
        CliRun minimal = init(temp.resolve("b/My-Proj!").toString());
        assertThat(minimal.exitCode()).isZero();
        assertThat(minimal.err()).containsIgnoringCase("warning");
        assertThat(Files.readString(temp.resolve("b/My-Proj!/project.yml"))).contains("name: my_proj");
    }

    // I15
    @Test
    void sanitizingFollowsTheReferenceRules() throws IOException {
        String[][] cases = {{"hello_pz", "hello_pz"}, {"123abc", "p_123abc"}, {"___", "p_"}, {"Multi   Word", "multi_word"}};
        for (String[] c : cases) {
            Path target = temp.resolve("s" + c[1]).resolve(c[0]);
            assertThat(init(target.toString()).exitCode()).as(c[0]).isZero();
            assertThat(Files.readString(target.resolve("project.yml"))).as(c[0]).contains("name: " + c[1] + "\n");
        }
    }

    // I12, I13
    @Test
    void theSampleHasTwoFlowsSoABareRunIsGatedAndANamedOneRunsAlone() {
        Path project = temp.resolve("gate");
        assertThat(init(project.toString(), "--template", "sample").exitCode()).isZero();
        CliRun bare = CliRun.pz(project, "run");
        assertThat(bare.exitCode()).isEqualTo(2);
        assertThat(bare.err()).contains("PZ0215", "--all");
        ok(project, "run", "product_catalog");
        assertThat(project.resolve("out/product_catalog/product_catalog.csv")).isNotEmptyFile();
        assertThat(project.resolve("out/orders_curated/orders_curated.parquet")).doesNotExist();
    }

    // I16, I17, I18, I19, TC1, TC2, TC3 (the scaffold holds exactly the files of templates/<id>)
    @Test
    void everyTemplateScaffoldsLfOnlyWithItsNameReadmeGitignoreAndRetentionAndRuns() throws IOException {
        for (String id : TEMPLATES) {
            Path project = temp.resolve("scaffold-" + id);
            assertThat(init(project.toString(), "--template", id).exitCode()).as(id).isZero();
            String projectYml = Files.readString(project.resolve("project.yml"));
            assertThat(projectYml).as(id).contains("name: scaffold_" + id.replace('-', '_'), "retention:", "keep_last: 10");
            assertThat(files(project)).as(id).isEqualTo(files(Path.of("..", "templates", id)));
            assertThat(project.resolve("README.md")).as(id).isRegularFile();
            assertThat(Files.readString(project.resolve(".gitignore"))).as(id).contains(".pz/", "out/");
            for (String file : files(project)) {
                String text = Files.readString(project.resolve(file));
                assertThat(text).as(id + "/" + file).doesNotContain("\r", "\\", "pz_new_project");
            }
            ok(project, "run", "--all");
        }
    }
}
