package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code pz init}: what the minimal and sample templates write, and the targets and names it refuses. */
class InitCommandTest {

    @TempDir
    Path temp;

    @Test
    void sampleStdoutIsExact() {
        Path demo = temp.resolve("demo");
        CliRun init = CliRun.pz("init", demo.toString(), "--template", "sample");
        assertThat(init.exitCode()).as(init.toString()).isZero();
        assertThat(init.out()).isEqualTo("scaffolded a new pz project 'demo' at " + demo + "\n"
                + "next steps:\n"
                + "  cd demo && pz run orders_enriched\n"
                + "  (this template ships two independent flows; `pz run --all` runs both)\n");
        assertThat(init.err()).isEmpty();
        assertThat(demo.resolve("pipelines/orders_enriched.sql")).isRegularFile();
    }

    @Test
    void minimalIsTheDefaultWithItsNextStepsAndExactFileSet() throws IOException {
        Path target = temp.resolve("m");
        CliRun init = CliRun.pz("init", target.toString());
        assertThat(init.exitCode()).as(init.toString()).isZero();
        assertThat(init.out()).isEqualTo("scaffolded a new pz project 'm' at " + target + "\nnext steps:\n"
                + "  cd m, declare a connection in connections.yml, then add a pipeline\n"
                + "  under pipelines/ that source()s from it -- `pz validate` checks both\n");
        assertThat(files(target)).containsExactly(".gitignore", "README.md", "connections.yml", "project.yml");
        assertThat(Files.readString(target.resolve("project.yml"))).startsWith("name: m\nversion: 0.1.0\n")
                .contains("retention:\n  keep_last: 10");
        // connections.yml is comments only: the project has no connections and compiles
        assertThat(Files.readAllLines(target.resolve("connections.yml")))
                .allMatch(line -> line.isBlank() || line.startsWith("#"));
        CliRun compile = CliRun.pz(target, "compile");
        assertThat(compile.exitCode()).as(compile.toString()).isZero();
    }

    @Test
    void sampleTreeAndProjectYml() throws IOException {
        Path target = temp.resolve("s");
        assertThat(CliRun.pz("init", target.toString(), "-t", "sample").exitCode()).isZero();
        assertThat(files(target)).contains("pipelines/stg_orders.sql", "pipelines/orders_enriched.sql",
                "pipelines/configs/orders_enriched.yml", "pipelines/order_totals.sql", "pipelines/product_catalog.sql",
                "data/customers.csv", "data/orders.csv", "data/products.csv");
        assertThat(Files.readString(target.resolve("project.yml"))).startsWith("name: s\nversion: 0.1.0\n")
                .contains("vars:\n  min_amount: 10\n  statuses: [shipped, returned]\n",
                        "engine:\n  threads: 2\n  duckdb:\n    memory_limit: 1GiB\n", "retention:\n  keep_last: 10");
        CliRun ls = CliRun.pz(target, "ls");
        assertThat(ls.exitCode()).as(ls.toString()).isZero();
        assertThat(ls.outLines()).hasSize(13); // header + 12 nodes
    }

    @ParameterizedTest
    @ValueSource(strings = {"minimal", "sample"})
    void scaffoldHygiene(String template) throws IOException {
        Path target = temp.resolve("scaffold_" + template);
        assertThat(CliRun.pz("init", target.toString(), "--template", template).exitCode()).isZero();
        for (String file : files(target)) {
            byte[] bytes = Files.readAllBytes(target.resolve(file));
            String text = new String(bytes, StandardCharsets.UTF_8);
            assertThat(text).as(file).doesNotContain("\r", "\\", "pz_new_project");
            assertThat(bytes.length >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB).as(file + " BOM").isFalse();
        }
        assertThat(Files.readString(target.resolve(".gitignore"))).contains(".pz/", "out/");
        assertThat(target.resolve("README.md")).isRegularFile();
        assertThat(Files.readString(target.resolve("project.yml"))).contains("name: scaffold_" + template,
                "retention:", "keep_last: 10");
    }

    @Test
    void unknownTemplateIsPz0131AndCreatesNothing() {
        Path target = temp.resolve("x");
        CliRun init = CliRun.pz("init", target.toString(), "--template", "nope");
        assertThat(init.exitCode()).isEqualTo(2);
        assertThat(init.err()).startsWith("error PZ0131: no built-in template named 'nope'.").contains("minimal", "sample");
        assertThat(target).doesNotExist();
    }

    @Test
    void invocationErrorsArePz0132() {
        CliRun noName = CliRun.pz("init");
        assertThat(noName.exitCode()).isEqualTo(2);
        assertThat(noName.err()).startsWith("error PZ0132: no project name given.");
        CliRun both = CliRun.pz("init", temp.resolve("foo").toString(), "--list-templates");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).startsWith("error PZ0132: ");
        assertThat(temp.resolve("foo")).doesNotExist();
    }

    @Test
    void nonEmptyTargetIsPz0130AndUntouched() throws IOException {
        Path target = temp.resolve("x");
        Files.createDirectories(target);
        Files.writeString(target.resolve("keep.txt"), "keep me");
        CliRun init = CliRun.pz("init", target.toString());
        assertThat(init.exitCode()).isEqualTo(2);
        assertThat(init.err()).startsWith("error PZ0130: target directory '" + target
                + "' already exists and is not empty. — hint: run `pz init` against a new or empty directory, "
                + "or clear this one first");
        assertThat(Files.readString(target.resolve("keep.txt"))).isEqualTo("keep me");
        assertThat(target.resolve("project.yml")).doesNotExist();
    }

    @Test
    void targetThatIsAFileIsPz0130AndUntouched() throws IOException {
        Path target = temp.resolve("x");
        Files.writeString(target, "a file");
        CliRun init = CliRun.pz("init", target.toString());
        assertThat(init.exitCode()).isEqualTo(2);
        assertThat(init.err()).startsWith("error PZ0130: target '" + target + "' already exists and is a file, not a directory.");
        assertThat(Files.readString(target)).isEqualTo("a file");
    }

    @Test
    void emptyExistingDirectoryIsAccepted() throws IOException {
        Path target = temp.resolve("empty");
        Files.createDirectories(target);
        assertThat(CliRun.pz("init", target.toString()).exitCode()).isZero();
        assertThat(target.resolve("project.yml")).isRegularFile();
    }

    @Test
    void invalidNameIsSanitizedWithAWarning() throws IOException {
        Path target = temp.resolve("My Demo!");
        CliRun init = CliRun.pz("init", target.toString());
        assertThat(init.exitCode()).isZero();
        assertThat(init.err()).isEqualTo("warning: 'My Demo!' is not a valid pz project name (lowercase [a-z0-9_], "
                + "leading letter); using 'my_demo' in project.yml instead\n");
        assertThat(init.out()).startsWith("scaffolded a new pz project 'my_demo' at ");
        assertThat(Files.readString(target.resolve("project.yml"))).startsWith("name: my_demo\n");
    }

    @Test
    void sanitizeRules() {
        assertThat(InitCommand.sanitize("My Demo!")).isEqualTo("my_demo");
        assertThat(InitCommand.sanitize("a--b__c")).isEqualTo("a_b_c");
        assertThat(InitCommand.sanitize("01_load")).isEqualTo("p_01_load");
        assertThat(InitCommand.sanitize("!!!")).isEqualTo("p_");
        assertThat(InitCommand.sanitize("_x_")).isEqualTo("x");
    }

    @Test
    void listTemplatesShape() {
        CliRun list = CliRun.pz("init", "--list-templates");
        assertThat(list.exitCode()).isZero();
        assertThat(list.out()).startsWith("built-in templates (`pz init <name> --template <id>`):\n"
                + "  minimal (default)\n"
                + "      project.yml + connections.yml, commented and ready to author against [nothing to run yet]\n"
                + "  sample\n"
                + "      runnable four-pipeline demo over local CSVs: staging, a checked join, an aggregate [runs offline]\n");
    }

    private static List<String> files(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).map(path -> root.relativize(path).toString().replace('\\', '/'))
                    .sorted().toList();
        }
    }
}
