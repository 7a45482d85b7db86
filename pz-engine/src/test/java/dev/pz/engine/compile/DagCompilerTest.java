package dev.pz.engine.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.engine.model.PzWarning;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The compile rules the DAG compiler owns, each error code with its fragments. */
class DagCompilerTest {

    @TempDir
    Path temp;

    private Fixtures lake() {
        return Fixtures.lake(temp);
    }

    /** The single error of a compile that must fail, with its code and rendered fragments. */
    private static PzError single(Fixtures fixture, PzCode code, String... fragments) {
        List<PzError> errors = fixture.errors();
        assertThat(errors).as("errors: %s", errors).hasSize(1);
        PzError error = errors.get(0);
        assertThat(error.code()).as(error.render()).isEqualTo(code);
        for (String fragment : fragments) {
            assertThat(error.render()).contains(fragment);
        }
        return error;
    }

    // ---- PZ0201 unresolved ----------------------------------------------------------------------

    @Test
    void refToUnknownPipelineIsPz0201() {
        single(lake().file("pipelines/p.sql", "select * from {{ ref('nope') }}\n"), PzCode.UNRESOLVED_REF, "nope",
                "pipelines/p.sql");
    }

    @Test
    void sinkToUnknownConnectionIsPz0201() {
        single(lake().file("pipelines/p.sql", "INSERT INTO {{ sink('nope', 'x') }}\nselect * from {{ source('files', 'orders') }}\n"),
                PzCode.UNRESOLVED_REF, "nope");
    }

    @Test
    void sourceOfUnknownConnectionIsPz0201() {
        single(lake().file("pipelines/p.sql", "INSERT INTO {{ sink('lake', 'x') }}\nselect * from {{ source('nope', 'orders') }}\n"),
                PzCode.UNRESOLVED_REF, "nope");
    }

    // ---- PZ0202 cycles ----------------------------------------------------------------------------

    @Test
    void refCycleIsPz0202() {
        PzError error = single(lake().file("pipelines/a.sql", "select * from {{ ref('b') }}\n")
                .file("pipelines/b.sql", "select * from {{ ref('a') }}\n"), PzCode.CYCLE, "a", "b");
        assertThat(error.message()).contains("cycle");
    }

    @Test
    void selfRefIsACycle() {
        single(lake().file("pipelines/a.sql", "select * from {{ ref('a') }}\n"), PzCode.CYCLE, "a");
    }

    // ---- ephemeral: CTE inlining, PZ0204, PZ0205, PZ0208 --------------------------------------

    @Test
    void ephemeralIsInlinedAsACteAndHasNoNode() {
        CompiledDag dag = lake().file("pipelines/eph.sql", "select * from {{ source('files', 'orders') }}\n")
                .file("pipelines/configs/eph.yml", "pipeline: eph\nmaterialization: ephemeral\n")
                .file("pipelines/p.sql", "INSERT INTO {{ sink('lake', 'out') }}\nselect * from {{ ref('eph') }}\n")
                .compile();
        assertThat(dag.byName("eph")).isEmpty();
        PipelineNode p = (PipelineNode) Fixtures.byName(dag, "p");
        assertThat(p.sql()).contains("with __pz_cte__eph as (", "select * from __pz_cte__eph");
        // the ephemeral's source becomes the consumer's dependency
        assertThat(p.dependsOn()).containsExactly(Fixtures.byName(dag, "src_files__orders").id());
    }

    @Test
    void ephemeralRefingEphemeralIsPz0204() {
        single(lake().file("pipelines/e1.sql", "select * from {{ source('files', 'orders') }}\n")
                .file("pipelines/configs/e1.yml", "pipeline: e1\nmaterialization: ephemeral\n")
                .file("pipelines/e2.sql", "select * from {{ ref('e1') }}\n")
                .file("pipelines/configs/e2.yml", "pipeline: e2\nmaterialization: ephemeral\n")
                .file("pipelines/p.sql", "INSERT INTO {{ sink('lake', 'out') }}\nselect * from {{ ref('e2') }}\n"),
                PzCode.EPHEMERAL_CHAIN, "e2", "e1");
    }

    @Test
    void checksOnEphemeralArePz0205PerPipelineAtItsSqlFile() {
        List<PzError> errors = lake()
                .file("pipelines/e1.sql", "select * from {{ source('files', 'orders') }}\n")
                .file("pipelines/configs/e1.yml", "pipeline: e1\nmaterialization: ephemeral\nchecks:\n  - not_null: [id]\n")
                .file("pipelines/e2.sql", "select * from {{ source('files', 'customers') }}\n")
                .file("pipelines/configs/e2.yml", "pipeline: e2\nmaterialization: ephemeral\nchecks:\n  - unique: [id]\n")
                .file("pipelines/p.sql", "INSERT INTO {{ sink('lake', 'out') }}\n"
                        + "select * from {{ ref('e1') }} join {{ ref('e2') }} using (id)\n")
                .errors();
        assertThat(errors).extracting(PzError::code).containsExactly(PzCode.CHECKS_ON_EPHEMERAL,
                PzCode.CHECKS_ON_EPHEMERAL);
        assertThat(errors).extracting(PzError::file).containsExactly("pipelines/e1.sql", "pipelines/e2.sql");
    }

    @Test
    void sinkOnEphemeralIsPz0208() {
        single(lake().file("pipelines/e.sql", "INSERT INTO {{ sink('lake', 'out') }}\nselect * from {{ source('files', 'orders') }}\n")
                .file("pipelines/configs/e.yml", "pipeline: e\nmaterialization: ephemeral\n")
                .file("pipelines/p.sql", "INSERT INTO {{ sink('lake', 'x') }}\nselect * from {{ ref('e') }}\n"),
                PzCode.INVALID_SINK_CALL, "e");
    }

    // ---- sinks: PZ0206, PZ0208, PZ0209, PZ0211, fan-out ------------------------------------------

    @Test
    void twoPipelinesClaimingOneOutputIsOnePz0206() {
        PzError error = single(lake()
                .file("pipelines/a.sql", "INSERT INTO {{ sink('lake', 'out') }}\nselect * from {{ source('files', 'orders') }}\n")
                .file("pipelines/b.sql", "INSERT INTO {{ sink('lake', 'out', strategy: 'replace') }}\n"
                        + "select * from {{ source('files', 'customers') }}\n"),
                PzCode.SINK_BINDING_CONFLICT, "lake.out", "a", "b");
        assertThat(error.file()).isEqualTo("pipelines/a.sql");
    }

    @Test
    void twoNonListSinkCallsArePz0208() {
        single(lake().file("pipelines/p.sql", "INSERT INTO {{ sink('lake', 'x') }}\nINSERT INTO {{ sink('lake', 'y') }}\n"
                + "select * from {{ source('files', 'orders') }}\n"), PzCode.INVALID_SINK_CALL, "p");
    }

    @Test
    void sinkOutsideTheInsertTargetIsPz0208() {
        single(lake().file("pipelines/p.sql", "select * from {{ sink('lake', 'x') }}\n"), PzCode.INVALID_SINK_CALL);
    }

    @Test
    void mergeWithoutKeysIsPz0209AtTheSinkCall() {
        PzError error = single(lake().file("pipelines/p.sql", "INSERT INTO {{ sink('lake', 'out', strategy: 'merge') }}\n"
                + "select * from {{ source('files', 'orders') }}\n"), PzCode.MERGE_REQUIRES_KEYS, "lake.out");
        assertThat(error.file()).isEqualTo("pipelines/p.sql");
        assertThat(error.line()).isEqualTo(1);
    }

    @Test
    void keysWithoutMergeIsPz0211() {
        single(lake().file("pipelines/p.sql", "INSERT INTO {{ sink('lake', 'out', strategy: 'replace', keys: ['id']) }}\n"
                + "select * from {{ source('files', 'orders') }}\n"), PzCode.KEYS_WITHOUT_MERGE, "lake.out", "id");
    }

    @Test
    void fanOutListMakesTwoSinksOnThePipeline() {
        CompiledDag dag = lake().file("pipelines/p.sql", "INSERT INTO [ {{ sink('lake', 'x') }}, {{ sink('lake', 'y') }} ]\n"
                + "select * from {{ source('files', 'orders') }}\n").compile();
        String p = Fixtures.byName(dag, "p").id();
        assertThat(Fixtures.byName(dag, "lake.x").dependsOn()).containsExactly(p);
        assertThat(Fixtures.byName(dag, "lake.y").dependsOn()).containsExactly(p);
        assertThat(((SinkWriteNode) Fixtures.byName(dag, "lake.x")).write().strategy().word()).isEqualTo("append");
    }

    // ---- sources: PZ0349, PZ0341, PZ0110, PZ0230, folding ----------------------------------------

    @Test
    void oneSourceReadByTwoPipelinesIsPz0349ListingReadersOrdinally() {
        PzError error = single(lake()
                .file("pipelines/stg_orders.sql", "INSERT INTO {{ sink('lake', 'a') }}\nselect * from {{ source('files', 'orders') }}\n")
                .file("pipelines/order_audit.sql", "INSERT INTO {{ sink('lake', 'b') }}\nselect * from {{ source('files', 'orders') }}\n"),
                PzCode.SOURCE_READ_BY_MULTIPLE_PIPELINES, "files.orders");
        assertThat(error.message()).containsSubsequence("order_audit", "stg_orders");
    }

    @Test
    void selfJoinOfOneSourceAndUnreadEntitiesAreFine() {
        CompiledDag dag = lake().file("pipelines/p.sql", "INSERT INTO {{ sink('lake', 'a') }}\n"
                + "select * from {{ source('files', 'orders') }} x join {{ source('files', 'orders') }} y using (id)\n")
                .compile();
        assertThat(dag.nodes()).extracting(Node::name).containsExactly("src_files__orders", "p", "lake.a");
    }

    @Test
    void readOptionsInYamlAndAtTheCallSiteArePz0341() {
        single(lake().file("pipelines/p.sql", "INSERT INTO {{ sink('lake', 'a') }}\n"
                + "select * from {{ source('files', 'orders', path: 'x.csv', format: 'csv') }}\n"),
                PzCode.WRITE_SURFACE_SPLIT, "files.orders");
    }

    @Test
    void writeOptionsInYamlAndAtTheCallSiteArePz0341() {
        single(lake().file("connections.yml", """
                files:
                  connector: localfiles
                  entities:
                    orders:
                      read: {path: data/orders.csv, format: csv}
                lake:
                  connector: localfiles
                  entities:
                    out:
                      write: {strategy: replace}
                """).file("pipelines/p.sql", "INSERT INTO {{ sink('lake', 'out', strategy: 'replace') }}\n"
                + "select * from {{ source('files', 'orders') }}\n"), PzCode.WRITE_SURFACE_SPLIT, "lake.out");
    }

    @Test
    void entitiesFoldToStagingNames() {
        CompiledDag dag = lake().file("connections.yml", """
                erp:
                  connector: localfiles
                lake:
                  connector: localfiles
                """).file("pipelines/a.sql", "INSERT INTO {{ sink('lake', 'a') }}\n"
                + "select * from {{ source('erp', 'dbo.orders', path: 'a.csv', format: 'csv') }}\n")
                .file("pipelines/b.sql", "INSERT INTO {{ sink('lake', 'b') }}\n"
                        + "select * from {{ source('erp', '/v2/events', path: 'b.csv', format: 'csv') }}\n")
                .file("pipelines/c.sql", "INSERT INTO {{ sink('lake', 'c') }}\n"
                        + "select * from {{ source('erp', 'orders-current', path: 'c.csv', format: 'csv') }}\n")
                .compile();
        assertThat(dag.nodes()).extracting(Node::name).contains("src_erp__dbo_orders", "src_erp___v2_events",
                "src_erp__orders_current");
        assertThat(((PipelineNode) Fixtures.byName(dag, "a")).sql()).contains("staging.src_erp__dbo_orders");
    }

    @Test
    void twoEntitiesFoldingToOneNameArePz0110NamingBoth() {
        single(lake().file("connections.yml", """
                erp:
                  connector: localfiles
                  entities:
                    dbo.orders:
                      read: {path: a.csv, format: csv}
                    dbo_orders:
                      read: {path: b.csv, format: csv}
                lake:
                  connector: localfiles
                """).file("pipelines/a.sql", "INSERT INTO {{ sink('lake', 'a') }}\nselect * from {{ source('erp', 'dbo.orders') }}\n")
                .file("pipelines/b.sql", "INSERT INTO {{ sink('lake', 'b') }}\nselect * from {{ source('erp', 'dbo_orders') }}\n"),
                PzCode.DUPLICATE_NAME, "'dbo.orders'", "'dbo_orders'", "src_erp__dbo_orders");
    }

    @Test
    void pipelineNamedLikeAStagingRelationIsPz0230() {
        single(lake().file("pipelines/src_files__orders.sql", "INSERT INTO {{ sink('lake', 'a') }}\n"
                + "select * from {{ source('files', 'orders') }}\n"), PzCode.PIPELINE_NAME_COLLIDES_WITH_STAGING,
                "src_files__orders");
    }

    // ---- incremental pairing: PZ0214, PZ0335, PZ0212 --------------------------------------------

    private Fixtures incremental(String cursor) {
        return lake().file("connections.yml", """
                files:
                  connector: localfiles
                  entities:
                    orders:
                      read:
                        path: data/orders.csv
                        format: csv
                        columns: {id: bigint, amount: double, note: varchar, updated_at: timestamp}
                        sync: {mode: incremental, cursor: CURSOR}
                    customers:
                      read:
                        path: data/customers.csv
                        format: csv
                        columns: {id: bigint}
                lake:
                  connector: localfiles
                """.replace("CURSOR", cursor));
    }

    @Test
    void incrementalIntoPlainAppendIsPz0214WithTheWriteHint() {
        PzError error = single(incremental("updated_at").file("pipelines/p.sql",
                "INSERT INTO {{ sink('lake', 'out', strategy: 'append') }}\nselect * from {{ source('files', 'orders') }}\n"),
                PzCode.INCREMENTAL_APPEND_UNACKNOWLEDGED, "files.orders", "lake.out");
        assertThat(error.hint()).contains("write:\n  strategy: append\n  duplicates: accept");
    }

    @Test
    void incrementalIntoReplaceIsPz0335() {
        PzError error = single(incremental("updated_at").file("pipelines/p.sql",
                "INSERT INTO {{ sink('lake', 'out', strategy: 'replace') }}\nselect * from {{ source('files', 'orders') }}\n"),
                PzCode.INCOMPATIBLE_PAIR, "lake.out");
        assertThat(error.hint()).contains("write.strategy", "merge");
    }

    @Test
    void bothPairingErrorsInOneProjectAreReportedTogether() {
        List<PzError> errors = incremental("updated_at").file("pipelines/p.sql",
                "INSERT INTO [{{ sink('lake', 'a', strategy: 'append') }}, {{ sink('lake', 'b', strategy: 'replace') }}]\n"
                        + "select * from {{ source('files', 'orders') }}\n").errors();
        assertThat(errors).extracting(PzError::code).containsExactlyInAnyOrder(
                PzCode.INCREMENTAL_APPEND_UNACKNOWLEDGED, PzCode.INCOMPATIBLE_PAIR);
    }

    @Test
    void incrementalIntoMergeOrAcknowledgedAppendAndFullSourcesAnywhereAreFine() {
        incremental("updated_at").file("pipelines/p.sql",
                "INSERT INTO [{{ sink('lake', 'a', strategy: 'merge', keys: ['id']) }}, "
                        + "{{ sink('lake', 'b', strategy: 'append', duplicates: 'accept') }}]\n"
                        + "select * from {{ source('files', 'orders') }}\n")
                .file("pipelines/q.sql", "INSERT INTO [{{ sink('lake', 'c', strategy: 'replace') }}, {{ sink('lake', 'd') }}]\n"
                        + "select * from {{ source('files', 'customers') }}\n")
                .compile();
    }

    @Test
    void mergeWithoutKeysAndABadCursorAreBothReported() {
        List<PzError> errors = incremental("nope").file("pipelines/p.sql",
                "INSERT INTO {{ sink('lake', 'out', strategy: 'merge') }}\nselect * from {{ source('files', 'orders') }}\n")
                .errors();
        assertThat(errors).extracting(PzError::code).containsExactlyInAnyOrder(PzCode.MERGE_REQUIRES_KEYS,
                PzCode.CURSOR_INVALID);
    }

    @Test
    void cursorOfANonCursorTypeIsPz0212ListingTheCursorTypes() {
        single(incremental("note").file("pipelines/p.sql",
                "INSERT INTO {{ sink('lake', 'out', strategy: 'merge', keys: ['id']) }}\nselect * from {{ source('files', 'orders') }}\n"),
                PzCode.CURSOR_INVALID, "note", "int, bigint, decimal, date", "timestamp");
    }

    // ---- PZ0223 dead leaf (warning) -----------------------------------------------------------

    @Test
    void deadLeafPipelineIsAWarningNotAnError() {
        CompiledDag dag = lake().file("pipelines/p.sql", "select * from {{ source('files', 'orders') }}\n").compile();
        assertThat(dag.warnings()).extracting(PzWarning::code).containsExactly(PzCode.DEAD_LEAF_PIPELINE);
        assertThat(dag.warnings().get(0).render()).startsWith("warning: PZ0223 ").contains("'p'", "(pipelines/p.sql)");
    }

    @Test
    void pipelinesWithChecksOrConsumersAreNotDeadLeaves() {
        CompiledDag dag = lake().file("pipelines/p.sql", "select * from {{ source('files', 'orders') }}\n")
                .file("pipelines/configs/p.yml", "pipeline: p\nchecks:\n  - not_null: [id]\n").compile();
        assertThat(dag.warnings()).isEmpty();
    }

    // ---- templating: PZ0104 and the template functions ------------------------------------

    @Test
    void unknownIdentifierIsPz0104AtThePipelineFile() {
        PzError error = single(lake().file("pipelines/p.sql", "select {{ date.now }} from {{ source('files', 'orders') }}\n"),
                PzCode.TEMPLATE_ERROR);
        assertThat(error.file()).isEqualTo("pipelines/p.sql");
    }

    @Test
    void sourceCallSplitAcrossBlocksIsPz0104() {
        PzError error = single(lake().file("pipelines/p.sql",
                "select * from {{ source('files', \n'orders') }}\n"), PzCode.TEMPLATE_ERROR);
        assertThat(error.file()).isEqualTo("pipelines/p.sql");
    }

    @Test
    void sinkUsedAsAPlainVariableFails() {
        List<PzError> errors = lake().file("pipelines/p.sql", "select '{{ sink }}' as x from {{ source('files', 'orders') }}\n")
                .errors();
        assertThat(errors).isNotEmpty();
        assertThat(errors.get(0).file()).isEqualTo("pipelines/p.sql");
    }

    @Test
    void templateFunctionsRender() {
        CompiledDag dag = lake().file("project.yml", """
                name: t
                version: 0.1.0
                vars:
                  min_amount: 10
                  statuses: [shipped, returned]
                """).env("REGION", "eu-west").file("pipelines/p.sql", """
                INSERT INTO {{ sink('lake', 'out') }}
                select '{{ env('REGION') }}' as region, '{{ this }}' as me,
                  {{ for s in var('statuses') }}'{{ s }}',{{ end }} 1 as one
                from {{ source('files', 'orders') }}
                where amount >= {{ var('min_amount') }}
                """).compile();
        assertThat(((PipelineNode) Fixtures.byName(dag, "p")).sql()).isEqualTo("""
                select 'eu-west' as region, 'staging.p' as me,
                  'shipped','returned', 1 as one
                from staging.src_files__orders
                where amount >= 10""");
    }

    @Test
    void unknownVarIsPz0104() {
        single(lake().file("pipelines/p.sql", "select {{ var('nope') }} from {{ source('files', 'orders') }}\n"),
                PzCode.TEMPLATE_ERROR, "nope");
    }

    @Test
    void runConstantsRenderToTheFixedCompilePlaceholders() {
        CompiledDag dag = lake().file("pipelines/p.sql", "INSERT INTO {{ sink('lake', 'out') }}\n"
                + "select '{{ run_id }}' as r, '{{ run_started_at }}' as s from {{ source('files', 'orders') }}\n").compile();
        CompiledDag again = Fixtures.lake(temp).compile();
        assertThat(Fixtures.byName(dag, "p").id()).isEqualTo(Fixtures.byName(again, "p").id());
        assertThat(((PipelineNode) Fixtures.byName(dag, "p")).sql()).doesNotContain("{{");
    }

    @Test
    void everyErrorOfThePassIsReported() {
        List<PzError> errors = lake().file("pipelines/a.sql", "select * from {{ ref('nope1') }}\n")
                .file("pipelines/b.sql", "select * from {{ ref('nope2') }}\n").errors();
        assertThat(errors).extracting(PzError::code).containsExactly(PzCode.UNRESOLVED_REF, PzCode.UNRESOLVED_REF);
    }

    @Test
    void cycleMessageWalksTheCycle() {
        PzError error = single(lake().file("pipelines/a.sql", "select * from {{ ref('b') }}\n")
                .file("pipelines/b.sql", "select * from {{ ref('a') }}\n"), PzCode.CYCLE);
        assertThat(error.message()).contains("dependency cycle: a -> b -> a");
    }

    @Test
    void twoPipelineFilesWithOneStemArePz0110() {
        List<PzError> errors = lake()
                .file("pipelines/x/stg_orders.sql", "INSERT INTO {{ sink('lake', 'a') }}\nselect * from {{ source('files', 'orders') }}\n")
                .file("pipelines/y/stg_orders.sql", "INSERT INTO {{ sink('lake', 'b') }}\nselect * from {{ source('files', 'customers') }}\n")
                .errors();
        assertThat(errors).extracting(PzError::code).contains(PzCode.DUPLICATE_NAME);
        assertThat(errors.get(0).render()).contains("stg_orders");
    }
}
