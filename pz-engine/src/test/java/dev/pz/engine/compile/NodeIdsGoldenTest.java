package dev.pz.engine.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.Catalogue;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * F15: the golden compile of F02. Node ids of sources, pipelines and checks reproduce upstream's
 * recipes byte for byte; sink ids are pz's own and only stable.
 */
class NodeIdsGoldenTest {

    @TempDir
    Path temp;

    @Test
    void sourcePipelineAndCheckIdsMatchUpstream() {
        CompiledDag dag = Fixtures.f02(temp).compile();
        Map<String, String> ids = dag.nodes().stream().collect(Collectors.toMap(Node::name, Node::id));
        assertThat(ids).containsEntry("src_crm__customers", "59489ad607b22cf9")
                .containsEntry("src_crm__orders", "cddc6e19a966dea0")
                .containsEntry("stg_orders", "c12d90246f26ce45")
                .containsEntry("order_totals", "e57c0c96391041ac")
                .containsEntry("orders_enriched", "e1ac44ee45ce6ff1")
                .containsEntry("check_orders_enriched_not_null_id_email", "920c5730ad9bb632")
                .containsEntry("check_orders_enriched_unique_id", "ef802d36ac370b28");
    }

    @Test
    void nodesComeInTopologicalOrderWithKindsAndFiles() {
        CompiledDag dag = Fixtures.f02(temp).compile();
        assertThat(dag.nodes()).extracting(node -> node.kind().snakeName() + " " + node.name() + " " + node.file())
                .containsExactly(
                        "source_load src_crm__customers connections.yml",
                        "source_load src_crm__orders connections.yml",
                        "pipeline stg_orders pipelines/stg_orders.sql",
                        "pipeline order_totals pipelines/order_totals.sql",
                        "pipeline orders_enriched pipelines/orders_enriched.sql",
                        "check check_orders_enriched_not_null_id_email pipelines/orders_enriched.sql",
                        "check check_orders_enriched_unique_id pipelines/orders_enriched.sql",
                        "sink_write lake.order_totals connections.yml",
                        "sink_write lake.orders_curated connections.yml");
    }

    @Test
    void idsAreSixteenLowercaseHexAndStableAcrossCompiles() {
        List<String> first = Fixtures.f02(temp).compile().nodes().stream().map(Node::id).toList();
        List<String> second = Fixtures.f02(temp).compile().nodes().stream().map(Node::id).toList();
        assertThat(first).hasSize(9).allMatch(id -> id.matches("[0-9a-f]{16}")).doesNotHaveDuplicates();
        assertThat(second).isEqualTo(first);
    }

    @Test
    void editingAPipelineChangesItsIdAndItsConsumersDependsOnButNotItsSources() {
        Map<String, String> before = ids(Fixtures.f02(temp).compile());
        Map<String, String> after = ids(Fixtures.f02(temp)
                .file("pipelines/stg_orders.sql", Catalogue.F02_STG_ORDERS.replace("status\n", "status, 1 as x\n"))
                .compile());
        assertThat(after.get("stg_orders")).isNotEqualTo(before.get("stg_orders"));
        assertThat(after.get("src_crm__orders")).isEqualTo(before.get("src_crm__orders"));
        assertThat(after.get("order_totals")).isEqualTo(before.get("order_totals"));
        assertThat(after.get("lake.order_totals")).isEqualTo(before.get("lake.order_totals"));
    }

    @Test
    void changingASinksOptionsChangesOnlyThatSinksId() {
        Map<String, String> before = ids(Fixtures.f02(temp).compile());
        Map<String, String> after = ids(Fixtures.f02(temp).file("pipelines/order_totals.sql",
                Catalogue.F02_ORDER_TOTALS.replace("format: 'csv'", "format: 'parquet'")).compile());
        assertThat(after.get("lake.order_totals")).isNotEqualTo(before.get("lake.order_totals"));
        assertThat(after.get("lake.orders_curated")).isEqualTo(before.get("lake.orders_curated"));
    }

    @Test
    void nodeIdIsTheFirstEightBytesOfSha256() {
        // sha256("") = e3b0c44298fc1c149afbf4c8996fb924...
        assertThat(NodeIds.compute("")).isEqualTo("e3b0c44298fc1c14");
        assertThat(NodeIds.of(List.of("a", "b"))).isEqualTo(NodeIds.compute("a\nb"));
    }

    @Test
    void canonicalJsonSortsKeysOrdinallyAndIsCompact() {
        Map<String, Object> value = new java.util.LinkedHashMap<>();
        value.put("b", 1L);
        value.put("B", List.of("x", true));
        value.put("a", null);
        value.put("c", 2.5);
        assertThat(CanonicalJson.of(value)).isEqualTo("{\"B\":[\"x\",true],\"a\":null,\"b\":1,\"c\":2.5}");
    }

    private static Map<String, String> ids(CompiledDag dag) {
        return dag.nodes().stream().collect(Collectors.toMap(Node::name, Node::id));
    }
}
