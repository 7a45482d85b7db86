package dev.pz.cli.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.cli.CliRun;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pz validate} as the reference's ValidateCommandTests pin it. */
class ValidateVerbFidelityTest {
    @TempDir
    Path temp;

    private CliRun validate(TestProject project, String... extra) {
        String[] args = new String[extra.length + 1];
        args[0] = "validate";
        System.arraycopy(extra, 0, args, 1, extra.length);
        return CliRun.pzWithEnv(Catalogue.F02_ENV, project.path(), args);
    }

    // V1, V3
    @Test
    void aGoodProjectPassesAndWritesNoArtifacts() {
        TestProject project = Catalogue.f02(temp);
        CliRun run = validate(project);
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).contains("validation passed");
        assertThat(project.resolve(".pz/target")).doesNotExist();
    }

    // V2 (the s3 half is not applicable: the port has no s3 connector)
    @Test
    void connectorOptionErrorsNameTheConnectionAndTheOption() {
        TestProject project = TestProject.in(temp).projectYml("broken")
                .file("connections.yml", "db:\n  connector: postgres\n  database: mydb\n");
        CliRun run = validate(project);
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0301", "connection 'db'", "host");
    }

    // The report: no doubled context, every connector option error with a hint, each reported once
    @Test
    void connectorOptionErrorsAreReportedOnceWithoutDoubledContextAndWithAHint() {
        TestProject project = TestProject.in(temp).projectYml("broken")
                .file("connections.yml", "db:\n  connector: postgres\n  database: mydb\n  port: 0\n\n"
                        + "lake:\n  connector: localfiles\n  bogus: 1\n  root: 5\n");
        CliRun run = validate(project);
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).isNotEmpty().allSatisfy(line -> {
            assertThat(line).startsWith("error PZ0301: ").contains(" — hint: ");
            assertThat(line).doesNotContain("connection 'db': connection 'db'", "connection 'lake': connection 'lake'");
        });
        assertThat(run.errLines()).filteredOn(line -> line.contains("'host' is required")).hasSize(1);
        assertThat(run.errLines()).doesNotHaveDuplicates();
    }

    // V4
    @Test
    void aSqlTypoIsPz0401NamingTheColumnAndThePipelineFile() {
        TestProject project = Catalogue.f02(temp);
        project.file("connections.yml", project.read("connections.yml") + "\ncrm_probe:\n  connector: localfiles\n"
                + "  entities:\n    customers_probe:\n      read:\n        path: data/customers.csv\n"
                + "        format: csv\n        columns:\n          id: bigint\n          email: varchar\n")
                .file("pipelines/typo_check.sql", "select id, emailx from {{ source('crm_probe', 'customers_probe') }}\n");
        CliRun run = validate(project);
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0401", "emailx", "typo_check.sql");
    }

    // V5
    @Test
    void connectOnAContractlessCsvNotesTheGapAndWritesSchemasJson() {
        TestProject project = Reference.sample(temp.resolve("sample"));
        project.file("connections.yml", project.read("connections.yml").replace(
                "        format: csv\n        columns:\n          id: bigint\n          email: varchar\n",
                "        format: csv\n"));
        CliRun run = CliRun.pz(project.path(), "validate", "--connect");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.out()).contains("note: dataset 'raw.customers' has no columns: contract");
        assertThat(run.err()).contains("PZ0330", "dataset 'customers'", "requires a declared columns: contract");
        assertThat(project.read(".pz/target/schemas.json")).contains("\"version\": 1", "\"schemas\": {}");
    }

    // V6 (deliberate difference): the reference reports the drift from the live probe (PZ0331); the port's
    // preflight, which validate, plan and run share, reads the header first and refuses it (PZ0353)
    @Test
    void aCallSiteContractColumnTheHeaderLacksIsRefusedBeforeTheProbes() {
        TestProject project = Reference.sample(temp.resolve("sample"));
        project.file("data/products.csv", project.read("data/products.csv").replaceFirst("id,name,price", "id,name"));
        CliRun run = CliRun.pz(project.path(), "validate", "--connect");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0353", "'price'", "data/products.csv");
    }
}
