package dev.pz.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.engine.events.NodeKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** plan.json's exact shape: field order, two-space indent, escaping, final newline. */
class PlanWriterTest {

    @TempDir
    Path temp;

    private static final MemoryBudget F02_BUDGET = new MemoryBudget(1073741824L, null, 402653184L, 268435456L,
            1744830464L, null);

    @Test
    void writesTheExactShapeWithEscapedApostrophes() throws IOException {
        ExecutionPlan plan = new ExecutionPlan(List.of(new PlannedNode("aaaaaaaaaaaaaaaa", NodeKind.SOURCE_LOAD,
                "src_crm__orders", Strategy.NATIVE_SCAN, 1,
                "native scan: connector 'localfiles' provides read_csv over data/orders.csv", null, null, null)),
                F02_BUDGET);
        Path file = temp.resolve(".pz/target/plan.json");
        PlanWriter.write(file, plan);
        assertThat(Files.readString(file)).isEqualTo("""
                {
                  "version": 1,
                  "nodes": [
                    {
                      "id": "aaaaaaaaaaaaaaaa",
                      "kind": "SourceLoad",
                      "name": "src_crm__orders",
                      "strategy": "native_scan",
                      "partitions": 1,
                      "reason": "native scan: connector \\u0027localfiles\\u0027 provides read_csv over data/orders.csv"
                    }
                  ],
                  "memoryBudget": {
                    "duckdbBytes": 1073741824,
                    "duckdbDisclaimer": null,
                    "channelBytes": 402653184,
                    "fixedOverheadBytes": 268435456,
                    "totalBytes": 1744830464,
                    "duckdbThreadsDisclaimer": null
                  }
                }
                """);
    }

    @Test
    void pushdownFieldsAppearOnlyWhenSomethingIsPushed() {
        ExecutionPlan plan = new ExecutionPlan(List.of(
                new PlannedNode("bbbbbbbbbbbbbbbb", NodeKind.SOURCE_LOAD, "src_erp__orders", Strategy.ARROW_STREAM, 4,
                        "arrow stream: connector 'postgres' has no native path", new PlannedNode.Pushdown(3, true),
                        null, null),
                new PlannedNode("cccccccccccccccc", NodeKind.SOURCE_LOAD, "src_erp__lines", Strategy.ARROW_STREAM, 1,
                        "r", new PlannedNode.Pushdown(null, true), null, null),
                new PlannedNode("dddddddddddddddd", NodeKind.PIPELINE, "p", Strategy.DUCK_SQL, 1,
                        "duckdb sql: executes in-engine", null, null, null)),
                new MemoryBudget(null, "d 80%", 1L, 268435456L, 268435457L, "t"));
        assertThat(PlanWriter.render(plan)).isEqualTo("""
                {
                  "version": 1,
                  "nodes": [
                    {
                      "id": "bbbbbbbbbbbbbbbb",
                      "kind": "SourceLoad",
                      "name": "src_erp__orders",
                      "strategy": "arrow_stream",
                      "partitions": 4,
                      "reason": "arrow stream: connector \\u0027postgres\\u0027 has no native path",
                      "columns_pushed": 3,
                      "predicate_pushed": true
                    },
                    {
                      "id": "cccccccccccccccc",
                      "kind": "SourceLoad",
                      "name": "src_erp__lines",
                      "strategy": "arrow_stream",
                      "partitions": 1,
                      "reason": "r",
                      "columns_pushed": null,
                      "predicate_pushed": true
                    },
                    {
                      "id": "dddddddddddddddd",
                      "kind": "Pipeline",
                      "name": "p",
                      "strategy": "duck_sql",
                      "partitions": 1,
                      "reason": "duckdb sql: executes in-engine"
                    }
                  ],
                  "memoryBudget": {
                    "duckdbBytes": null,
                    "duckdbDisclaimer": "d 80%",
                    "channelBytes": 1,
                    "fixedOverheadBytes": 268435456,
                    "totalBytes": 268435457,
                    "duckdbThreadsDisclaimer": "t"
                  }
                }
                """);
    }
}
