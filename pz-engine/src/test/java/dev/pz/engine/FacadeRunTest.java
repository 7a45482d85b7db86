package dev.pz.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.NodeStatus;
import dev.pz.engine.events.RunStatus;
import dev.pz.engine.testing.RecordingListener;
import dev.pz.testing.TestProject;
import dev.pz.testing.memory.MemoryStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dispatch, execution and retry through the facade, inside the engine: projects over the in-memory
 * test connector, so every outcome is decided by the engine alone.
 */
class FacadeRunTest {
    private static final String ORDERS_READ = "      read:\n        columns: {id: bigint, customer: varchar, amount: double}\n";

    @TempDir
    Path temp;

    private String store;
    private MemoryStore data;

    @BeforeEach
    void freshStore() {
        store = "facade-" + UUID.randomUUID();
        data = MemoryStore.fresh(store).put("orders", List.of(List.of(1L, "alice", 10.0), List.of(2L, "bob", 5.5),
                List.of(3L, "alice", 2.5))).put("customers", List.of(List.of(1L, "alice"), List.of(2L, "bob")));
    }

    /** Two flows: orders → totals → out.totals, customers → names → out.names. */
    private TestProject twoFlows(String ordersRead, String connectionExtra) {
        return TestProject.in(temp).projectYml("facade", "engine:\n  threads: 2")
                .file("connections.yml", "src:\n  connector: memory\n  store: " + store + "\n" + connectionExtra
                        + "  entities:\n    orders:\n" + ordersRead
                        + "    customers:\n      read:\n        columns: {id: bigint, name: varchar}\n"
                        + "out:\n  connector: memory\n  store: " + store + "\n")
                .file("pipelines/totals.sql", "INSERT INTO {{ sink('out', 'totals', strategy: 'replace') }}\n"
                        + "select customer, sum(amount) as total from {{ source('src', 'orders') }} group by customer\n"
                        + "order by customer\n")
                .file("pipelines/names.sql", "INSERT INTO {{ sink('out', 'names', strategy: 'replace') }}\n"
                        + "select name from {{ source('src', 'customers') }} order by name\n");
    }

    private static CompiledProject open(PzEngine engine, TestProject project) {
        return engine.open(ProjectRequest.of(project.path()), Diagnostics.ignore());
    }

    private static RunReport runAll(CompiledProject project, RunSettings settings, RecordingListener listener) {
        return project.run(project.target(NodeSelection.everything()), settings, listener, new RunControl());
    }

    private static NodeResult result(RunReport report, String name) {
        return report.results().stream().filter(result -> result.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no result for " + name + " in " + report.results()));
    }

    @Test
    void runsEveryNodeAndRecordsTheRun() throws Exception {
        TestProject project = twoFlows(ORDERS_READ, "");
        PzEngine engine = PzEngine.create(Map.of());
        RecordingListener listener = new RecordingListener();

        RunReport report = runAll(open(engine, project), RunSettings.defaults(), listener);

        assertThat(report.status()).isEqualTo(RunStatus.SUCCESS);
        assertThat(report.succeeded()).isEqualTo(6);
        assertThat(data.table("totals")).contains(List.of(List.of("alice", 12.5), List.of("bob", 5.5)));
        assertThat(data.table("names")).contains(List.of(List.of("alice"), List.of("bob")));
        assertThat(Files.readString(report.resultsFile())).startsWith("{\"version\":1,\"runId\":\"" + report.runId()
                + "\",\"status\":\"success\"");
        assertThat(listener.events()).contains("started src_src__orders", "completed out.totals success")
                .endsWith("run success");
        List<RunSummary> runs = engine.runs(project.path(), null);
        assertThat(runs).singleElement().satisfies(run -> {
            assertThat(run.runId()).isEqualTo(report.runId());
            assertThat(run.status()).isEqualTo("success");
            assertThat(run.succeeded()).isEqualTo(6);
        });
    }

    @Test
    void recordsTheArrowPeakOfItsUniversalNodes() throws Exception {
        TestProject project = twoFlows(ORDERS_READ, "");

        RunReport report = runAll(open(PzEngine.create(Map.of()), project), RunSettings.defaults(),
                new RecordingListener());

        assertThat(report.status()).isEqualTo(RunStatus.SUCCESS);
        // The memory connector moves Arrow batches through each node's own allocator.
        long arrowBytes = new ObjectMapper().readTree(report.resultsFile().toFile()).path("peakMemory")
                .path("arrowBytes").asLong(-1);
        assertThat(arrowBytes).isPositive();
    }

    @Test
    void aFailedSourceSkipsItsDescendantsWhileTheOtherFlowRuns() {
        TestProject project = twoFlows(ORDERS_READ.replace("      read:\n", "      read:\n        fail: gone\n"), "");

        RunReport report = runAll(open(PzEngine.create(Map.of()), project), RunSettings.defaults(),
                new RecordingListener());

        assertThat(report.status()).isEqualTo(RunStatus.COMPLETED_WITH_FAILURES);
        NodeResult failed = result(report, "src_src__orders");
        assertThat(failed.status()).isEqualTo(NodeStatus.FAILED);
        assertThat(failed.error().code()).isEqualTo(PzCode.NODE_FAILED);
        assertThat(failed.error().message()).contains("gone");
        assertThat(result(report, "totals").status()).isEqualTo(NodeStatus.SKIPPED);
        assertThat(result(report, "out.totals").status()).isEqualTo(NodeStatus.SKIPPED);
        assertThat(result(report, "out.names").status()).isEqualTo(NodeStatus.SUCCESS);
        assertThat(data.table("totals")).isEmpty();
    }

    @Test
    void failFastSkipsEverythingPendingAfterTheFirstFailure() {
        TestProject project = twoFlows(ORDERS_READ.replace("      read:\n", "      read:\n        fail: gone\n"), "")
                .projectYml("facade", "engine:\n  threads: 1");

        RunReport report = runAll(open(PzEngine.create(Map.of()), project), new RunSettings(true, false),
                new RecordingListener());

        // One thread, ready nodes by kind then name: src_src__customers, then src_src__orders fails.
        assertThat(result(report, "src_src__orders").status()).isEqualTo(NodeStatus.FAILED);
        assertThat(result(report, "names").status()).isEqualTo(NodeStatus.SKIPPED);
        assertThat(result(report, "out.names").status()).isEqualTo(NodeStatus.SKIPPED);
    }

    @Test
    void transientFailuresAreRetriedPerTheConnectionsPolicy() {
        TestProject project = twoFlows(ORDERS_READ.replace("      read:\n", "      read:\n        transient_failures: 2\n"),
                "  retry: {max_attempts: 3, base_delay: 1ms, max_delay: 2ms}\n");
        RecordingListener listener = new RecordingListener();

        RunReport report = runAll(open(PzEngine.create(Map.of()), project), RunSettings.defaults(), listener);

        assertThat(report.status()).isEqualTo(RunStatus.SUCCESS);
        assertThat(listener.events()).contains("retry src_src__orders 2/3", "retry src_src__orders 3/3");
    }

    @Test
    void theRunsStagingDatabaseHoldsNothingOfTheDryCompile() {
        TestProject project = twoFlows(ORDERS_READ, "");
        PzEngine engine = PzEngine.create(Map.of());
        data.refuse("totals", "the warehouse is down");
        RunReport run = runAll(open(engine, project), RunSettings.defaults(), new RecordingListener());
        assertThat(result(run, "out.totals").status()).isEqualTo(NodeStatus.FAILED);

        // The preflight's dry compile made every source and pipeline, empty, in the DuckDB the run then used.
        Path staging = run.resultsFile().resolveSibling("staging.duckdb");
        try (DuckSession session = DuckSession.open(staging, DuckSettings.defaults());
                DuckConnection connection = session.connect()) {
            List<String> objects = connection.query("select table_name || ' ' || estimated_size from duckdb_tables()"
                    + " where database_name = 'pz' union all select view_name || ' view' from duckdb_views()"
                    + " where database_name = 'pz' and not internal order by 1", row -> row.getString(1));
            // Only what the run staged, each with its rows: no empty table or view left by the dry compile.
            assertThat(objects).containsExactly("names 2", "src_src__customers 2", "src_src__orders 3", "totals 2");
        }
    }

    @Test
    void retryRerunsWhatFailedAndReusesWhatItStaged() {
        TestProject project = twoFlows(ORDERS_READ, "").file("pipelines/totals.sql",
                "INSERT INTO {{ sink('out', 'totals', strategy: 'replace', fail: 'refused') }}\n"
                        + "select customer, sum(amount) as total from {{ source('src', 'orders') }} group by customer\n");
        PzEngine engine = PzEngine.create(Map.of());
        RunReport first = runAll(open(engine, project), RunSettings.defaults(), new RecordingListener());
        assertThat(first.status()).isEqualTo(RunStatus.COMPLETED_WITH_FAILURES);
        assertThat(result(first, "out.totals").status()).isEqualTo(NodeStatus.FAILED);

        project.file("pipelines/totals.sql", "INSERT INTO {{ sink('out', 'totals', strategy: 'replace') }}\n"
                + "select customer, sum(amount) as total from {{ source('src', 'orders') }} group by customer\n");
        CompiledProject fixed = open(engine, project);
        PreparedRetry retry = fixed.prepareRetry(false);
        // The sink's kwargs changed its node id, so the failed node is gone; what is left to retry is nothing.
        assertThat(retry.nothingToDo()).contains("nothing to retry (project changed)");
        assertThat(retry.changed()).singleElement().asString().startsWith("out.totals changed since the failed run");
    }

    @Test
    void retryOfAnUnchangedProjectReusesTheStagedSource() {
        TestProject project = twoFlows(ORDERS_READ, "");
        PzEngine engine = PzEngine.create(Map.of());
        data.refuse("totals", "the warehouse is down");
        RunReport first = runAll(open(engine, project), RunSettings.defaults(), new RecordingListener());
        assertThat(result(first, "out.totals").status()).isEqualTo(NodeStatus.FAILED);
        data.accept("totals");

        PreparedRetry retry = open(engine, project).prepareRetry(false);
        assertThat(retry.nothingToDo()).isEmpty();
        assertThat(retry.notices()).containsExactly("reusing staged data for 1 source load(s) from run "
                + first.runId());
        RunReport second = open(engine, project).run(retry.target().orElseThrow(), RunSettings.defaults(),
                new RecordingListener(), new RunControl());

        assertThat(second.status()).isEqualTo(RunStatus.SUCCESS);
        assertThat(result(second, "src_src__orders").provenance()).isEqualTo("reused");
        assertThat(second.results()).as("the flow that succeeded is not run again").extracting(NodeResult::name)
                .containsExactly("src_src__orders", "totals", "out.totals");
        assertThat(data.table("totals")).hasValueSatisfying(rows -> assertThat(rows).hasSize(2));
    }

    @Test
    void aRunCancelledBeforeItStartsRunsNothingAndRecordsNothing() {
        TestProject project = twoFlows(ORDERS_READ, "");
        CompiledProject compiled = open(PzEngine.create(Map.of()), project);
        RunControl control = new RunControl();
        control.cancel("SIGINT");

        RunCancelledException cancelled = catchThrowableOfType(RunCancelledException.class, () -> compiled.run(
                compiled.target(NodeSelection.everything()), RunSettings.defaults(), new RecordingListener(), control));

        assertThat(cancelled).hasMessage("run cancelled before any node started");
        assertThat(project.resolve(".pz/runs")).as("no run directory").doesNotExist();
        assertThat(data.table("totals")).isEmpty();
    }

    @Test
    void neverMoreNodesAtOnceThanEngineThreadsNorThanAConnectionsMaxConcurrency() {
        StringBuilder entities = new StringBuilder();
        TestProject project = TestProject.in(temp).projectYml("wide", "engine:\n  threads: 2");
        for (int i = 0; i < 6; i++) {
            entities.append("    t").append(i).append(":\n      read:\n        columns: {id: bigint}\n");
            project.file("pipelines/p" + i + ".sql", "select id, (select count(*) from range(3000000)) as n from "
                    + "{{ source('files', 't" + i + "') }}\n");
        }
        project.file("connections.yml", "files:\n  connector: memory\n  store: " + store + "\n  entities:\n" + entities);
        RecordingListener wide = new RecordingListener("src_files__");
        RunReport report = runAll(open(PzEngine.create(Map.of()), project), RunSettings.defaults(), wide);
        assertThat(report.status()).isEqualTo(RunStatus.SUCCESS);
        assertThat(report.results()).hasSize(12);
        assertThat(wide.peak()).isEqualTo(2);

        project.file("connections.yml", "files:\n  connector: memory\n  store: " + store + "\n  max_concurrency: 1\n"
                + "  entities:\n" + entities);
        RecordingListener serial = new RecordingListener("src_files__");
        runAll(open(PzEngine.create(Map.of()), project), RunSettings.defaults(), serial);
        assertThat(serial.watchedPeak()).isEqualTo(1);
        assertThat(serial.peak()).as("pipelines still overlap the serialised loads").isEqualTo(2);
    }

    @Test
    void retryWithoutAPriorRunIsRefused() {
        PzException refused = catchThrowableOfType(PzException.class,
                () -> open(PzEngine.create(Map.of()), twoFlows(ORDERS_READ, "")).prepareRetry(false));
        assertThat(refused.code()).isEqualTo(PzCode.NO_PRIOR_RUN);
    }
}
