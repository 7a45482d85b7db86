package dev.pz.engine.compile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The --select grammar over F02's graph, and the three selection mechanisms. */
class SelectorTest {

    @TempDir
    Path temp;

    private CompiledDag dag;

    @BeforeEach
    void compile() {
        dag = Fixtures.f02(temp).compile();
    }

    private List<String> select(String expression) {
        Set<String> ids = Selector.select(dag, expression);
        return ids.stream().map(id -> dag.node(id).name()).toList();
    }

    private List<PzError> failure(String expression) {
        PzValidationException failure = catchThrowableOfType(PzValidationException.class,
                () -> Selector.select(dag, expression));
        assertThat(failure).as("selector %s should fail", expression).isNotNull();
        return failure.errors();
    }

    @Test
    void bareNameIsExact() {
        assertThat(select("stg_orders")).containsExactly("stg_orders");
    }

    @Test
    void trailingPlusAddsDescendants() {
        assertThat(select("stg_orders+")).containsExactly("stg_orders", "order_totals", "orders_enriched",
                "check_orders_enriched_not_null_id_email", "check_orders_enriched_unique_id", "lake.order_totals",
                "lake.orders_curated");
    }

    @Test
    void leadingPlusAddsAncestors() {
        assertThat(select("+stg_orders")).containsExactly("src_crm__orders", "stg_orders");
        assertThat(select("+orders_enriched")).containsExactly("src_crm__customers", "src_crm__orders", "stg_orders",
                "orders_enriched");
    }

    @Test
    void tagMatchesPipelinesCarryingIt() {
        assertThat(select("tag:daily")).containsExactly("orders_enriched");
        assertThat(select("tag:crm")).containsExactly("orders_enriched");
    }

    @Test
    void sourceMatchesConnectionDotEntity() {
        assertThat(select("source:crm.*")).containsExactly("src_crm__customers", "src_crm__orders");
        assertThat(select("source:crm.orders")).containsExactly("src_crm__orders");
    }

    @Test
    void spaceIsUnionInDagOrder() {
        assertThat(select("order_totals stg_orders")).containsExactly("stg_orders", "order_totals");
        assertThat(select("  stg_orders   order_totals ")).containsExactly("stg_orders", "order_totals");
    }

    @Test
    void commaIsIntersection() {
        assertThat(select("tag:daily,+orders_enriched")).containsExactly("orders_enriched");
        assertThat(select("stg_orders+,+lake.order_totals")).containsExactly("stg_orders", "order_totals",
                "lake.order_totals");
    }

    @Test
    void globMatchesTheWholeName() {
        assertThat(select("src_crm__*")).containsExactly("src_crm__customers", "src_crm__orders");
        assertThat(select("*orders")).containsExactly("src_crm__orders", "stg_orders");
        assertThat(select("lake.*")).containsExactly("lake.order_totals", "lake.orders_curated");
        assertThat(failure("orders")).extracting(PzError::code).containsExactly(PzCode.SELECTOR_NO_MATCH);
    }

    @Test
    void checksAreSelectableByName() {
        assertThat(select("check_orders_enriched_unique_id")).containsExactly("check_orders_enriched_unique_id");
    }

    @Test
    void atomMatchingNothingIsPz0210NamingIt() {
        List<PzError> errors = failure("nonexistent");
        assertThat(errors).hasSize(1);
        assertThat(errors.get(0).code()).isEqualTo(PzCode.SELECTOR_NO_MATCH);
        assertThat(errors.get(0).render()).contains("PZ0210", "Selector 'nonexistent' matched no nodes.");
    }

    @Test
    void malformedAtomsAreRefused() {
        assertThat(failure("st g!")).extracting(PzError::code).contains(PzCode.SELECTOR_NO_MATCH);
        assertThat(failure("tag:")).extracting(PzError::code).containsExactly(PzCode.SELECTOR_NO_MATCH);
        assertThat(failure("+")).extracting(PzError::code).containsExactly(PzCode.SELECTOR_NO_MATCH);
        assertThat(failure("stg_orders,")).extracting(PzError::code).containsExactly(PzCode.SELECTOR_NO_MATCH);
        assertThat(failure("tag:nope")).extracting(PzError::code).containsExactly(PzCode.SELECTOR_NO_MATCH);
    }

    @Test
    void everyFailingAtomIsReported() {
        assertThat(failure("nope1 nope2")).hasSize(2);
    }

    @Test
    void atomsMayContainDotsDashesAndSlashes() {
        CompiledDag other = Fixtures.lake(temp.resolve("dash")).file("pipelines/p.sql", """
                INSERT INTO {{ sink('lake', 'orders-current') }}
                select * from {{ source('files', 'orders') }}
                """).compile();
        assertThat(Selector.select(other, "lake.orders-current")).hasSize(1);
        assertThat(catchThrowableOfType(PzValidationException.class, () -> Selector.select(other, "a/b")).errors())
                .extracting(PzError::code).containsExactly(PzCode.SELECTOR_NO_MATCH);
    }

    // ---- Selection: names / --select / --all --------------------------------------------------

    @Test
    void namesSelectAndAllAreMutuallyExclusive() {
        for (Selection selection : List.of(new Selection(List.of("stg_orders"), "stg_orders", false),
                new Selection(List.of("stg_orders"), null, true), new Selection(List.of(), "stg_orders", true))) {
            PzValidationException failure = catchThrowableOfType(PzValidationException.class,
                    () -> selection.resolve(dag, false));
            assertThat(failure.errors()).extracting(PzError::code).containsExactly(PzCode.SELECTION_CONFLICT);
            assertThat(failure.errors().get(0).message())
                    .isEqualTo("flow names, --select, and --all are mutually exclusive ways to choose what runs.");
        }
    }

    @Test
    void aFlowNameExpandsToAncestorsAndDescendants() {
        Set<String> ids = new Selection(List.of("order_totals"), null, false).resolve(dag, false).orElseThrow();
        assertThat(ids.stream().map(id -> dag.node(id).name()))
                .containsExactlyInAnyOrder("src_crm__orders", "stg_orders", "order_totals", "lake.order_totals");
    }

    @Test
    void unknownFlowNameAndOptionLookalikeArePz0210() {
        PzValidationException failure = catchThrowableOfType(PzValidationException.class,
                () -> new Selection(List.of("nope", "--oops"), null, false).resolve(dag, false));
        assertThat(failure.errors()).extracting(PzError::code)
                .containsExactly(PzCode.SELECTOR_NO_MATCH, PzCode.SELECTOR_NO_MATCH);
        assertThat(failure.errors().get(0).message()).startsWith("no node named 'nope'; this project's flows: ");
        assertThat(failure.errors().get(1).message()).isEqualTo("'--oops' is not a recognized option.");
    }

    @Test
    void bareSelectionGatesOnlyWhenAsked() {
        CompiledDag twoFlows = Fixtures.lake(temp.resolve("two")).file("pipelines/a.sql", """
                INSERT INTO {{ sink('lake', 'b_out') }}
                select * from {{ source('files', 'orders') }}
                """).file("pipelines/b.sql", """
                INSERT INTO {{ sink('lake', 'a_out') }}
                select * from {{ source('files', 'customers') }}
                """).compile();
        Selection bare = new Selection(List.of(), null, false);
        assertThat(bare.resolve(twoFlows, false)).isEmpty();
        PzValidationException failure = catchThrowableOfType(PzValidationException.class,
                () -> bare.resolve(twoFlows, true));
        assertThat(failure.errors()).extracting(PzError::code).containsExactly(PzCode.MULTI_FLOW_NEEDS_SELECTION);
        assertThat(failure.errors().get(0).message()).isEqualTo("project has 2 independent flows (lake.a_out; "
                + "lake.b_out); bare `pz run` would run all of them.");
    }
}
