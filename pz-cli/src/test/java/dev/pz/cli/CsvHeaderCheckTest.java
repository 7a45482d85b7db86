package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CSV files that do not fit what pz would read into them are refused by plan and run before
 * anything runs (exit 2, PZ0353, no run directory), on both tiers: a header that lacks a contract
 * column, and a contract-less file with a ragged row that DuckDB would detect in a wrong shape.
 */
class CsvHeaderCheckTest {

    @TempDir
    Path directory;

    private void assertRefusedBeforeRunning(String... fragments) {
        for (String verb : new String[] {"plan", "run"}) {
            CliRun run = CliRun.pz(directory, verb, "--all");
            assertThat(run.exitCode()).as(verb + "\n" + run).isEqualTo(2);
            assertThat(run.errLines()).as(verb).singleElement().asString().startsWith("error PZ0353: ").contains(fragments);
        }
        assertThat(directory.resolve(".pz/runs")).doesNotExist();
    }

    @ParameterizedTest(name = "force_universal: {0}")
    @ValueSource(booleans = {false, true})
    void aHeaderWithoutAContractColumnIsRefusedOnEitherTier(boolean universal) {
        Fixtures.f01(directory)
                .projectYml("header", Fixtures.LOCALFILES, "engine:\n  threads: 2\n  force_universal: " + universal)
                .file("data/orders.csv", Fixtures.F01_ORDERS.replace("id,customer,amount,created",
                        "id,client,amount,created"));
        assertRefusedBeforeRunning("dataset 'orders': the header of csv file 'data/orders.csv' does not match the"
                + " columns: contract: 'customer' is named 'client' in the file");
    }

    @Test
    void aContractlessCsvWithARaggedRowIsRefused() {
        Fixtures.f01(directory)
                .file("connections.yml", Fixtures.F01_CONNECTIONS.replaceAll("        columns:\n(          .*\n)+", ""))
                .file("data/orders.csv", Fixtures.F01_ORDERS.replace("4,carol,5.00,2026-01-02T09:00:00Z",
                        "4,carol,5.00,2026-01-02T09:00:00Z,late"));
        assertThat(Fixtures.F01_CONNECTIONS).contains("columns:");
        assertRefusedBeforeRunning("dataset 'orders': csv file 'data/orders.csv' line 5 has 5 fields where its header"
                + " has 4 (delimiter ',')", "declare a columns: contract");
    }
}
