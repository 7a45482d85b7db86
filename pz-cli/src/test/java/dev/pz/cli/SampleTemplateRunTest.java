package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's promise: the sample template scaffolds and runs offline, end to end (A010, A011). */
class SampleTemplateRunTest {

    @TempDir
    Path temp;

    @Test
    void sampleScaffoldsAndRunsBothFlows() throws Exception {
        Path demo = temp.resolve("demo");
        CliRun init = CliRun.pz("init", demo.toString(), "--template", "sample");
        assertThat(init.exitCode()).as(init.toString()).isZero();
        assertThat(init.out()).startsWith("scaffolded a new pz project 'demo' at " + demo + "\nnext steps:\n"
                + "  cd demo && pz run orders_enriched\n");

        CliRun run = CliRun.pz(demo, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines()).filteredOn(line -> line.startsWith("ok ")).hasSize(12)
                .map(line -> line.replaceAll(" \\d+ms$", ""))
                .contains("ok src_raw__orders 5 rows", "ok stg_orders 3 rows", "ok order_totals 2 rows",
                        "ok lake.orders_curated 3 rows", "ok lake.product_catalog 3 rows");
        assertThat(run.out()).containsPattern("run \\d{8}T\\d{9}Z-[0-9a-f]{4}: 12 succeeded, 0 failed, 0 skipped \\(");
        assertThat(Files.readString(demo.resolve("out/order_totals/order_totals.csv")))
                .isEqualTo("customer_id,total\n1,67.5\n2,15.75\n");
        assertThat(demo.resolve("out/orders_curated/orders_curated.parquet")).isNotEmptyFile();
        assertThat(Files.readString(demo.resolve("out/product_catalog/product_catalog.csv")))
                .startsWith("id,name,price\n1,anvil,49.99\n");
    }
}
