package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One preflight: whatever {@code pz run} refuses, {@code pz validate} refuses first, and so does
 * {@code pz plan} — each with exit 2, the same first PZ code, and no run directory. Each case changes
 * one thing of the catalogue's F05 (a csv read into a pipeline whose output is a parquet sink).
 */
class PreflightParityTest {
    private static final Pattern FIRST_CODE = Pattern.compile("^error (PZ\\d{4}): ", Pattern.MULTILINE);

    static final String PROJECT = Catalogue.F05_PROJECT;
    static final String CONNECTIONS = Catalogue.F05_CONNECTIONS;
    static final String ORDERS = "id,customer,amount\n1,alice,10.25\n2,bob,20.50\n";
    static final String PIPELINE = Catalogue.F05_TOTALS;
    static final String POSTGRES = """

            warehouse:
              connector: postgres
              host: localhost
              port: 5432
              database: mart
              user: loader
              password: not-used
            """;

    @TempDir
    Path temp;

    /** One bad input: what it changes, and the code every verb must refuse it with. */
    record Case(String name, String code, UnaryOperator<TestProject> change) {
        @Override
        public String toString() {
            return code + " " + name;
        }
    }

    private static Case when(String name, String code, UnaryOperator<TestProject> change) {
        return new Case(name, code, change);
    }

    private static UnaryOperator<TestProject> connections(String from, String to) {
        return project -> project.file("connections.yml", replaced(CONNECTIONS, from, to));
    }

    private static UnaryOperator<TestProject> pipeline(String from, String to) {
        return project -> project.file("pipelines/totals.sql", replaced(PIPELINE, from, to));
    }

    private static UnaryOperator<TestProject> projectYml(String extra) {
        return project -> project.file("project.yml", PROJECT + extra);
    }

    private static UnaryOperator<TestProject> postgres(String from, String to) {
        return project -> project.file("connections.yml", CONNECTIONS + replaced(POSTGRES, from, to));
    }

    private static String replaced(String text, String from, String to) {
        assertThat(text).contains(from);
        return text.replace(from, to);
    }

    static Stream<Case> badInputs() {
        List<Case> cases = new ArrayList<>(List.of(
                // Loading: files, YAML shape, keys, types, environment.
                when("project.yml is missing", "PZ0101", project -> project.delete("project.yml")),
                when("malformed YAML in project.yml", "PZ0101", project -> project.file("project.yml", "name: [x\n")),
                when("malformed YAML in connections.yml", "PZ0101",
                        project -> project.file("connections.yml", "files:\n  connector: [localfiles\n")),
                when("unknown key in project.yml", "PZ0101", projectYml("colour: blue\n")),
                when("connection without a connector", "PZ0101", connections("  connector: localfiles\n  entities",
                        "  entities")),
                when("columns: written as a list", "PZ0101", connections("columns:\n          id: bigint\n"
                        + "          customer: varchar\n          amount: double\n", "columns: [id, customer, amount]\n")),
                when("vars: not a mapping", "PZ0102", projectYml("vars: [a, b]\n")),
                when("undeclared environment variable", "PZ0103", connections("connector: localfiles\n"
                        + "  entities", "connector: localfiles\n  root: ${PZ_PARITY_UNSET_VARIABLE}\n  entities")),
                when("sidecar for a missing pipeline", "PZ0111",
                        project -> project.file("pipelines/configs/nope.yml", "pipeline: nope\nmaterialization: table\n")),
                when("engine.threads: 0", "PZ0120", project -> project.file("project.yml",
                        PROJECT.replace("threads: 1", "threads: 0"))),
                when("engine.threads: banana", "PZ0120", project -> project.file("project.yml",
                        PROJECT.replace("threads: 1", "threads: banana"))),
                when("engine.threads as a quoted string", "PZ0120", project -> project.file("project.yml",
                        PROJECT.replace("threads: 1", "threads: \"4\""))),
                when("engine.batch_bytes: many", "PZ0120", projectYml("  batch_bytes: many\n")),
                when("engine.duckdb.memory_limit: lots (DuckDB refuses it)", "PZ0120",
                        projectYml("  duckdb:\n    memory_limit: lots\n")),
                when("engine.duckdb.threads more than DuckDB can start", "PZ0120",
                        projectYml("  duckdb:\n    threads: 100000\n")),
                when("engine.duckdb.memory_limit as a list", "PZ0120", projectYml("  duckdb:\n    memory_limit: [1]\n")),
                when("engine.duckdb.temp_directory names a file", "PZ0120",
                        projectYml("  duckdb:\n    temp_directory: data/orders.csv\n")),
                when("unknown engine key", "PZ0120", projectYml("  treads: 2\n")),
                when("retry max_attempts: 0", "PZ0121", connections("  connector: localfiles\n  entities",
                        "  connector: localfiles\n  retry:\n    max_attempts: 0\n  entities")),
                when("max_concurrency: 0", "PZ0122", connections("  connector: localfiles\n  entities",
                        "  connector: localfiles\n  max_concurrency: 0\n  entities")),
                when("retention: maybe", "PZ0123", projectYml("retention: maybe\n")),
                when("on_source_drift: maybe", "PZ0126", projectYml("on_source_drift: maybe\n")),
                when("scale_out.staging that is not a path", "PZ0702", projectYml("scale_out:\n  staging: [a, b]\n")),
                when("an unknown scale_out key", "PZ0702", projectYml("scale_out:\n  staging: st\n  bucket: x\n")),
                when("a pipeline file name that is not an identifier", "PZ0136", project -> project
                        .delete("pipelines/totals.sql").file("pipelines/Totals-2.sql", PIPELINE)),
                when("retired table: under read:", "PZ0348", connections("        format: csv\n",
                        "        format: csv\n        table: orders\n")),
                when("unknown write strategy", "PZ0334", pipeline("strategy: 'replace'", "strategy: 'upsert'")),
                // Compiling: templates and the DAG.
                when("template error: unknown var", "PZ0104", pipeline("group by customer", "group by {{ var('nope') }}")),
                when("template syntax error", "PZ0104", pipeline("source('files', 'orders')", "source('files', 'orders'")),
                when("unknown ref", "PZ0201", project -> project.file("pipelines/report.sql",
                        "select * from {{ ref('nope') }}\n")),
                when("source() of an unknown connection", "PZ0201", pipeline("source('files', 'orders')",
                        "source('nope', 'orders')")),
                when("a cycle", "PZ0202", project -> project.file("pipelines/a.sql", "select * from {{ ref('b') }}\n")
                        .file("pipelines/b.sql", "select * from {{ ref('a') }}\n")),
                when("two pipelines write one output", "PZ0206", project -> project.file("pipelines/again.sql",
                        PIPELINE)),
                when("sink() outside the leading INSERT INTO", "PZ0208", pipeline("INSERT INTO {{ sink(", "-- {{ sink(")),
                when("merge without keys", "PZ0209", pipeline("strategy: 'replace'", "strategy: 'merge'")),
                when("keys without merge", "PZ0211", pipeline("strategy: 'replace'", "strategy: 'replace', keys: ['id']")),
                // Connector options, formats, strategies, paths: the connector's offline refusals.
                when("unknown connector", "PZ0305", connections("lake:\n  connector: localfiles",
                        "lake:\n  connector: nope")),
                when("typo'd read option (delimter:)", "PZ0301", connections("        format: csv\n",
                        "        format: csv\n        delimter: ';'\n")),
                when("typo'd sink() keyword argument", "PZ0301", pipeline("path: 'out/'", "path: 'out/', compresion: 'gzip'")),
                when("typo'd postgres option (passwrod:)", "PZ0301", postgres("  password: not-used", "  passwrod: x")),
                when("postgres port: abc", "PZ0301", postgres("port: 5432", "port: abc")),
                when("postgres port out of range", "PZ0301", postgres("port: 5432", "port: 99999")),
                when("sink format 'orc'", "PZ0361", pipeline("format: 'parquet'", "format: 'orc'")),
                when("read format 'orc'", "PZ0361", connections("format: csv", "format: orc")),
                when("sink compression on csv", "PZ0362", pipeline("format: 'parquet', path: 'out/'",
                        "format: 'csv', path: 'out/', compression: 'gzip'")),
                when("parquet sink with a bogus compression", "PZ0362", pipeline("path: 'out/'",
                        "path: 'out/', compression: 'bogus'")),
                when("strategy merge on localfiles", "PZ0324", pipeline("strategy: 'replace'",
                        "strategy: 'merge', keys: ['customer']")),
                when("partition_by on localfiles", "PZ0314", pipeline("path: 'out/'",
                        "path: 'out/', partition_by: ['customer']")),
                when("sink path escaping root:", "PZ0365", pipeline("path: 'out/'", "path: '../../out/'")),
                when("read path escaping root:", "PZ0365", connections("path: data/orders.csv",
                        "path: ../../orders.csv")),
                when("csv header contradicting the contract", "PZ0353",
                        project -> project.file("data/orders.csv", "customer,id,amount\nalice,1,10.25\n")),
                when("empty csv without a contract", "PZ0353", project -> project.file("connections.yml",
                        replaced(CONNECTIONS, "        columns:\n          id: bigint\n          customer: varchar\n"
                                + "          amount: double\n", "")).file("data/orders.csv", "")),
                when("force_universal with a json source", "PZ0312", project -> project
                        .file("project.yml", PROJECT + "  force_universal: true\n")
                        .file("connections.yml", replaced(CONNECTIONS, "path: data/orders.csv\n        format: csv",
                                "path: data/orders.json\n        format: json"))
                        .file("pipelines/totals.sql", replaced(PIPELINE, "format: 'parquet'", "format: 'csv'"))),
                when("force_universal with a json array sink", "PZ0361", project -> project
                        .file("project.yml", PROJECT + "  force_universal: true\n")
                        .file("pipelines/totals.sql", replaced(PIPELINE, "format: 'parquet'",
                                "format: 'json', layout: 'array'"))),
                when("force_universal with a contract-less csv", "PZ0301", project -> project
                        .file("project.yml", PROJECT + "  force_universal: true\n")
                        .file("connections.yml", replaced(CONNECTIONS, "        columns:\n          id: bigint\n"
                                + "          customer: varchar\n          amount: double\n", ""))
                        .file("pipelines/totals.sql", replaced(PIPELINE, "format: 'parquet'", "format: 'csv'"))),
                // SQL.
                when("SQL naming a column the contract lacks", "PZ0401", pipeline("sum(amount)", "sum(price)")),
                when("SQL syntax error", "PZ0401", pipeline("group by customer", "group by by customer"))));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void validatePlanAndRunRefuseAlikeBeforeAnythingRuns(Case bad) {
        List<String> seen = new ArrayList<>();
        for (String[] verb : List.of(new String[] {"validate"}, new String[] {"plan"}, new String[] {"run", "--all"})) {
            Path project = temp.resolve(verb[0]);
            bad.change().apply(Catalogue.f05(project).file("data/orders.csv", ORDERS));
            CliRun result = CliRun.pz(project, verb);
            seen.add(verb[0] + ": exit " + result.exitCode() + ", " + firstCode(result.err()));
            assertThat(result.exitCode()).as(verb[0] + "\n" + result).isEqualTo(2);
            assertThat(firstCode(result.err())).as(verb[0] + "\n" + result).isEqualTo(bad.code());
            assertThat(result.err()).as(verb[0] + " names its code once").doesNotContain(bad.code() + ": " + bad.code());
            assertThat(project.resolve(".pz/runs")).as(verb[0] + " leaves no run directory").doesNotExist();
        }
        assertThat(seen).hasSize(3);
    }

    private static String firstCode(String err) {
        Matcher matcher = FIRST_CODE.matcher(err);
        return matcher.find() ? matcher.group(1) : "(no error line)";
    }
}
