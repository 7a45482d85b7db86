package dev.pz.cli;

import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Path;

/**
 * Projects for the scale-out emitters: two flows on local files where the second reads the first's
 * sink ({@code lake.totals} → {@code lake.report}), so the second must run after the first commits.
 */
final class ScaleOutProjects {
    static final String CONNECTIONS = """
            files:
              connector: localfiles
              entities:
                orders:
                  read:
                    path: data/orders.csv
                    format: csv
                    columns:
                      id: bigint
                      customer: varchar
                      amount: double
            lake:
              connector: localfiles
              entities:
                totals:
                  read:
                    path: out/totals.csv
                    format: csv
                    columns:
                      customer: varchar
                      total: double
                  write:
                    path: out/totals.csv
                    format: csv
                    strategy: replace
            """;

    private ScaleOutProjects() {
    }

    static TestProject chained(Path directory) {
        return TestProject.in(directory).projectYml("chained", Catalogue.LOCALFILES)
                .file("connections.yml", CONNECTIONS)
                .file("data/orders.csv", "id,customer,amount\n1,alice,10.25\n2,bob,20.50\n")
                .file("out/totals.csv", "customer,total\n")
                .file("pipelines/totals.sql", """
                        INSERT INTO {{ sink('lake', 'totals') }}
                        select customer, sum(amount) as total from {{ source('files', 'orders') }} group by customer
                        """)
                .file("pipelines/report.sql", """
                        INSERT INTO {{ sink('lake', 'report', strategy: 'replace', format: 'csv', path: 'out/report.csv') }}
                        select customer, total * 2 as doubled from {{ source('lake', 'totals') }}
                        """);
    }
}
