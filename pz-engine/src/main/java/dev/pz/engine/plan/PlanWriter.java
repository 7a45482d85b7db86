package dev.pz.engine.plan;

import dev.pz.engine.json.AtomicFiles;
import dev.pz.engine.json.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes {@code .pz/target/plan.json}: pz's field order, two-space indent, LF, final newline. */
public final class PlanWriter {

    private PlanWriter() {
    }

    public static void write(Path file, ExecutionPlan plan) {
        AtomicFiles.writeString(file, render(plan));
    }

    public static String render(ExecutionPlan plan) {
        List<Object> nodes = new ArrayList<>();
        plan.nodes().forEach(node -> nodes.add(node(node)));
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("version", 1L);
        root.put("nodes", nodes);
        root.put("memoryBudget", memoryBudget(plan.memoryBudget()));
        return Json.indented(root) + "\n";
    }

    /** One planned node as plan.json writes it: {@code id, kind, name, strategy, partitions, reason}, then pushdown. */
    public static Map<String, Object> node(PlannedNode node) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("id", node.id());
        entry.put("kind", node.kind().pascalName());
        entry.put("name", node.name());
        entry.put("strategy", node.strategy().word());
        entry.put("partitions", (long) node.partitions());
        entry.put("reason", node.reason());
        node.pushdownInfo().ifPresent(pushdown -> {
            entry.put("columns_pushed", pushdown.columnsPushed() == null ? null : (long) pushdown.columnsPushed());
            entry.put("predicate_pushed", pushdown.predicatePushed());
        });
        return entry;
    }

    /** The {@code memoryBudget} object, in plan.json's field order. */
    public static Map<String, Object> memoryBudget(MemoryBudget budget) {
        Map<String, Object> memory = new LinkedHashMap<>();
        memory.put("duckdbBytes", budget.duckdbBytes());
        memory.put("duckdbDisclaimer", budget.duckdbDisclaimer());
        memory.put("channelBytes", budget.channelBytes());
        memory.put("fixedOverheadBytes", budget.fixedOverheadBytes());
        memory.put("totalBytes", budget.totalBytes());
        memory.put("duckdbThreadsDisclaimer", budget.duckdbThreadsDisclaimer());
        return memory;
    }
}
