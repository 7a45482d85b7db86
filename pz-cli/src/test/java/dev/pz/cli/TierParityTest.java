package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parity (issue 4): the same fixtures through the staged native path ({@code engine.fusion: false}),
 * native fusion (the default) and the universal tier ({@code engine.force_universal: true})
 * give equal rows, and a parquet sink holds equal rows and types. Outputs are read back with DuckDB and typed explicitly, so numbers compare as
 * numbers and timestamps as timestamps where the tiers render text differently.
 */
class TierParityTest {

    @TempDir
    Path root;

    private static final List<String> MODES = List.of("staged", "fused", "universal");

    private static String engine(String mode) {
        return switch (mode) {
            case "staged" -> "engine:\n  threads: 2\n  fusion: false";
            case "universal" -> "engine:\n  threads: 2\n  force_universal: true";
            default -> "engine:\n  threads: 2";
        };
    }

    /** F01's orders with their full contract (bigint, varchar, double, timestamp), two ways out. */
    private TestProject csvFixture(Path dir, String mode) {
        return TestProject.in(dir).projectYml("parity_csv", Catalogue.LOCALFILES, engine(mode))
                .file("connections.yml", "files:\n  connector: localfiles\n  entities:\n"
                        + entity("orders") + entity("orders_again") + "lake:\n  connector: localfiles\n")
                .file("data/orders.csv", Catalogue.F01_ORDERS + "13,\"dave, jr\",0.1,2026-01-07T23:59:59Z\n")
                .file("pipelines/order_rows.sql", "INSERT INTO {{ sink('lake', 'order_rows', strategy: 'replace', "
                        + "format: 'csv', path: 'out/') }}\nselect id, customer, amount, created, amount * 3 as tripled"
                        + "\nfrom {{ source('files', 'orders') }}\n")
                .file("pipelines/customer_totals.sql", "INSERT INTO {{ sink('lake', 'customer_totals', strategy: "
                        + "'replace', format: 'json', path: 'out/') }}\nselect customer, count(*) as orders, "
                        + "sum(amount) as total, max(created) as latest\nfrom {{ source('files', 'orders_again') }}\n"
                        + "group by customer\n");
    }

    private static String entity(String name) {
        return "    " + name + ":\n      read:\n        path: data/orders.csv\n        format: csv\n        columns:\n"
                + "          id: bigint\n          customer: varchar\n          amount: double\n"
                + "          created: timestamp\n";
    }

    /** F12's parquet source, seeded through DuckDB, to csv; no contract: every tier reads the footer's types. */
    private TestProject parquetFixture(Path dir, String mode) {
        return SeededFixtures.f12(dir).projectYml("parity_parquet", Catalogue.LOCALFILES, engine(mode));
    }

    /** F01's csv to a parquet sink: the universal tier's parquet writer against DuckDB's native COPY. */
    private TestProject parquetSinkFixture(Path dir, String mode) {
        return TestProject.in(dir).projectYml("parity_parquet_sink", Catalogue.LOCALFILES, engine(mode))
                .file("connections.yml", "files:\n  connector: localfiles\n  entities:\n" + entity("orders")
                        + "lake:\n  connector: localfiles\n")
                .file("data/orders.csv", Catalogue.F01_ORDERS)
                .file("pipelines/order_rows.sql", "INSERT INTO {{ sink('lake', 'order_rows', strategy: 'replace', "
                        + "format: 'parquet', path: 'out/') }}\nselect id, customer, amount, created, "
                        + "amount::decimal(38,9) as exact, created::date as day, id % 2 = 0 as even\n"
                        + "from {{ source('files', 'orders') }}\n");
    }

    private static void run(TestProject project) {
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out() + run.err()).doesNotContainIgnoringCase("leak");
    }

    private static List<String> csvRows(Path file) {
        return Duck.rows("select id::bigint, customer, amount::double, created::timestamp, tripled::double from "
                + "read_csv('" + file + "', all_varchar = true, header = true) order by 1");
    }

    private static List<String> jsonTotals(Path file) {
        return Duck.rows("select customer::varchar, orders::bigint, round(total::double, 9), latest::varchar::timestamp"
                + " from read_json_auto('" + file + "') order by 1");
    }

    private static List<String> csvTotals(Path file) {
        return Duck.rows("select customer, orders::bigint, round(total::double, 9) from read_csv('" + file
                + "', all_varchar = true, header = true) order by 1");
    }

    @Test
    void csvWithAFullContractGivesEqualRowsOnEveryPath() {
        List<String> firstRows = null;
        List<String> firstTotals = null;
        for (String mode : MODES) {
            Path dir = root.resolve(mode);
            run(csvFixture(dir, mode));
            List<String> rows = csvRows(dir.resolve("out/order_rows.csv"));
            List<String> totals = jsonTotals(dir.resolve("out/customer_totals.json"));
            assertThat(rows).as(mode).hasSize(13).contains("13|dave, jr|0.1|2026-01-07 23:59:59.0|0.30000000000000004");
            assertThat(totals).as(mode).hasSize(4);
            if (firstRows == null) {
                firstRows = rows;
                firstTotals = totals;
            } else {
                assertThat(rows).as(mode + " rows").isEqualTo(firstRows);
                assertThat(totals).as(mode + " totals").isEqualTo(firstTotals);
            }
        }
    }

    @Test
    void aParquetSourceGivesEqualRowsOnEveryPath() {
        List<String> first = null;
        for (String mode : MODES) {
            Path dir = root.resolve(mode);
            run(parquetFixture(dir, mode));
            List<String> totals = csvTotals(dir.resolve("out/customer_totals.csv"));
            assertThat(totals).as(mode).hasSize(3).contains("alice|4|91.0");
            if (first == null) {
                first = totals;
            } else {
                assertThat(totals).as(mode).isEqualTo(first);
            }
        }
    }

    @Test
    void aParquetSinkHoldsEqualRowsAndTypesOnEveryPath() {
        List<String> firstRows = null;
        List<String> firstTypes = null;
        for (String mode : MODES) {
            Path dir = root.resolve(mode);
            run(parquetSinkFixture(dir, mode));
            Path file = dir.resolve("out/order_rows.parquet");
            List<String> rows = Duck.rows("select * from read_parquet('" + file + "') order by id");
            List<String> types = Duck.rows("select column_name, column_type from (describe select * from read_parquet('"
                    + file + "'))");
            assertThat(rows).as(mode).hasSize(12);
            assertThat(types).as(mode).contains("exact|DECIMAL(38,9)", "created|TIMESTAMP", "day|DATE");
            if (firstRows == null) {
                firstRows = rows;
                firstTypes = types;
            } else {
                assertThat(rows).as(mode + " rows").isEqualTo(firstRows);
                assertThat(types).as(mode + " types").isEqualTo(firstTypes);
            }
        }
    }
}
