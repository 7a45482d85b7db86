package dev.pz.engine.compile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.engine.load.ProjectLoader;
import dev.pz.engine.model.Project;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Verbatim fixtures of the acceptance catalogue (F02, F04, F08), written into a directory and compiled. */
final class Fixtures {
    static final String F02_PROJECT = """
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
    static final String F02_CONNECTIONS = """
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
    static final String F02_STG_ORDERS = """
            select
                id,
                customer_id,
                amount,
                status
            from {{ source('crm', 'orders') }}
            where amount >= {{ var('min_amount') }}
            """;
    static final String F02_ORDER_TOTALS = """
            INSERT INTO {{ sink('lake', 'order_totals', format: 'csv', path: 'totals/', strategy: 'replace') }}
            select customer_id, sum(amount) as total
            from {{ ref('stg_orders') }}
            group by customer_id
            """;
    static final String F02_ORDERS_ENRICHED = """
            INSERT INTO {{ sink('lake', 'orders_curated', format: 'parquet', path: 'curated/orders/', strategy: 'replace') }}
            select
                o.id,
                o.amount,
                c.email
            from {{ ref('stg_orders') }} as o
            join {{ source('crm', 'customers') }} as c
              on c.id = o.customer_id
            """;
    static final String F02_SIDECAR = """
            pipeline: orders_enriched
            materialization: table
            tags: [daily, crm]
            checks:
              - not_null: [id, email]
              - unique: [id]
            """;

    private final Path directory;
    private final Map<String, String> env = new HashMap<>();

    private Fixtures(Path directory) {
        this.directory = directory;
    }

    static Fixtures in(Path directory) {
        return new Fixtures(directory);
    }

    /** F02 hello-pz, with the golden compile's environment (DATA_DIR=/tmp/pz-data, OUT_DIR=/tmp/pz-out). */
    static Fixtures f02(Path directory) {
        return new Fixtures(directory).file("project.yml", F02_PROJECT).file("connections.yml", F02_CONNECTIONS)
                .file("pipelines/stg_orders.sql", F02_STG_ORDERS).file("pipelines/order_totals.sql", F02_ORDER_TOTALS)
                .file("pipelines/orders_enriched.sql", F02_ORDERS_ENRICHED)
                .file("pipelines/configs/orders_enriched.yml", F02_SIDECAR)
                .env("DATA_DIR", "/tmp/pz-data").env("OUT_DIR", "/tmp/pz-out");
    }

    /** A small project with a files/lake localfiles pair; pipelines are added by the test. */
    static Fixtures lake(Path directory) {
        return new Fixtures(directory).file("project.yml", "name: t\nversion: 0.1.0\n").file("connections.yml", """
                files:
                  connector: localfiles
                  entities:
                    orders:
                      read:
                        path: data/orders.csv
                        format: csv
                        columns: {id: bigint, customer: varchar, amount: double, updated_at: timestamp}
                    customers:
                      read:
                        path: data/customers.csv
                        format: csv
                        columns: {id: bigint, name: varchar}
                lake:
                  connector: localfiles
                """);
    }

    Fixtures file(String relative, String text) {
        try {
            Path path = directory.resolve(relative);
            Files.createDirectories(path.getParent());
            Files.writeString(path, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    Fixtures delete(String relative) {
        try {
            Files.delete(directory.resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    Fixtures env(String name, String value) {
        env.put(name, value);
        return this;
    }

    Path path() {
        return directory;
    }

    Project load() {
        return ProjectLoader.load(directory, env, Map.of());
    }

    CompiledDag compile() {
        return DagCompiler.compile(load(), RenderContext.forCompile(env));
    }

    /** Every error of a load + compile that must fail. */
    List<PzError> errors() {
        PzValidationException failure = catchThrowableOfType(PzValidationException.class, this::compile);
        assertThat(failure).as("the compile should fail").isNotNull();
        return failure.errors();
    }

    static Node byName(CompiledDag dag, String name) {
        return dag.byName(name).orElseThrow(() -> new AssertionError("no node " + name + " in "
                + dag.nodes().stream().map(Node::name).toList()));
    }
}
