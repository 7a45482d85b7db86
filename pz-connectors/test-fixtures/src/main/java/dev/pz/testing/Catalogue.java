package dev.pz.testing;

import java.nio.file.Path;
import java.util.Map;

/**
 * The acceptance catalogue's fixture projects (F01–F12), one home for every module's tests.
 * Project files are verbatim; data files are the catalogue's bytes, or deduced where it says so
 * (F03). F12's {@code data/orders.parquet} is binary: the caller seeds it.
 */
public final class Catalogue {

    /** The {@code connectors:} block of a project that declares the localfiles package. */
    public static final String LOCALFILES = "connectors:\n  - package: Pz.Connector.LocalFiles\n    version: 0.1.0";

    public static final String F01_ORDERS = """
            id,customer,amount,created
            1,alice,10.25,2026-01-01T08:00:00Z
            2,bob,20.50,2026-01-01T09:00:00Z
            3,alice,30.75,2026-01-02T08:00:00Z
            4,carol,5.00,2026-01-02T09:00:00Z
            5,bob,15.25,2026-01-03T08:00:00Z
            6,alice,25.00,2026-01-03T09:00:00Z
            7,carol,35.50,2026-01-04T08:00:00Z
            8,bob,45.25,2026-01-04T09:00:00Z
            9,alice,55.00,2026-01-05T08:00:00Z
            10,carol,65.75,2026-01-05T09:00:00Z
            11,bob,75.00,2026-01-06T08:00:00Z
            12,carol,85.25,2026-01-06T09:00:00Z
            """;
    public static final String F01_CONNECTIONS = """
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
            """;
    public static final String F01_PIPELINE = """
            INSERT INTO {{ sink('lake', 'customer_totals', strategy: 'replace', format: 'parquet', path: 'out/') }}
            select customer, count(*) as orders, sum(amount) as total
            from {{ source('files', 'orders') }}
            group by customer
            """;

    public static final String F02_PROJECT = """
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
            """;
    public static final String F02_CONNECTIONS = """
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
            """;
    public static final String F02_STG_ORDERS = """
            select
                id,
                customer_id,
                amount,
                status
            from {{ source('crm', 'orders') }}
            where amount >= {{ var('min_amount') }}
            """;
    public static final String F02_ORDER_TOTALS = """
            INSERT INTO {{ sink('lake', 'order_totals', format: 'csv', path: 'totals/', strategy: 'replace') }}
            select customer_id, sum(amount) as total
            from {{ ref('stg_orders') }}
            group by customer_id
            """;
    public static final String F02_ORDERS_ENRICHED = """
            INSERT INTO {{ sink('lake', 'orders_curated', format: 'parquet', path: 'curated/orders/', strategy: 'replace') }}
            select
                o.id,
                o.amount,
                c.email
            from {{ ref('stg_orders') }} as o
            join {{ source('crm', 'customers') }} as c
              on c.id = o.customer_id
            """;
    public static final String F02_SIDECAR = """
            pipeline: orders_enriched
            materialization: table
            tags: [daily, crm]
            checks:
              - not_null: [id, email]
              - unique: [id]
            """;
    /** The environment of F02's golden compile. */
    public static final Map<String, String> F02_ENV = Map.of("DATA_DIR", "/tmp/pz-data", "OUT_DIR", "/tmp/pz-out");

    public static final String F05_PROJECT = """
            name: retry_basic
            version: 0.1.0
            connectors:
              - package: Pz.Connector.LocalFiles
                version: 0.1.0
            engine:
              threads: 1
            """;
    public static final String F05_CONNECTIONS = """
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
            """;
    /** The orders of F05 retry-basic and F06 watermark-basic. */
    public static final String F05_ORDERS = "id,customer,amount\n1,alice,10.25\n2,bob,20.50\n3,alice,30.75\n4,carol,5.00\n";
    public static final String F05_TOTALS = """
            INSERT INTO {{ sink('lake', 'totals', strategy: 'replace', format: 'parquet', path: 'out/') }}
            select customer, count(*) as orders, sum(amount) as total
            from {{ source('files', 'orders') }}
            group by customer
            """;

    private Catalogue() {
    }

    /** F01 csv-to-parquet: the core end-to-end fixture. */
    public static TestProject f01(Path directory) {
        return TestProject.in(directory).projectYml("csv_to_parquet", LOCALFILES, "engine:\n  threads: 2")
                .file("connections.yml", F01_CONNECTIONS).file("data/orders.csv", F01_ORDERS)
                .file("pipelines/customer_totals.sql", F01_PIPELINE);
    }

    /** F02 hello-pz: validation and compile only, no data files; compile it with {@link #F02_ENV}. */
    public static TestProject f02(Path directory) {
        return TestProject.in(directory).file("project.yml", F02_PROJECT).file("connections.yml", F02_CONNECTIONS)
                .file("pipelines/stg_orders.sql", F02_STG_ORDERS).file("pipelines/order_totals.sql", F02_ORDER_TOTALS)
                .file("pipelines/orders_enriched.sql", F02_ORDERS_ENRICHED)
                .file("pipelines/configs/orders_enriched.yml", F02_SIDECAR);
    }

    /** F03 samples/hello-pz (data deduced, as the catalogue says). */
    public static TestProject f03(Path directory) {
        return TestProject.in(directory)
                .projectYml("hello_pz", LOCALFILES, "vars:\n  min_amount: 10\n  statuses: [shipped, returned]",
                        "engine:\n  threads: 2\n  duckdb:\n    memory_limit: 1GiB")
                .file("connections.yml", """
                        crm:
                          connector: localfiles
                          entities:
                            orders:
                              read:
                                path: data/orders.csv
                                format: csv
                                columns:
                                  id: bigint
                                  customer_id: bigint
                                  amount: double
                                  status: varchar
                        lake:
                          connector: localfiles
                          root: out
                        """)
                .file("pipelines/stg_orders.sql", F02_STG_ORDERS)
                .file("pipelines/order_totals.sql", """
                        INSERT INTO {{ sink('lake', 'order_totals', format: 'csv', strategy: 'replace') }}
                        select customer_id, sum(amount) as total
                        from {{ ref('stg_orders') }}
                        group by customer_id
                        order by customer_id
                        """)
                .file("pipelines/orders_enriched.sql", """
                        INSERT INTO {{ sink('lake','orders_curated', format: 'parquet', strategy: 'replace') }}
                        select
                            o.id,
                            o.amount,
                            c.email
                        from {{ ref('stg_orders') }} as o
                        join {{ source('crm', 'customers', path: 'data/customers.csv', format: 'csv') }} as c
                          on c.id = o.customer_id
                        """)
                .file("pipelines/configs/orders_enriched.yml", F02_SIDECAR)
                .file("data/orders.csv", "id,customer_id,amount,status\n1,1,25.50,shipped\n2,2,8.00,shipped\n"
                        + "3,1,42.00,returned\n4,3,5.00,pending\n5,2,15.75,shipped\n")
                .file("data/customers.csv", "id,email\n1,ada@example.com\n2,grace@example.com\n3,linus@example.com\n");
    }

    /** F04 two-flows. */
    public static TestProject f04(Path directory) {
        return TestProject.in(directory)
                .projectYml("two_flows", LOCALFILES, "engine:\n  threads: 2\n  duckdb:\n    memory_limit: 1GiB")
                .file("connections.yml", """
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
                        """)
                .file("pipelines/orders_clean.sql", """
                        INSERT INTO {{ sink('lake', 'orders_out', strategy: 'replace', format: 'csv', path: 'out/orders/') }}
                        select id, amount
                        from {{ source('raw', 'orders') }}
                        """)
                .file("pipelines/product_catalog.sql", """
                        INSERT INTO {{ sink('lake', 'products_out', strategy: 'replace', format: 'csv', path: 'out/products/') }}
                        select id, name
                        from {{ source('raw', 'products') }}
                        """)
                .file("data/orders.csv", "id,amount\n1,25.50\n2,8.00\n3,42.00\n")
                .file("data/products.csv", "id,name\n1,anvil\n2,rocket skates\n");
    }

    /** F05 retry-basic: one source, one pipeline, one replace sink; most load scenarios change one file of it. */
    public static TestProject f05(Path directory) {
        return TestProject.in(directory).file("project.yml", F05_PROJECT).file("connections.yml", F05_CONNECTIONS)
                .file("pipelines/totals.sql", F05_TOTALS).file("data/orders.csv", F05_ORDERS);
    }

    /** F06 watermark-basic, with the sink call {@code sink} in its pipeline. */
    public static TestProject f06(Path directory, String sink) {
        return TestProject.in(directory)
                .projectYml("watermark_basic", LOCALFILES, "engine:\n  threads: 1")
                .file("connections.yml", F05_CONNECTIONS.replace("\nlake:",
                        "        sync:\n          mode: incremental\n          cursor: id\nlake:"))
                .file("pipelines/totals.sql", "INSERT INTO {{ " + sink + " }}\n"
                        + F05_TOTALS.substring(F05_TOTALS.indexOf('\n') + 1))
                .file("data/orders.csv", F05_ORDERS);
    }

    /** F06 watermark-basic: F05 with an incremental read on {@code id}, into an append sink. */
    public static TestProject f06(Path directory) {
        return f06(directory, "sink('lake', 'totals', strategy: 'append', duplicates: 'accept', format: 'parquet', "
                + "path: 'out/')");
    }

    /** F07 windowed-basic: ids 1..6, windows of 2 from 0 until 6. */
    public static TestProject f07(Path directory) {
        return windowed(directory, "windowed_basic", "\"2\"", "\"0\"", "\"6\"", false, """
                id,customer,amount
                1,alice,10.25
                2,bob,20.50
                3,alice,30.75
                4,carol,5.00
                5,bob,7.50
                6,carol,12.00
                """);
    }

    /** F07's shape with its window, data and tier chosen by the caller ({@code until} may be null). */
    public static TestProject windowed(Path directory, String name, String maxWindow, String initial, String until,
            boolean universal, String csv) {
        String sync = "        sync:\n          mode: incremental\n          cursor: id\n          max_window: " + maxWindow
                + "\n          initial: " + initial + "\n" + (until == null ? "" : "          until: " + until + "\n");
        return TestProject.in(directory)
                .projectYml(name, LOCALFILES, "engine:\n  threads: 1" + (universal ? "\n  force_universal: true" : ""))
                .file("connections.yml", F05_CONNECTIONS.replace("\nlake:", sync + "lake:"))
                .file("pipelines/orders_out.sql", "INSERT INTO {{ sink('lake', 'orders_out', strategy: 'append', "
                        + "duplicates: 'accept', format: '" + (universal ? "csv" : "parquet") + "', path: 'out/') }}\n"
                        + "select id, customer, amount\nfrom {{ source('files', 'orders') }}\n")
                .file("data/orders.csv", csv);
    }

    /**
     * F08 retry-plan-lines: retry and max_concurrency at connection, entity and {@code sink()} level, one
     * entity and one output without any.
     */
    public static TestProject f08(Path directory) {
        return TestProject.in(directory)
                .projectYml("retry_plan_lines", LOCALFILES, "engine:\n  threads: 1")
                .file("connections.yml", """
                        files:
                          connector: localfiles
                          retry:
                            max_attempts: 8
                            base_delay: 2s
                            max_delay: 5m
                          max_concurrency: 2
                          entities:
                            orders:
                              read:
                                path: data/orders.csv
                                format: csv
                                columns:
                                  id: bigint
                                  customer: varchar
                                  amount: double
                                retry:
                                  max_attempts: 10
                                  base_delay: 500ms
                            customers:
                              read:
                                path: data/customers.csv
                                format: csv
                                columns:
                                  id: bigint
                                  name: varchar

                        lake:
                          connector: localfiles
                          max_concurrency: 3
                        """)
                .file("pipelines/totals.sql", """
                        INSERT INTO [{{ sink('lake', 'totals', strategy: 'replace', retry: { max_attempts: 4, \
                        base_delay: '1s', max_delay: '90s' }, format: 'parquet', path: 'out/totals/') }}, \
                        {{ sink('lake', 'raw', strategy: 'replace', format: 'csv', path: 'out/raw/') }}]
                        select customer, count(*) as orders, sum(amount) as total
                        from {{ source('files', 'orders') }}
                        group by customer
                        """);
    }

    /** F09 retry-reuse-e2e: one incremental source fanned out to two append sinks, {@code ok} and {@code flaky}. */
    public static TestProject f09(Path directory) {
        return TestProject.in(directory).projectYml("retry_reuse_e2e", "engine:", "  threads: 1")
                .file("connections.yml", """
                        crm:
                          connector: localfiles
                          entities:
                            orders:
                              read:
                                path: orders.csv
                                format: csv
                                columns: {id: bigint, name: varchar}
                                sync:
                                  mode: incremental
                                  cursor: id
                        flaky: {connector: localfiles}
                        ok: {connector: localfiles}
                        """)
                .file("pipelines/stg_orders.sql", """
                        INSERT INTO [{{ sink('ok', 'ok', strategy: 'append', duplicates: 'accept', format: 'parquet', \
                        path: 'out_ok/') }}, {{ sink('flaky', 'flaky', strategy: 'append', duplicates: 'accept', \
                        format: 'parquet', path: 'out_flaky/') }}]
                        select * from {{ source('crm', 'orders') }}
                        """)
                .file("orders.csv", "id,name\n1,alice\n2,bob\n3,carol\n4,dave\n5,erin\n");
    }

    /** F10 retry-two-branches. */
    public static TestProject f10(Path directory) {
        String contract = """
                        format: csv
                        columns:
                          id: bigint
                          customer: varchar
                          amount: double
                """;
        return TestProject.in(directory)
                .projectYml("retry_two_branches", LOCALFILES, "engine:\n  threads: 2")
                .file("connections.yml", "files:\n  connector: localfiles\n  entities:\n    orders_a:\n      read:\n"
                        + "        path: data/orders_a.csv\n" + contract + "    orders_b:\n      read:\n"
                        + "        path: data/orders_b.csv\n" + contract + "lake:\n  connector: localfiles\n")
                .file("pipelines/totals_a.sql", """
                        INSERT INTO {{ sink('lake', 'totals_a', strategy: 'replace', format: 'parquet', path: 'out_a/') }}
                        select customer, count(*) as orders, sum(amount) as total
                        from {{ source('files', 'orders_a') }}
                        group by customer
                        """)
                .file("pipelines/totals_b.sql", """
                        INSERT INTO {{ sink('lake', 'totals_b', strategy: 'replace', format: 'parquet', path: 'out_b/') }}
                        select customer, count(*) as orders, sum(amount) as total
                        from {{ source('files', 'orders_b') }}
                        group by customer
                        """)
                .file("data/orders_a.csv", "id,customer,amount\n1,alice,10.25\n2,bob,20.50\n3,alice,30.75\n")
                .file("data/orders_b.csv", "id,customer,amount\n1,dave,5.00\n2,erin,15.00\n3,dave,25.00\n");
    }

    /** F11 json-to-json. */
    public static TestProject f11(Path directory) {
        return TestProject.in(directory)
                .projectYml("json_to_json", LOCALFILES, "engine:\n  threads: 2")
                .file("connections.yml", """
                        files:
                          connector: localfiles
                          entities:
                            events:
                              read:
                                path: data/events.json
                                format: json
                                columns:
                                  id: bigint
                                  customer: varchar
                                  amount: double
                        lake:
                          connector: localfiles
                        """)
                .file("pipelines/customer_totals.sql", """
                        INSERT INTO {{ sink('lake', 'customer_totals', strategy: 'replace', format: 'json', path: 'out/') }}
                        select customer, count(*) as orders, sum(amount) as total
                        from {{ source('files', 'events') }}
                        group by customer
                        """)
                .file("data/events.json", """
                        {"id":1,"customer":"Ada","amount":100.25}
                        {"id":2,"customer":"Ada","amount":50.25}
                        {"id":3,"customer":"Grace","amount":200.00}
                        {"id":4,"customer":"Grace","amount":18.00}
                        {"id":5,"customer":"Linus","amount":100.00}
                        """);
    }

    /** F12 parquet-to-csv without its data: the caller writes {@code data/orders.parquet}. */
    public static TestProject f12(Path directory) {
        return TestProject.in(directory)
                .projectYml("parquet_to_csv", LOCALFILES, "engine:\n  threads: 2")
                .file("connections.yml", """
                        files:
                          connector: localfiles
                          entities:
                            orders:
                              read:
                                path: data/orders.parquet
                                format: parquet
                        lake:
                          connector: localfiles
                        """)
                .file("pipelines/customer_totals.sql", """
                        INSERT INTO {{ sink('lake', 'customer_totals', strategy: 'replace', format: 'csv', path: 'out/') }}
                        select customer, count(*) as orders, sum(amount) as total
                        from {{ source('files', 'orders') }}
                        group by customer
                        order by customer
                        """);
    }
}
