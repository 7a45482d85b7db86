package dev.pz.engine.execute;

import dev.pz.duckdb.DuckSession;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.model.Project;
import dev.pz.engine.plan.ExecutionPlan;
import java.nio.file.Path;
import java.time.Clock;

/** Everything the executors of one run share. Immutable; the ledger and cancellation are thread-safe. */
public record RunContext(String runId, Project project, CompiledDag dag, ExecutionPlan plan, DuckSession session,
        ConnectorRegistry connectors, SetupLedger setup, Path runDirectory, Clock clock, Cancellation cancellation) {
}
