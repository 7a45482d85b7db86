package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.Catalogue;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * CSV files that do not fit what pz would read into them are refused by validate, plan and run before
 * anything runs (exit 2, PZ0353, no run directory), on both tiers: a header that lacks a contract
 * column, and a contract-less file with a ragged row that DuckDB would detect in a wrong shape.
 */
class CsvHeaderCheckTest {

    @TempDir
    Path directory;

    private void assertRefusedBeforeRunning(String... fragments) {
        for (String[] verb : new String[][] {{"validate"}, {"plan", "--all"}, {"run", "--all"}}) {
            CliRun run = CliRun.pz(directory, verb);
            assertThat(run.exitCode()).as(verb[0] + "\n" + run).isEqualTo(2);
            assertThat(run.errLines()).as(verb[0]).singleElement().asString().startsWith("error PZ0353: ").contains(fragments);
        }
        assertThat(directory.resolve(".pz/runs")).doesNotExist();
    }

    @ParameterizedTest(name = "force_universal: {0}")
    @ValueSource(booleans = {false, true})
    void aHeaderWithoutAContractColumnIsRefusedOnEitherTier(boolean universal) {
        // The universal tier writes csv, not parquet: the header is the only refusal either way.
        Catalogue.f01(directory)
                .projectYml("header", Catalogue.LOCALFILES, "engine:\n  threads: 2\n  force_universal: " + universal)
                .file("pipelines/customer_totals.sql", Catalogue.F01_PIPELINE.replace("'parquet'", "'csv'"))
                .file("data/orders.csv", Catalogue.F01_ORDERS.replace("id,customer,amount,created",
                        "id,client,amount,created"));
        assertRefusedBeforeRunning("dataset 'orders': the header of csv file 'data/orders.csv' does not match the"
                + " columns: contract: 'customer' is named 'client' in the file");
    }

    @Test
    void aContractlessCsvWithARaggedRowIsRefused() {
        Catalogue.f01(directory)
                .file("connections.yml", Catalogue.F01_CONNECTIONS.replaceAll("        columns:\n(          .*\n)+", ""))
                .file("data/orders.csv", Catalogue.F01_ORDERS.replace("4,carol,5.00,2026-01-02T09:00:00Z",
                        "4,carol,5.00,2026-01-02T09:00:00Z,late"));
        assertThat(Catalogue.F01_CONNECTIONS).contains("columns:");
        assertRefusedBeforeRunning("dataset 'orders': csv file 'data/orders.csv' line 5 has 5 fields where its header"
                + " has 4 (delimiter ',')", "declare a columns: contract");
    }
}
