package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.Catalogue;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pz ls} over F02: nodes in dependency order with kind and tags, and the selector. */
class LsCommandTest {

    @TempDir
    Path temp;

    private CliRun ls(String... args) {
        return CliRun.pzWithEnv(Catalogue.F02_ENV, Catalogue.f02(temp).path(), args);
    }

    @Test
    void listsEveryNodeInTopologicalOrderAndWritesNothing() {
        CliRun ls = ls("ls");
        assertThat(ls.exitCode()).as(ls.toString()).isZero();
        assertThat(ls.out()).isEqualTo("""
                kind       name                                     tags
                source_load src_crm__customers                       -
                source_load src_crm__orders                          -
                pipeline   stg_orders                               -
                pipeline   order_totals                             -
                pipeline   orders_enriched                          daily,crm
                check      check_orders_enriched_not_null_id_email  -
                check      check_orders_enriched_unique_id          -
                sink_write lake.order_totals                        -
                sink_write lake.orders_curated                      -
                """);
        assertThat(temp.resolve(".pz")).doesNotExist();
    }

    @Test
    void selectIsExact() {
        CliRun ls = ls("ls", "--select", "orders_enriched");
        assertThat(ls.exitCode()).as(ls.toString()).isZero();
        assertThat(ls.outLines()).hasSize(2);
        assertThat(ls.outLines().get(1)).startsWith("pipeline   orders_enriched ");
    }

    @Test
    void selectorGrammarThroughTheCli() {
        assertThat(names("stg_orders+")).contains("stg_orders", "order_totals", "orders_enriched", "lake.order_totals",
                "lake.orders_curated").doesNotContain("src_crm__orders");
        assertThat(names("+stg_orders")).containsExactly("src_crm__orders", "stg_orders");
        assertThat(names("tag:daily")).containsExactly("orders_enriched");
        assertThat(names("source:crm.*")).containsExactly("src_crm__customers", "src_crm__orders");
        assertThat(names("stg_orders order_totals")).containsExactly("stg_orders", "order_totals");
        assertThat(names("tag:daily,+orders_enriched")).containsExactly("orders_enriched");
        assertThat(names("src_crm__*")).containsExactly("src_crm__customers", "src_crm__orders");
    }

    @Test
    void selectorMatchingNothingIsExit2Pz0210() {
        CliRun ls = ls("ls", "--select", "nonexistent");
        assertThat(ls.exitCode()).isEqualTo(2);
        assertThat(ls.err()).startsWith("error PZ0210: Selector 'nonexistent' matched no nodes.");
        assertThat(ls.out()).doesNotContain("kind");
        CliRun malformed = ls("ls", "--select", "st g!");
        assertThat(malformed.exitCode()).isEqualTo(2);
        assertThat(malformed.err()).contains("PZ0210");
    }

    @Test
    void noProjectIsExit2MentioningProjectYml() {
        CliRun ls = CliRun.pz(temp, "ls");
        assertThat(ls.exitCode()).isEqualTo(2);
        assertThat(ls.err()).startsWith("error PZ0101").contains("project.yml");
    }

    private List<String> names(String selector) {
        CliRun ls = ls("ls", "--select", selector);
        assertThat(ls.exitCode()).as(ls.toString()).isZero();
        return ls.outLines().stream().skip(1).map(line -> line.split("\\s+")[1]).toList();
    }
}
