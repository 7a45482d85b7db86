package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pz compile} via the CLI: manifest.json and compiled/*.sql, byte-stable, and the selector. */
class CompileCommandTest {

    @TempDir
    Path temp;

    private CliRun compile(TestProject project, String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "compile";
        System.arraycopy(args, 0, all, 1, args.length);
        return CliRun.pzWithEnv(Catalogue.F02_ENV, project.path(), all);
    }

    @Test
    void writesManifestAndCompiledSqlAndSaysSo() throws IOException {
        TestProject project = Catalogue.f02(temp);
        CliRun compile = compile(project);
        assertThat(compile.exitCode()).as(compile.toString()).isZero();
        assertThat(compile.out()).isEqualTo("Compiled 9 nodes -> " + temp.toRealPath().resolve(".pz/target") + "\n");
        assertThat(compile.err()).isEmpty();
        assertThat(project.read(".pz/target/manifest.json")).startsWith("{\n  \"project\": \"hello_pz\",\n"
                + "  \"version\": \"0.1.0\",\n  \"generatedBy\": \"pz\",\n  \"nodes\": [\n").endsWith("}\n")
                .contains("\"id\": \"c12d90246f26ce45\"");
        assertThat(project.read(".pz/target/compiled/order_totals.sql")).isEqualTo("""
                -- output: lake.order_totals (csv, replace)
                select customer_id, sum(amount) as total
                from staging.stg_orders
                group by customer_id
                """);
        assertThat(temp.resolve(".pz/runs")).doesNotExist();
    }

    @Test
    void compilingTwiceIsByteIdenticalAndAnEditChangesOnlyThatId() throws IOException {
        TestProject project = Catalogue.f02(temp);
        compile(project);
        byte[] manifest = Files.readAllBytes(temp.resolve(".pz/target/manifest.json"));
        byte[] sql = Files.readAllBytes(temp.resolve(".pz/target/compiled/stg_orders.sql"));
        compile(project);
        assertThat(Files.readAllBytes(temp.resolve(".pz/target/manifest.json"))).isEqualTo(manifest);
        assertThat(Files.readAllBytes(temp.resolve(".pz/target/compiled/stg_orders.sql"))).isEqualTo(sql);

        project.file("pipelines/stg_orders.sql", project.read("pipelines/stg_orders.sql").replace(">= ", "> "));
        compile(project);
        String edited = project.read(".pz/target/manifest.json");
        assertThat(edited).doesNotContain("c12d90246f26ce45").contains("\"id\": \"cddc6e19a966dea0\"",
                "\"id\": \"59489ad607b22cf9\"");
    }

    @Test
    void selectIsExact() {
        TestProject project = Catalogue.f02(temp);
        CliRun compile = compile(project, "--select", "stg_orders");
        assertThat(compile.exitCode()).as(compile.toString()).isZero();
        assertThat(compile.out()).startsWith("Compiled 1 nodes -> ");
        assertThat(temp.resolve(".pz/target/compiled/stg_orders.sql")).isRegularFile();
        assertThat(temp.resolve(".pz/target/compiled/orders_enriched.sql")).doesNotExist();
    }

    @Test
    void selectingOneCheckWritesAOneNodeManifest() {
        TestProject project = Catalogue.f02(temp);
        CliRun compile = compile(project, "--select", "check_orders_enriched_unique_id");
        assertThat(compile.exitCode()).as(compile.toString()).isZero();
        assertThat(project.read(".pz/target/manifest.json")).endsWith("""
                  "nodes": [
                    {
                      "id": "ef802d36ac370b28",
                      "kind": "check",
                      "name": "check_orders_enriched_unique_id",
                      "dependsOn": [
                        "e1ac44ee45ce6ff1"
                      ],
                      "tags": [],
                      "file": "pipelines/orders_enriched.sql"
                    }
                  ]
                }
                """);
    }

    @Test
    void ephemeralBecomesACteAndHasNoManifestNode() {
        TestProject project = Catalogue.f04(temp)
                .file("pipelines/eph.sql", "select * from {{ source('raw', 'orders') }}\n")
                .file("pipelines/configs/eph.yml", "pipeline: eph\nmaterialization: ephemeral\n")
                .file("pipelines/orders_clean.sql", "INSERT INTO {{ sink('lake', 'orders_out') }}\nselect * from {{ ref('eph') }}\n");
        CliRun compile = compile(project);
        assertThat(compile.exitCode()).as(compile.toString()).isZero();
        assertThat(project.read(".pz/target/compiled/orders_clean.sql")).contains("with __pz_cte__eph as (",
                "select * from __pz_cte__eph");
        assertThat(project.read(".pz/target/manifest.json")).doesNotContain("\"name\": \"eph\"");
        assertThat(temp.resolve(".pz/target/compiled/eph.sql")).doesNotExist();
    }

    @Test
    void unknownTemplateIdentifierIsPz0104AtThePipelineFile() {
        TestProject project = Catalogue.f04(temp).file("pipelines/orders_clean.sql",
                "INSERT INTO {{ sink('lake', 'orders_out') }}\nselect {{ date.now }} from {{ source('raw', 'orders') }}\n");
        CliRun compile = compile(project);
        assertThat(compile.exitCode()).isEqualTo(2);
        assertThat(compile.err()).startsWith("error PZ0104: ").contains("(pipelines/orders_clean.sql");
        assertThat(temp.resolve(".pz/target/manifest.json")).doesNotExist();
    }

    @Test
    void errorsOfOnePassArePrintedTogetherInTheErrorLineShape() {
        TestProject project = Catalogue.f04(temp)
                .file("pipelines/orders_clean.sql", "INSERT INTO {{ sink('lake', 'a', strategy: 'merge') }}\n"
                        + "select id, amount from {{ source('raw', 'orders') }}\n")
                .file("pipelines/product_catalog.sql", "INSERT INTO {{ sink('lake', 'b', strategy: 'replace', keys: ['id']) }}\n"
                        + "select id, name from {{ source('raw', 'products') }}\n");
        CliRun compile = compile(project);
        assertThat(compile.exitCode()).isEqualTo(2);
        assertThat(compile.errLines()).hasSize(2);
        assertThat(compile.errLines().get(0)).matches(
                "error PZ0209: output 'lake\\.a' uses strategy merge without keys \\(pipelines/orders_clean\\.sql:1\\) — hint: .+");
        assertThat(compile.errLines().get(1)).matches(
                "error PZ0211: output 'lake\\.b' .*id.* \\(pipelines/product_catalog\\.sql:1\\) — hint: .+");
    }

    @Test
    void fanOutListMakesTwoSinks() {
        TestProject project = Catalogue.f04(temp).file("pipelines/orders_clean.sql",
                "INSERT INTO [ {{ sink('lake', 'x') }}, {{ sink('lake', 'y') }} ]\nselect id, amount from {{ source('raw', 'orders') }}\n");
        CliRun compile = compile(project);
        assertThat(compile.exitCode()).as(compile.toString()).isZero();
        assertThat(project.read(".pz/target/manifest.json")).contains("\"name\": \"lake.x\"", "\"name\": \"lake.y\"");
        assertThat(project.read(".pz/target/compiled/orders_clean.sql"))
                .startsWith("-- output: lake.x (append)\n-- output: lake.y (append)\nselect id, amount");
    }

    @Test
    void varsOverridesAndEnvReachTheSql() {
        TestProject project = Catalogue.f02(temp);
        CliRun compile = CliRun.pzWithEnv(Catalogue.F02_ENV, project.path(), "compile", "--vars", "{\"min_amount\":25}");
        assertThat(compile.exitCode()).as(compile.toString()).isZero();
        assertThat(project.read(".pz/target/compiled/stg_orders.sql")).endsWith("where amount >= 25\n");
        CliRun bad = CliRun.pzWithEnv(Catalogue.F02_ENV, project.path(), "compile", "--vars", "[1,2]");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("PZ0102", "--vars must be a JSON object", "a JSON array");
    }

    @Test
    void missingEnvVarIsPz0103() {
        CliRun compile = CliRun.pzWithEnv(java.util.Map.of("DATA_DIR", "/tmp/pz-data"), Catalogue.f02(temp).path(),
                "compile");
        assertThat(compile.exitCode()).isEqualTo(2);
        assertThat(compile.err()).contains("PZ0103", "OUT_DIR");
    }
}
