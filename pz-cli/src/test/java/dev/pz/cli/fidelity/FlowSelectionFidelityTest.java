package dev.pz.cli.fidelity;

import static dev.pz.cli.fidelity.Reference.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.cli.CliRun;
import dev.pz.cli.RunArtifacts;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which flows a bare, named or selected {@code pz run} executes, as the reference's NamedFlowRunTests,
 * RunSelectionTests and FlowComponentsTests pin it (F04: two disjoint flows).
 */
class FlowSelectionFidelityTest {
    @TempDir
    Path temp;

    private Path ordersOut(TestProject project) {
        return project.resolve("out/orders/orders_out.csv");
    }

    private Path productsOut(TestProject project) {
        return project.resolve("out/products/products_out.csv");
    }

    // NF1, RS2, FC1
    @Test
    void aBareRunOnTwoFlowsIsPz0215NamingBothFlowsAndAll() {
        TestProject project = Catalogue.f04(temp);
        CliRun run = CliRun.pz(project.path(), "run");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.err()).contains("PZ0215", "--all", "lake.orders_out", "lake.products_out");
        assertThat(project.resolve(".pz/runs")).doesNotExist();
    }

    // The report: the dry compile runs before the flow gate
    @Test
    void aSqlTypoInATwoFlowProjectIsPz0401BeforeTheFlowGate() {
        TestProject project = Catalogue.f04(temp).file("pipelines/orders_clean.sql", "INSERT INTO {{ sink('lake', "
                + "'orders_out', strategy: 'replace', format: 'csv', path: 'out/orders/') }}\nselect id, amountx\n"
                + "from {{ source('raw', 'orders') }}\n");
        CliRun run = CliRun.pz(project.path(), "run");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0401", "amountx").doesNotContain("PZ0215");
        assertThat(project.resolve(".pz/runs")).doesNotExist();
    }

    // NF2, RS4
    @Test
    void runAllRunsBothFlows() {
        TestProject project = Catalogue.f04(temp);
        ok(project.path(), "run", "--all");
        assertThat(ordersOut(project)).isNotEmptyFile();
        assertThat(productsOut(project)).isNotEmptyFile();
    }

    // NF3, RS5
    @Test
    void naming_a_transform_runs_its_whole_flow_and_nothing_else() {
        TestProject project = Catalogue.f04(temp);
        ok(project.path(), "run", "orders_clean");
        assertThat(ordersOut(project)).isNotEmptyFile();
        assertThat(productsOut(project)).doesNotExist();
        assertThat(RunArtifacts.summary(RunArtifacts.results(RunArtifacts.onlyRun(project.path()))))
                .extracting(line -> line.substring(0, line.indexOf(':')))
                .containsExactlyInAnyOrder("src_raw__orders", "orders_clean", "lake.orders_out");
    }

    // NF4, RS6
    @Test
    void twoNamesRunBothFlows() {
        TestProject project = Catalogue.f04(temp);
        ok(project.path(), "run", "orders_clean", "lake.products_out");
        assertThat(ordersOut(project)).exists();
        assertThat(productsOut(project)).exists();
    }

    // RS7
    @Test
    void selectResolvesThroughTheSelectorGrammar() {
        TestProject project = Catalogue.f04(temp);
        ok(project.path(), "run", "--select", "+lake.orders_out");
        assertThat(ordersOut(project)).exists();
        assertThat(productsOut(project)).doesNotExist();
    }

    // NF5, RS9
    @Test
    void mixingSelectionMechanismsIsPz0216() {
        Path project = Catalogue.f04(temp).path();
        String[][] mixes = {{"orders_clean", "--select", "+product_catalog"}, {"orders_clean", "--all"},
            {"--select", "+product_catalog", "--all"}};
        for (String[] mix : mixes) {
            String[] args = new String[mix.length + 1];
            args[0] = "run";
            System.arraycopy(mix, 0, args, 1, mix.length);
            CliRun run = CliRun.pz(project, args);
            assertThat(run.exitCode()).as(String.join(" ", mix)).isEqualTo(2);
            assertThat(run.errLines()).as(String.join(" ", mix)).hasSize(1);
            assertThat(run.err()).as(String.join(" ", mix)).contains("PZ0216");
        }
    }

    // NF6, RS8
    @Test
    void unknownNamesAreOnePz0210EachListingTheFlows() {
        CliRun run = CliRun.pz(Catalogue.f04(temp).path(), "run", "nope", "also_nope");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).hasSize(2).allSatisfy(line -> assertThat(line).contains("PZ0210", "lake.products_out"));
        assertThat(run.errLines().get(0)).contains("nope");
    }

    // RS1
    @Test
    void aBareRunOnOneFlowRunsEverything() {
        Path project = Catalogue.f05(temp).path();
        ok(project, "run");
        assertThat(RunArtifacts.results(RunArtifacts.onlyRun(project)).get("nodes")).hasSize(3);
    }

    // FC1: a fan-out flow is labelled by its sinks joined with " + "; a flow without a sink by its leaf pipeline
    @Test
    void flowLabelsJoinFanOutSinksAndFallBackToLeafPipelines() {
        TestProject project = Catalogue.f04(temp)
                .file("pipelines/orders_clean.sql", "INSERT INTO [{{ sink('lake', 'orders_out', strategy: 'replace', "
                        + "format: 'csv', path: 'out/orders/') }}, {{ sink('lake', 'orders_copy', strategy: 'replace', "
                        + "format: 'csv', path: 'out/copy/') }}]\nselect id, amount\nfrom {{ source('raw', 'orders') }}\n")
                .file("pipelines/product_catalog.sql", "select id, name\nfrom {{ source('raw', 'products') }}\n");
        CliRun run = CliRun.pz(project.path(), "run");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("lake.orders_copy + lake.orders_out", "product_catalog");
    }
}
