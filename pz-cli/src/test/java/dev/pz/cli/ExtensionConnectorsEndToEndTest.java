package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.TestProject;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The connectors that need a DuckDB extension pz cannot download (ducklake, iceberg, motherduck,
 * quack), as a user meets them: without the extension file, plan and run refuse before anything runs
 * and name the extension; with a file that is not a real extension, DuckDB itself refuses to load it
 * and the run fails its node (no real extension file can be had offline to go further).
 */
class ExtensionConnectorsEndToEndTest {

    private static final String PIPELINE = """
            INSERT INTO {{ sink('lake', 'orders_csv', strategy: 'replace', format: 'csv', path: 'out/') }}
            select * from {{ source('dl', 'orders') }}
            """;

    @TempDir
    Path temp;

    private TestProject project(String dir, String connection) {
        return TestProject.in(temp.resolve(dir)).projectYml("ext_" + dir)
                .file("connections.yml", connection + "lake:\n  connector: localfiles\n")
                .file("pipelines/export.sql", PIPELINE).file("lake.ducklake", "metadata stand-in");
    }

    @Test
    void withoutTheExtensionValidatePlanAndRunRefuseNamingIt() {
        String[][] cases = {
                {"ducklake", "dl:\n  connector: ducklake\n  path: lake.ducklake\n", "'ducklake' extension"},
                {"motherduck", "dl:\n  connector: motherduck\n  database: analytics\n  token: md-Token-1\n",
                        "'motherduck' extension"},
                {"quack", "dl:\n  connector: quack\n  uri: quack:localhost\n  token: quack-Token-1\n", "'quack' extension"}};
        for (String[] c : cases) {
            TestProject project = project(c[0], c[1]);
            for (String[] verb : new String[][] {{"validate"}, {"plan", "--all"}, {"run", "--all"}}) {
                CliRun refused = CliRun.pz(project.path(), verb);
                assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
                assertThat(refused.err()).contains("error PZ0353: ", "connector '" + c[0] + "' needs DuckDB's " + c[2],
                        "hint: put the official").doesNotContain("Token-1");
            }
            assertThat(project.resolve(".pz/runs")).as(c[0]).doesNotExist();
        }
    }

    @Test
    void anUnsupportedCatalogIsRefusedByValidate() {
        TestProject project = project("iceberg", "dl:\n  connector: iceberg\n  endpoint: https://catalog.example\n");
        CliRun validate = CliRun.pz(project.path(), "validate");
        assertThat(validate.exitCode()).as(validate.toString()).isEqualTo(2);
        assertThat(validate.err()).contains("error PZ0301: connection 'dl': catalog 'rest' is not supported by this build");
    }

    @Test
    void aFileThatIsNotAnExtensionIsRefusedByDuckDbAtRunTime() {
        TestProject project = project("bogus", "dl:\n  connector: ducklake\n  path: lake.ducklake\n"
                + "  extension_directory: ext\n").file("ext/ducklake.duckdb_extension", "not an extension");
        CliRun plan = CliRun.pz(project.path(), "plan", "--all");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out()).contains("native scan: connector 'ducklake' provides attach over ducklake duckdb catalog"
                + " table orders");
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.out()).contains("PZ0311", "native setup statement failed");
        assertThat(project.resolve("out/orders_csv.csv")).doesNotExist();
    }
}
