package dev.pz.cli;

import java.nio.file.Path;

/** The acceptance catalogue's verbatim fixtures (spec acceptance.md §1), written into a directory. */
public final class Fixtures {

    public static final String LOCALFILES = "connectors:\n  - package: Pz.Connector.LocalFiles\n    version: 0.1.0";

    public static final String F01_ORDERS = "id,customer,amount,created\n"
            + "1,alice,10.25,2026-01-01T08:00:00Z\n"
            + "2,bob,20.50,2026-01-01T09:00:00Z\n"
            + "3,alice,30.75,2026-01-02T08:00:00Z\n"
            + "4,carol,5.00,2026-01-02T09:00:00Z\n"
            + "5,bob,15.25,2026-01-03T08:00:00Z\n"
            + "6,alice,25.00,2026-01-03T09:00:00Z\n"
            + "7,carol,35.50,2026-01-04T08:00:00Z\n"
            + "8,bob,45.25,2026-01-04T09:00:00Z\n"
            + "9,alice,55.00,2026-01-05T08:00:00Z\n"
            + "10,carol,65.75,2026-01-05T09:00:00Z\n"
            + "11,bob,75.00,2026-01-06T08:00:00Z\n"
            + "12,carol,85.25,2026-01-06T09:00:00Z\n";

    public static final String F01_CONNECTIONS = "files:\n  connector: localfiles\n  entities:\n    orders:\n      read:\n"
            + "        path: data/orders.csv\n        format: csv\n        columns:\n          id: bigint\n"
            + "          customer: varchar\n          amount: double\n          created: timestamp\n\n"
            + "lake:\n  connector: localfiles\n";

    public static final String F01_PIPELINE = "INSERT INTO {{ sink('lake', 'customer_totals', strategy: 'replace', format: "
            + "'parquet', path: 'out/') }}\nselect customer, count(*) as orders, sum(amount) as total\n"
            + "from {{ source('files', 'orders') }}\ngroup by customer\n";

    private Fixtures() {
    }

    /** F01 csv-to-parquet. */
    public static TestProject f01(Path directory) {
        return TestProject.in(directory)
                .projectYml("csv_to_parquet", LOCALFILES, "engine:\n  threads: 2")
                .file("connections.yml", F01_CONNECTIONS)
                .file("data/orders.csv", F01_ORDERS)
                .file("pipelines/customer_totals.sql", F01_PIPELINE);
    }

    /** F04 two-flows. */
    public static TestProject f04(Path directory) {
        return TestProject.in(directory)
                .projectYml("two_flows", LOCALFILES, "engine:\n  threads: 2\n  duckdb:\n    memory_limit: 1GiB")
                .file("connections.yml", "raw:\n  connector: localfiles\n  entities:\n    orders:\n      read:\n"
                        + "        path: data/orders.csv\n        format: csv\n        columns:\n          id: bigint\n"
                        + "          amount: double\n    products:\n      read:\n        path: data/products.csv\n"
                        + "        format: csv\n        columns:\n          id: bigint\n          name: varchar\n"
                        + "lake:\n  connector: localfiles\n")
                .file("pipelines/orders_clean.sql", "INSERT INTO {{ sink('lake', 'orders_out', strategy: 'replace', "
                        + "format: 'csv', path: 'out/orders/') }}\nselect id, amount\nfrom {{ source('raw', 'orders') }}\n")
                .file("pipelines/product_catalog.sql", "INSERT INTO {{ sink('lake', 'products_out', strategy: "
                        + "'replace', format: 'csv', path: 'out/products/') }}\nselect id, name\n"
                        + "from {{ source('raw', 'products') }}\n")
                .file("data/orders.csv", "id,amount\n1,25.50\n2,8.00\n3,42.00\n")
                .file("data/products.csv", "id,name\n1,anvil\n2,rocket skates\n");
    }

    /** F03 samples/hello-pz (data deduced, as the catalogue says). */
    public static TestProject f03(Path directory) {
        return TestProject.in(directory)
                .projectYml("hello_pz", LOCALFILES, "vars:\n  min_amount: 10\n  statuses: [shipped, returned]",
                        "engine:\n  threads: 2\n  duckdb:\n    memory_limit: 1GiB")
                .file("connections.yml", "crm:\n  connector: localfiles\n  entities:\n    orders:\n      read:\n"
                        + "        path: data/orders.csv\n        format: csv\n        columns:\n          id: bigint\n"
                        + "          customer_id: bigint\n          amount: double\n          status: varchar\n"
                        + "lake:\n  connector: localfiles\n  root: out\n")
                .file("pipelines/stg_orders.sql", "select\n    id,\n    customer_id,\n    amount,\n    status\n"
                        + "from {{ source('crm', 'orders') }}\nwhere amount >= {{ var('min_amount') }}\n")
                .file("pipelines/order_totals.sql", "INSERT INTO {{ sink('lake', 'order_totals', format: 'csv', "
                        + "strategy: 'replace') }}\nselect customer_id, sum(amount) as total\n"
                        + "from {{ ref('stg_orders') }}\ngroup by customer_id\norder by customer_id\n")
                .file("pipelines/orders_enriched.sql", "INSERT INTO {{ sink('lake','orders_curated', format: "
                        + "'parquet', strategy: 'replace') }}\nselect\n    o.id,\n    o.amount,\n    c.email\n"
                        + "from {{ ref('stg_orders') }} as o\njoin {{ source('crm', 'customers', path: "
                        + "'data/customers.csv', format: 'csv') }} as c\n  on c.id = o.customer_id\n")
                .file("pipelines/configs/orders_enriched.yml", "pipeline: orders_enriched\nmaterialization: table\n"
                        + "tags: [daily, crm]\nchecks:\n  - not_null: [id, email]\n  - unique: [id]\n")
                .file("data/orders.csv", "id,customer_id,amount,status\n1,1,25.50,shipped\n2,2,8.00,shipped\n"
                        + "3,1,42.00,returned\n4,3,5.00,pending\n5,2,15.75,shipped\n")
                .file("data/customers.csv", "id,email\n1,ada@example.com\n2,grace@example.com\n3,linus@example.com\n");
    }

    /** The orders of F05 retry-basic and F06 watermark-basic. */
    public static final String F05_ORDERS = "id,customer,amount\n1,alice,10.25\n2,bob,20.50\n3,alice,30.75\n4,carol,5.00\n";

    private static final String FILES_ORDERS_CONTRACT = "files:\n  connector: localfiles\n  entities:\n    orders:\n"
            + "      read:\n        path: data/orders.csv\n        format: csv\n        columns:\n          id: bigint\n"
            + "          customer: varchar\n          amount: double\n";

    /** F05 retry-basic: one source, one pipeline, one replace sink. */
    public static TestProject f05(Path directory) {
        return TestProject.in(directory)
                .projectYml("retry_basic", LOCALFILES, "engine:\n  threads: 1")
                .file("connections.yml", FILES_ORDERS_CONTRACT + "\nlake:\n  connector: localfiles\n")
                .file("pipelines/totals.sql", "INSERT INTO {{ sink('lake', 'totals', strategy: 'replace', format: "
                        + "'parquet', path: 'out/') }}\nselect customer, count(*) as orders, sum(amount) as total\n"
                        + "from {{ source('files', 'orders') }}\ngroup by customer\n")
                .file("data/orders.csv", F05_ORDERS);
    }

    /** F06 watermark-basic, with the sink call {@code sink} in its pipeline. */
    public static TestProject f06(Path directory, String sink) {
        return TestProject.in(directory)
                .projectYml("watermark_basic", LOCALFILES, "engine:\n  threads: 1")
                .file("connections.yml", FILES_ORDERS_CONTRACT + "        sync:\n          mode: incremental\n"
                        + "          cursor: id\nlake:\n  connector: localfiles\n")
                .file("pipelines/totals.sql", "INSERT INTO {{ " + sink + " }}\n"
                        + "select customer, count(*) as orders, sum(amount) as total\n"
                        + "from {{ source('files', 'orders') }}\ngroup by customer\n")
                .file("data/orders.csv", F05_ORDERS);
    }

    /** F06 watermark-basic. */
    public static TestProject f06(Path directory) {
        return f06(directory, "sink('lake', 'totals', strategy: 'append', duplicates: 'accept', format: 'parquet', "
                + "path: 'out/')");
    }

    /** F07 windowed-basic: ids 1..6, windows of 2 from 0 until 6. */
    public static TestProject f07(Path directory) {
        return windowed(directory, "windowed_basic", "\"2\"", "\"0\"", "\"6\"", false,
                "id,customer,amount\n1,alice,10.25\n2,bob,20.50\n3,alice,30.75\n4,carol,5.00\n5,bob,7.50\n6,carol,12.00\n");
    }

    /** F07's shape with its window, data and tier chosen by the caller ({@code until} may be null). */
    public static TestProject windowed(Path directory, String name, String maxWindow, String initial, String until,
            boolean universal, String csv) {
        return TestProject.in(directory)
                .projectYml(name, LOCALFILES, "engine:\n  threads: 1" + (universal ? "\n  force_universal: true" : ""))
                .file("connections.yml", FILES_ORDERS_CONTRACT + "        sync:\n"
                        + "          mode: incremental\n          cursor: id\n          max_window: " + maxWindow + "\n"
                        + "          initial: " + initial + "\n" + (until == null ? "" : "          until: " + until + "\n")
                        + "lake:\n  connector: localfiles\n")
                .file("pipelines/orders_out.sql", "INSERT INTO {{ sink('lake', 'orders_out', strategy: 'append', "
                        + "duplicates: 'accept', format: '" + (universal ? "csv" : "parquet") + "', path: 'out/') }}\n"
                        + "select id, customer, amount\n"
                        + "from {{ source('files', 'orders') }}\n")
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
                .file("pipelines/totals.sql", "INSERT INTO [{{ sink('lake', 'totals', strategy: 'replace', retry: "
                        + "{ max_attempts: 4, base_delay: '1s', max_delay: '90s' }, format: 'parquet', path: "
                        + "'out/totals/') }}, {{ sink('lake', 'raw', strategy: 'replace', format: 'csv', path: "
                        + "'out/raw/') }}]\nselect customer, count(*) as orders, sum(amount) as total\n"
                        + "from {{ source('files', 'orders') }}\ngroup by customer\n");
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
                .file("pipelines/stg_orders.sql", "INSERT INTO [{{ sink('ok', 'ok', strategy: 'append', duplicates: "
                        + "'accept', format: 'parquet', path: 'out_ok/') }}, {{ sink('flaky', 'flaky', strategy: "
                        + "'append', duplicates: 'accept', format: 'parquet', path: 'out_flaky/') }}]\n"
                        + "select * from {{ source('crm', 'orders') }}\n")
                .file("orders.csv", "id,name\n1,alice\n2,bob\n3,carol\n4,dave\n5,erin\n");
    }

    /** F10 retry-two-branches. */
    public static TestProject f10(Path directory) {
        String contract = "        format: csv\n        columns:\n          id: bigint\n          customer: varchar\n"
                + "          amount: double\n";
        return TestProject.in(directory)
                .projectYml("retry_two_branches", LOCALFILES, "engine:\n  threads: 2")
                .file("connections.yml", "files:\n  connector: localfiles\n  entities:\n    orders_a:\n      read:\n"
                        + "        path: data/orders_a.csv\n" + contract + "    orders_b:\n      read:\n"
                        + "        path: data/orders_b.csv\n" + contract + "lake:\n  connector: localfiles\n")
                .file("pipelines/totals_a.sql", "INSERT INTO {{ sink('lake', 'totals_a', strategy: 'replace', format: "
                        + "'parquet', path: 'out_a/') }}\nselect customer, count(*) as orders, sum(amount) as total\n"
                        + "from {{ source('files', 'orders_a') }}\ngroup by customer\n")
                .file("pipelines/totals_b.sql", "INSERT INTO {{ sink('lake', 'totals_b', strategy: 'replace', format: "
                        + "'parquet', path: 'out_b/') }}\nselect customer, count(*) as orders, sum(amount) as total\n"
                        + "from {{ source('files', 'orders_b') }}\ngroup by customer\n")
                .file("data/orders_a.csv", "id,customer,amount\n1,alice,10.25\n2,bob,20.50\n3,alice,30.75\n")
                .file("data/orders_b.csv", "id,customer,amount\n1,dave,5.00\n2,erin,15.00\n3,dave,25.00\n");
    }

    /** F11 json-to-json. */
    public static TestProject f11(Path directory) {
        return TestProject.in(directory)
                .projectYml("json_to_json", LOCALFILES, "engine:\n  threads: 2")
                .file("connections.yml", "files:\n  connector: localfiles\n  entities:\n    events:\n      read:\n"
                        + "        path: data/events.json\n        format: json\n        columns:\n          id: bigint\n"
                        + "          customer: varchar\n          amount: double\nlake:\n  connector: localfiles\n")
                .file("pipelines/customer_totals.sql", "INSERT INTO {{ sink('lake', 'customer_totals', strategy: "
                        + "'replace', format: 'json', path: 'out/') }}\nselect customer, count(*) as orders, "
                        + "sum(amount) as total\nfrom {{ source('files', 'events') }}\ngroup by customer\n")
                .file("data/events.json", "{\"id\":1,\"customer\":\"Ada\",\"amount\":100.25}\n"
                        + "{\"id\":2,\"customer\":\"Ada\",\"amount\":50.25}\n"
                        + "{\"id\":3,\"customer\":\"Grace\",\"amount\":200.00}\n"
                        + "{\"id\":4,\"customer\":\"Grace\",\"amount\":18.00}\n"
                        + "{\"id\":5,\"customer\":\"Linus\",\"amount\":100.00}\n");
    }

    /** F12 parquet-to-csv, with data/orders.parquet seeded through DuckDB as the catalogue says. */
    public static TestProject f12(Path directory) {
        TestProject project = TestProject.in(directory)
                .projectYml("parquet_to_csv", LOCALFILES, "engine:\n  threads: 2")
                .file("connections.yml", "files:\n  connector: localfiles\n  entities:\n    orders:\n      read:\n"
                        + "        path: data/orders.parquet\n        format: parquet\nlake:\n  connector: localfiles\n")
                .file("pipelines/customer_totals.sql", "INSERT INTO {{ sink('lake', 'customer_totals', strategy: "
                        + "'replace', format: 'csv', path: 'out/') }}\nselect customer, count(*) as orders, "
                        + "sum(amount) as total\nfrom {{ source('files', 'orders') }}\ngroup by customer\n"
                        + "order by customer\n");
        try {
            java.nio.file.Files.createDirectories(directory.resolve("data"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        Duck.execute("COPY (SELECT * FROM (VALUES (1,'alice',10.25),(2,'bob',20.50),(3,'alice',30.75),(4,'carol',5.00),"
                + "(5,'bob',15.25),(6,'alice',25.00),(7,'carol',35.50),(8,'bob',45.25),(9,'alice',25.00),"
                + "(10,'carol',65.00)) t(id, customer, amount)) TO '" + directory.resolve("data/orders.parquet")
                + "' (FORMAT parquet)");
        return project;
    }
}
