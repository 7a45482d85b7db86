package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pz validate} via the CLI: what passes, what each stage refuses, and the --connect probes. */
class ValidateCommandTest {

    @TempDir
    Path temp;

    private CliRun validate(TestProject project) {
        return CliRun.pzWithEnv(Catalogue.F02_ENV, project.path(), "validate");
    }

    @Test
    void f02PassesWritesNothingAndNotesTheContractlessDataset() {
        TestProject project = Catalogue.f02(temp);
        CliRun validate = validate(project);
        assertThat(validate.exitCode()).as(validate.toString()).isZero();
        assertThat(validate.out()).contains("note: dataset 'crm.orders' has no columns: contract")
                .endsWith("validation passed (3 pipelines, 2 connections checked)\n");
        assertThat(temp.resolve(".pz")).doesNotExist();
    }

    @Test
    void dryCompileCatchesAnUnknownColumnAndRunExecutesNothing() {
        TestProject project = Catalogue.f02(temp)
                .file("connections.yml", Catalogue.f02(temp).read("connections.yml") + """

                        crm_probe:
                          connector: localfiles
                          entities:
                            customers_probe:
                              read:
                                path: probe.csv
                                format: csv
                                columns: {id: bigint, email: varchar}
                        """)
                .file("pipelines/typo_check.sql", "select id, emailx from {{ source('crm_probe','customers_probe') }}\n")
                .file("pipelines/configs/typo_check.yml", "pipeline: typo_check\nchecks:\n  - not_null: [id]\n");
        CliRun validate = validate(project);
        assertThat(validate.exitCode()).as(validate.toString()).isEqualTo(2);
        assertThat(validate.err()).contains("error PZ0401: ", "emailx", "typo_check.sql");
        assertThat(validate.out()).doesNotContain("validation passed");

        CliRun run = CliRun.pzWithEnv(Catalogue.F02_ENV, project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0401");
        assertThat(temp.resolve(".pz/runs")).doesNotExist();
    }

    @Test
    void connectorConfigErrorsAreAggregatedAcrossConnections() {
        // A037 proper needs the postgres and s3 connectors, which are not shipped yet: the same
        // aggregation is pinned here with two localfiles connections.
        TestProject project = TestProject.in(temp).file("project.yml", "name: broken\nversion: 0.1.0\n")
                .file("connections.yml", """
                        db:
                          connector: localfiles
                          host: h
                        store:
                          connector: localfiles
                          access_key: k
                        """);
        CliRun validate = validate(project);
        assertThat(validate.exitCode()).as(validate.toString()).isEqualTo(2);
        assertThat(validate.errLines()).hasSize(2).allMatch(line -> line.startsWith("error PZ0301: "));
        assertThat(validate.err()).contains("connection 'db': unknown option 'host'",
                "connection 'store': unknown option 'access_key'").doesNotContain(": :");
    }

    @Test
    void unknownConnectionOptionIsPz0301WithTheAcceptedOptions() {
        TestProject project = Catalogue.f04(temp).file("connections.yml",
                Catalogue.f04(temp).read("connections.yml").replace("lake:\n  connector: localfiles\n",
                        "lake:\n  connector: localfiles\n  bogus: 1\n"));
        CliRun validate = validate(project);
        assertThat(validate.exitCode()).as(validate.toString()).isEqualTo(2);
        assertThat(validate.err()).contains("error PZ0301: connection 'lake': unknown option 'bogus'",
                "(connections.yml", "— hint: remove or rename it -- accepted options: root");
    }

    @Test
    void unknownConnectorIsPz0305() {
        TestProject project = Catalogue.f04(temp).file("connections.yml",
                Catalogue.f04(temp).read("connections.yml") + "weird:\n  connector: doesnotexist\n");
        CliRun validate = validate(project);
        assertThat(validate.exitCode()).as(validate.toString()).isEqualTo(2);
        assertThat(validate.err()).contains("error PZ0305: ", "doesnotexist", "weird", "localfiles");
    }

    @Test
    void compileErrorsStopBeforeLaterTiers() {
        TestProject project = Catalogue.f04(temp)
                .file("connections.yml", Catalogue.f04(temp).read("connections.yml") + "weird:\n  connector: doesnotexist\n")
                .file("pipelines/a.sql", "select * from {{ ref('b') }}\n")
                .file("pipelines/b.sql", "select * from {{ ref('a') }}\n");
        CliRun validate = validate(project);
        assertThat(validate.exitCode()).isEqualTo(2);
        assertThat(validate.err()).contains("error PZ0202: ").doesNotContain("PZ0305");
    }

    @Test
    void oneSourceTwoReadersIsPz0349InTheErrorLineShape() {
        TestProject project = Catalogue.f04(temp)
                .file("pipelines/order_audit.sql", "INSERT INTO {{ sink('lake', 'audit') }}\nselect * from {{ source('raw', 'orders') }}\n");
        CliRun validate = validate(project);
        assertThat(validate.exitCode()).isEqualTo(2);
        assertThat(validate.errLines()).hasSize(1);
        assertThat(validate.errLines().get(0)).matches("error PZ0349: .*'raw\\.orders'.*order_audit.*orders_clean.*"
                + " \\(pipelines/[a-z_]+\\.sql\\) — hint: .+");
    }

    @Test
    void everyCompileErrorOfThePassIsPrinted() {
        TestProject project = Catalogue.f04(temp)
                .file("pipelines/x.sql", "select * from {{ ref('nope1') }}\n")
                .file("pipelines/y.sql", "select * from {{ ref('nope2') }}\n");
        CliRun validate = validate(project);
        assertThat(validate.exitCode()).isEqualTo(2);
        assertThat(validate.errLines()).hasSize(2).allMatch(line -> line.startsWith("error PZ0201: "));
        assertThat(validate.err()).contains("nope1", "nope2");
    }

    @Test
    void deadLeafIsAWarningOnStderrAndValidationStillPasses() {
        TestProject project = Catalogue.f04(temp).file("pipelines/orders_clean.sql",
                "select id, amount from {{ source('raw', 'orders') }}\n");
        CliRun validate = validate(project);
        assertThat(validate.exitCode()).as(validate.toString()).isZero();
        assertThat(validate.err()).startsWith("warning: PZ0223 ").contains("orders_clean", "(pipelines/orders_clean.sql)");
    }

    @Test
    void noProjectIsExit2() {
        CliRun validate = CliRun.pz(temp, "validate");
        assertThat(validate.exitCode()).isEqualTo(2);
        assertThat(validate.err()).contains("PZ0101", "project.yml");
    }
}
