package dev.pz.cli;

import dev.pz.testing.TestProject;
import java.nio.file.Path;

/**
 * The small project the tier-choice tests share: a four-row orders csv read by {@code files}, one
 * pipeline writing a csv to {@code lake} under out/.
 */
final class OrdersToLake {

    /** Totals per customer, ordered: a pipeline that keeps none of its source's rows as they are. */
    static final String TOTALS = "INSERT INTO {{ sink('lake', 'totals', strategy: 'replace', format: 'csv',"
            + " path: 'out/') }}\nselect customer, count(*) as orders, sum(amount) as total\nfrom "
            + "{{ source('files', 'orders') }}\ngroup by customer\norder by customer\n";

    private OrdersToLake() {
    }

    /** The project in {@code dir}, with {@code engineLines} under {@code engine:} and one pipeline file. */
    static TestProject write(Path dir, String name, String[] engineLines, String pipelineFile, String pipelineSql) {
        String[] projectLines = new String[engineLines.length + 1];
        projectLines[0] = "engine:";
        System.arraycopy(engineLines, 0, projectLines, 1, engineLines.length);
        return TestProject.in(dir).projectYml(name, projectLines)
                .file("connections.yml", """
                        files:
                          connector: localfiles
                          entities:
                            orders:
                              read:
                                path: data/orders.csv
                                format: csv
                                columns: {id: bigint, customer: varchar, amount: double}
                        lake:
                          connector: localfiles
                        """)
                .file(pipelineFile, pipelineSql)
                .file("data/orders.csv", "id,customer,amount\n1,alice,10.25\n2,bob,20.50\n3,alice,30.75\n4,carol,5.00\n");
    }
}
