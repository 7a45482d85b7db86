package dev.pz.engine;

import java.util.List;
import java.util.Optional;

/**
 * The plan of the whole project, written to {@code .pz/target/plan.json}: the rows of the nodes a
 * selection shows ({@code filtered} when it shows fewer than all), the memory budget line, the
 * budget's total in bytes, the DuckDB threads disclaimer when {@code engine.duckdb.threads} is unset, and the retry and
 * concurrency policy lines.
 */
public record PlanReport(List<Row> rows, boolean filtered, String budgetLine, long budgetBytes,
        Optional<String> threadsDisclaimer,
        List<String> policyLines) {

    public PlanReport {
        rows = List.copyOf(rows);
        policyLines = List.copyOf(policyLines);
    }

    /**
     * One node's strategy ({@code native_scan}, {@code arrow_stream}, …) and the reason for it.
     * {@code columnsPushed} is the number of columns pushed down to the source (null when none were),
     * {@code filterPushed} whether a filter was, and {@code filter} that filter read as one condition
     * ({@code amount > 500 and flag = true}, secrets masked; null when none).
     */
    public record Row(String strategy, String node, String reason, Integer columnsPushed, boolean filterPushed,
            String filter) {
    }
}
