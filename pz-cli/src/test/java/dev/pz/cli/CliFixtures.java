package dev.pz.cli;

import java.nio.file.Path;
import java.util.Map;

/** The catalogue's verbatim fixtures (F01, F02, F04), written into a directory. */
public final class CliFixtures {
    /** The golden compile's environment for F02. */
    public static final Map<String, String> F02_ENV = Map.of("DATA_DIR", "/tmp/pz-data", "OUT_DIR", "/tmp/pz-out");

    private CliFixtures() {
    }

    public static TestProject f02(Path directory) {
        return TestProject.in(directory).file("project.yml", """
                name: hello_pz
                version: 0.1.0

                connectors:
                  - package: Pz.Connector.LocalFiles
                    version: 0.1.0

                vars:
                  min_amount: 10
                  statuses: [shipped, returned]

                engine:
                  threads: 2
                  duckdb:
                    memory_limit: 1GiB
                """).file("connections.yml", """
                crm:
                  connector: localfiles
                  root: ${DATA_DIR}
                  entities:
                    customers:
                      read:
                        path: customers.csv
                        format: csv
                        columns:
                          id: bigint
                          email: varchar
                    orders:
                      read:
                        path: orders.csv
                        format: csv

                lake:
                  connector: localfiles
                  root: ${OUT_DIR}
                """).file("pipelines/stg_orders.sql", """
                select
                    id,
                    customer_id,
                    amount,
                    status
                from {{ source('crm', 'orders') }}
                where amount >= {{ var('min_amount') }}
                """).file("pipelines/order_totals.sql", """
                INSERT INTO {{ sink('lake', 'order_totals', format: 'csv', path: 'totals/', strategy: 'replace') }}
                select customer_id, sum(amount) as total
                from {{ ref('stg_orders') }}
                group by customer_id
                """).file("pipelines/orders_enriched.sql", """
                INSERT INTO {{ sink('lake', 'orders_curated', format: 'parquet', path: 'curated/orders/', strategy: 'replace') }}
                select
                    o.id,
                    o.amount,
                    c.email
                from {{ ref('stg_orders') }} as o
                join {{ source('crm', 'customers') }} as c
                  on c.id = o.customer_id
                """).file("pipelines/configs/orders_enriched.yml", """
                pipeline: orders_enriched
                materialization: table
                tags: [daily, crm]
                checks:
                  - not_null: [id, email]
                  - unique: [id]
                """);
    }

    public static TestProject f01(Path directory) {
        return TestProject.in(directory).file("project.yml", """
                name: csv_to_parquet
                version: 0.1.0
                connectors:
                  - package: Pz.Connector.LocalFiles
                    version: 0.1.0
                engine:
                  threads: 2
                """).file("connections.yml", """
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
                          created: timestamp

                lake:
                  connector: localfiles
                """).file("data/orders.csv", """
                id,customer,amount,created
                1,alice,10.25,2026-01-01T08:00:00Z
                2,bob,20.50,2026-01-01T09:00:00Z
                """).file("pipelines/customer_totals.sql", """
                INSERT INTO {{ sink('lake', 'customer_totals', strategy: 'replace', format: 'parquet', path: 'out/') }}
                select customer, count(*) as orders, sum(amount) as total
                from {{ source('files', 'orders') }}
                group by customer
                """);
    }

    public static TestProject f04(Path directory) {
        return TestProject.in(directory).file("project.yml", """
                name: two_flows
                version: 0.1.0
                connectors:
                  - package: Pz.Connector.LocalFiles
                    version: 0.1.0
                engine:
                  threads: 2
                  duckdb:
                    memory_limit: 1GiB
                """).file("connections.yml", """
                raw:
                  connector: localfiles
                  entities:
                    orders:
                      read:
                        path: data/orders.csv
                        format: csv
                        columns:
                          id: bigint
                          amount: double
                    products:
                      read:
                        path: data/products.csv
                        format: csv
                        columns:
                          id: bigint
                          name: varchar
                lake:
                  connector: localfiles
                """).file("pipelines/orders_clean.sql", """
                INSERT INTO {{ sink('lake', 'orders_out', strategy: 'replace', format: 'csv', path: 'out/orders/') }}
                select id, amount
                from {{ source('raw', 'orders') }}
                """).file("pipelines/product_catalog.sql", """
                INSERT INTO {{ sink('lake', 'products_out', strategy: 'replace', format: 'csv', path: 'out/products/') }}
                select id, name
                from {{ source('raw', 'products') }}
                """).file("data/orders.csv", "id,amount\n1,25.50\n2,8.00\n3,42.00\n")
                .file("data/products.csv", "id,name\n1,anvil\n2,rocket skates\n");
    }
}
