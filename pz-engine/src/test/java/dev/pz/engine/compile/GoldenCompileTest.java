package dev.pz.engine.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.engine.artifacts.CompileArtifacts;
import dev.pz.engine.model.Project;
import dev.pz.testing.Catalogue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** F15 golden compile of F02: manifest.json and compiled/*.sql, byte for byte; compiling twice is identical. */
class GoldenCompileTest {

    @TempDir
    Path temp;

    private CompiledDag write(Fixtures fixture) {
        Project project = fixture.load();
        CompiledDag dag = fixture.compile();
        Set<String> all = dag.nodes().stream().map(Node::id).collect(Collectors.toCollection(LinkedHashSet::new));
        assertThat(CompileArtifacts.write(project, dag, all)).isEqualTo(9);
        return dag;
    }

    @Test
    void compiledSqlIsExact() throws IOException {
        write(Fixtures.f02(temp));
        Path compiled = temp.resolve(".pz/target/compiled");
        assertThat(Files.readString(compiled.resolve("stg_orders.sql"))).isEqualTo("""
                select
                    id,
                    customer_id,
                    amount,
                    status
                from staging.src_crm__orders
                where amount >= 10
                """);
        assertThat(Files.readString(compiled.resolve("order_totals.sql"))).isEqualTo("""
                -- output: lake.order_totals (csv, replace)
                select customer_id, sum(amount) as total
                from staging.stg_orders
                group by customer_id
                """);
        assertThat(Files.readString(compiled.resolve("orders_enriched.sql"))).isEqualTo("""
                -- output: lake.orders_curated (parquet, replace)
                select
                    o.id,
                    o.amount,
                    c.email
                from staging.stg_orders as o
                join staging.src_crm__customers as c
                  on c.id = o.customer_id
                """);
        try (Stream<Path> files = Files.list(compiled)) {
            assertThat(files.map(path -> path.getFileName().toString()).sorted())
                    .containsExactly("order_totals.sql", "orders_enriched.sql", "stg_orders.sql");
        }
    }

    @Test
    void manifestIsExact() throws IOException {
        CompiledDag dag = write(Fixtures.f02(temp));
        String totalsSink = Fixtures.byName(dag, "lake.order_totals").id();
        String curatedSink = Fixtures.byName(dag, "lake.orders_curated").id();
        String expected = """
                {
                  "project": "hello_pz",
                  "version": "0.1.0",
                  "generatedBy": "pz",
                  "nodes": [
                    {
                      "id": "59489ad607b22cf9",
                      "kind": "source_load",
                      "name": "src_crm__customers",
                      "dependsOn": [],
                      "tags": [],
                      "file": "connections.yml"
                    },
                    {
                      "id": "cddc6e19a966dea0",
                      "kind": "source_load",
                      "name": "src_crm__orders",
                      "dependsOn": [],
                      "tags": [],
                      "file": "connections.yml"
                    },
                    {
                      "id": "c12d90246f26ce45",
                      "kind": "pipeline",
                      "name": "stg_orders",
                      "dependsOn": [
                        "cddc6e19a966dea0"
                      ],
                      "tags": [],
                      "file": "pipelines/stg_orders.sql"
                    },
                    {
                      "id": "e57c0c96391041ac",
                      "kind": "pipeline",
                      "name": "order_totals",
                      "dependsOn": [
                        "c12d90246f26ce45"
                      ],
                      "tags": [],
                      "file": "pipelines/order_totals.sql"
                    },
                    {
                      "id": "e1ac44ee45ce6ff1",
                      "kind": "pipeline",
                      "name": "orders_enriched",
                      "dependsOn": [
                        "59489ad607b22cf9",
                        "c12d90246f26ce45"
                      ],
                      "tags": [
                        "daily",
                        "crm"
                      ],
                      "file": "pipelines/orders_enriched.sql"
                    },
                    {
                      "id": "920c5730ad9bb632",
                      "kind": "check",
                      "name": "check_orders_enriched_not_null_id_email",
                      "dependsOn": [
                        "e1ac44ee45ce6ff1"
                      ],
                      "tags": [],
                      "file": "pipelines/orders_enriched.sql"
                    },
                    {
                      "id": "ef802d36ac370b28",
                      "kind": "check",
                      "name": "check_orders_enriched_unique_id",
                      "dependsOn": [
                        "e1ac44ee45ce6ff1"
                      ],
                      "tags": [],
                      "file": "pipelines/orders_enriched.sql"
                    },
                    {
                      "id": "TOTALS",
                      "kind": "sink_write",
                      "name": "lake.order_totals",
                      "dependsOn": [
                        "e57c0c96391041ac"
                      ],
                      "tags": [],
                      "file": "connections.yml"
                    },
                    {
                      "id": "CURATED",
                      "kind": "sink_write",
                      "name": "lake.orders_curated",
                      "dependsOn": [
                        "e1ac44ee45ce6ff1"
                      ],
                      "tags": [],
                      "file": "connections.yml"
                    }
                  ]
                }
                """.replace("TOTALS", totalsSink).replace("CURATED", curatedSink);
        assertThat(Files.readString(temp.resolve(".pz/target/manifest.json"))).isEqualTo(expected);
    }

    @Test
    void compilingTwiceIsByteIdentical() throws IOException {
        write(Fixtures.f02(temp));
        byte[] manifest = Files.readAllBytes(temp.resolve(".pz/target/manifest.json"));
        byte[] enriched = Files.readAllBytes(temp.resolve(".pz/target/compiled/orders_enriched.sql"));
        write(Fixtures.f02(temp));
        assertThat(Files.readAllBytes(temp.resolve(".pz/target/manifest.json"))).isEqualTo(manifest);
        assertThat(Files.readAllBytes(temp.resolve(".pz/target/compiled/orders_enriched.sql"))).isEqualTo(enriched);
    }

    @Test
    void compiledSqlHasNoCarriageReturnsEvenFromCrlfSources() throws IOException {
        write(Fixtures.f02(temp).file("pipelines/stg_orders.sql", Catalogue.F02_STG_ORDERS.replace("\n", "\r\n")));
        String sql = Files.readString(temp.resolve(".pz/target/compiled/stg_orders.sql"));
        assertThat(sql).doesNotContain("\r").endsWith("where amount >= 10\n").doesNotEndWith("\n\n");
    }

    @Test
    void fanOutPipelineGetsOneSortedHeaderLinePerOutput() throws IOException {
        Fixtures fixture = Fixtures.lake(temp).file("pipelines/totals.sql", """
                INSERT INTO [{{ sink('lake', 'totals', strategy: 'replace', format: 'parquet') }}, {{ sink('lake', 'raw') }}]
                select customer, count(*) as orders
                from {{ source('files', 'orders') }}
                group by customer
                """);
        Project project = fixture.load();
        CompiledDag dag = fixture.compile();
        CompileArtifacts.write(project, dag, dag.nodes().stream().map(Node::id).collect(Collectors.toSet()));
        assertThat(Files.readString(temp.resolve(".pz/target/compiled/totals.sql"))).startsWith("""
                -- output: lake.raw (append)
                -- output: lake.totals (parquet, replace)
                select customer""");
    }
}
