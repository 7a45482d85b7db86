package dev.pz.engine.validate;

import dev.pz.duckdb.BackgroundOpen;
import dev.pz.duckdb.DuckSession;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.model.Project;
import dev.pz.engine.plan.ExecutionPlan;
import dev.pz.engine.plan.Fusion;
import dev.pz.engine.plan.Planner;
import dev.pz.engine.plan.UniversalStreaming;
import java.util.List;
import java.util.function.Predicate;

/**
 * Every check that can refuse a project before its first node executes, in one place, so
 * {@code pz validate}, {@code pz plan} and {@code pz run} refuse the same inputs with the same codes.
 * Cheapest first; each stage reports all of its findings, and a later stage runs only when the
 * earlier ones passed:
 * <ol>
 * <li>engine settings, the DuckDB ones judged by DuckDB ({@code PZ0120});</li>
 * <li>connector option schemas and each connector's offline cross-field rules ({@code PZ0301},
 *     {@code PZ0305});</li>
 * <li>the plan: strategies against capabilities, formats and their options, path containment,
 *     offline header checks, what the universal tier cannot carry ({@code PZ031x}, {@code PZ0324},
 *     {@code PZ035x}, {@code PZ036x});</li>
 * <li>the SQL dry compile against the {@code columns:} contracts ({@code PZ0401}).</li>
 * </ol>
 * Loading and compiling (PZ01xx, PZ02xx) come before; {@code pz validate --connect} probes after.
 * Nothing here writes a file or connects to a server; one in-memory DuckDB serves the engine settings
 * and the dry compile, and {@code pz run} then makes its own database from it. That DuckDB opens on
 * a thread of its own while the second and third stages run; a refusal of the first still wins.
 */
public final class Preflight {

    /**
     * Which plan to make: with check nodes or not, which nodes the verb will execute (refusals of
     * the others only go into their plan reason), and which may be fused.
     */
    public record Scope(boolean includeChecks, Predicate<String> inRun, Predicate<String> fusible) {

        /** The whole project, as {@code pz validate} and {@code pz plan} check it. */
        public static Scope wholeProject(boolean includeChecks) {
            return new Scope(includeChecks, id -> true, id -> true);
        }
    }

    /** A passed preflight: the plan, how many connections were checked, and the dry compile's notes. */
    public record Outcome(ExecutionPlan plan, int connectionsChecked, List<String> notes) {
    }

    private Preflight() {
    }

    /**
     * The SQL dry compile alone (PZ0401), in a throwaway DuckDB: what a refused selection checks
     * first: pz reports a SQL error before a selection error.
     */
    public static void dryCompile(Project project, CompiledDag dag) {
        try (DuckSession duckdb = EngineSettingsCheck.open(project)) {
            SqlDryCompiler.run(dag, duckdb);
        }
    }

    /** @throws dev.pz.connectors.api.error.PzValidationException with every finding of the first stage that has one */
    public static Outcome run(Project project, CompiledDag dag, ConnectorRegistry registry, Scope scope) {
        try (Kept kept = runKeepingDatabase(project, dag, registry, scope)) {
            return kept.outcome();
        }
    }

    /**
     * A passed preflight with its in-memory DuckDB still open, for a run to make its database from
     * ({@link DuckSession#becomeRunDatabase}) instead of starting a second DuckDB. Closing it closes
     * that database unless a run took it over.
     */
    public record Kept(Outcome outcome, DuckSession database) implements AutoCloseable {
        @Override
        public void close() {
            database.close();
        }
    }

    /** As {@link #run}; the caller closes what it returns. */
    public static Kept runKeepingDatabase(Project project, CompiledDag dag, ConnectorRegistry registry, Scope scope) {
        // DuckDB (its native library, then the engine settings) opens while the connector options are
        // checked and the plan is made, which need no DuckDB; its refusal still comes first.
        int connections;
        ExecutionPlan plan;
        DuckSession duckdb;
        try (BackgroundOpen<DuckSession> opening = BackgroundOpen.start("pz-preflight-database",
                () -> EngineSettingsCheck.open(project))) {
            try {
                connections = ConnectorConfigValidator.validate(project, dag, registry);
                ExecutionPlan streamed = UniversalStreaming.apply(Planner.plan(dag, project, registry,
                        scope.includeChecks(), scope.inRun()), dag, project, registry, scope.fusible());
                plan = Fusion.apply(streamed, dag, project,
                        id -> scope.fusible().test(id) && !streamed.isStreamed(id)).withStreamed(streamed.streamed());
            } catch (RuntimeException | Error laterStage) {
                DuckSession opened = opening.take();
                try {
                    opened.close();
                } catch (RuntimeException closing) {
                    laterStage.addSuppressed(closing);
                }
                throw laterStage;
            }
            duckdb = opening.take();
        }
        try {
            List<String> notes = SqlDryCompiler.run(dag, duckdb);
            return new Kept(new Outcome(plan, connections, notes), duckdb);
        } catch (RuntimeException | Error e) {
            try {
                duckdb.close();
            } catch (RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }
}
