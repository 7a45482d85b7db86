package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.connectors.postgres.PostgresProjects;
import dev.pz.connectors.postgres.PostgresTestServer;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The emitted specs' semantics executed with real pz processes against the suite's PostgreSQL
 * (source, sink and state backend) with a staging folder: {@link EmittedJobRunner} plays the
 * Kubernetes Job controller and {@link EmittedWorkflowRunner} the Argo workflow controller (per-index
 * environment, {@code $(VAR)} expansion, retries and failure policies weighed on the real exit
 * codes, commit after shards, the dependent flow after the commit it reads). The container's working
 * directory ({@code /project} in the image) is the project folder here, given as {@code --project}.
 * Faults: a shard killed with SIGKILL on its first attempt is retried and every row lands exactly
 * once with the watermark advanced once; a shard exiting 2 fails its index at once and nothing is
 * committed.
 */
class EmittedSpecRunTest {
    private static final int SHARDS = 4;
    private static final long WAIT_MS = 240_000;

    @TempDir
    Path temp;

    private String suffix;
    private String source;
    private Map<String, String> credentials;

    @BeforeEach
    void seed() throws SQLException {
        suffix = Long.toHexString(System.nanoTime());
        source = "emit_src_" + suffix;
        PostgresTestServer.Endpoint server = PostgresTestServer.endpoint();
        credentials = Map.of("PG_HOST", server.host(), "PG_PORT", String.valueOf(server.port()), "PG_DB",
                server.database(), "PG_USER", server.user(), "PG_PASSWORD", server.password());
        PostgresProjects.execute("create table public." + source + " (id bigint primary key, name text,"
                + " updated_at timestamp not null)", "insert into public." + source + " select i, 'row-' || i,"
                + " timestamp '2026-01-01' + i * interval '1 second' from generate_series(1, 5000) i");
    }

    /**
     * Two flows: {@code totals} copies the source incrementally (partitioned on id) into
     * {@code <dir>_a}; {@code report} reads that table (partitioned on id) into {@code <dir>_b}, so it
     * can only run once the first flow committed. The first appends with {@code duplicates: accept}
     * (pz's own guard against appending an incremental read), so a duplicate the commit let through
     * would show in the sink rather than be merged away.
     */
    private TestProject project(String dir) {
        String first = "public." + dir + "_a_" + suffix;
        String second = "public." + dir + "_b_" + suffix;
        return TestProject.in(temp.resolve(dir)).projectYml("emit_" + dir, "engine:\n  threads: 2\n"
                        + "scale_out:\n  staging: ../staging-" + dir + "\n"
                        + "state:\n  backend: postgres\n  connection: statedb\n  schema: emit_state_" + dir + "_"
                        + suffix + "\n")
                .file("connections.yml", PostgresProjects.connection("pg", "", "    public." + source + ":\n"
                        + "      read:\n        columns: {id: bigint, name: varchar, updated_at: timestamp}\n"
                        + "        partition_column: id\n        partitions: 2\n"
                        + "        sync: {mode: incremental, cursor: updated_at}\n"
                        + "    " + first + ":\n      read:\n"
                        + "        columns: {id: bigint, name: varchar, updated_at: timestamp}\n"
                        + "        partition_column: id\n        partitions: 2\n"
                        + "      write: {strategy: append, duplicates: accept}\n")
                        + PostgresProjects.connection("statedb", "", ""))
                .file("pipelines/totals.sql", "INSERT INTO {{ sink('pg', '" + first + "') }}\n"
                        + "select id, upper(name) as name, updated_at from {{ source('pg', 'public." + source + "') }}\n")
                .file("pipelines/report.sql", "INSERT INTO {{ sink('pg', '" + second + "', strategy: 'append') }}\n"
                        + "select id, name, updated_at from {{ source('pg', '" + first + "') }}\n");
    }

    @Test
    void kubernetesJobsRetryAKilledShardAndLandEveryRowOnce() throws Exception {
        TestProject project = project("k8s");
        List<JsonNode> jobs = emitKubernetes(project, "r1");
        FaultyPods pods = new FaultyPods(project, Set.of("-shards/3/1"));

        Map<String, EmittedJobRunner.JobOutcome> outcomes = new EmittedJobRunner(pods, secrets(project)).runAll(jobs);

        List<String> names = new ArrayList<>(outcomes.keySet());
        assertThat(outcomes.values()).as(pods.logs()).allMatch(EmittedJobRunner.JobOutcome::complete);
        assertThat(outcomes.get(names.get(0)).exitCodes()).as(pods.logs()).containsEntry(3, List.of(137, 0))
                .containsEntry(0, List.of(0)).containsEntry(1, List.of(0)).containsEntry(2, List.of(0));
        assertThat(pods.started()).as("shards first, then their commit, then the flow that reads it").containsExactly(
                names.get(0), names.get(1), names.get(2), names.get(3));
        assertExactlyOnce("k8s", "r1");
    }

    @Test
    void argoRetriesAKilledShardAndLandsEveryRowOnce() throws Exception {
        TestProject project = project("argo");
        JsonNode workflow = emitArgo(project);
        FaultyPods pods = new FaultyPods(project, Set.of("-shards/2/1"));

        Map<String, EmittedWorkflowRunner.TaskOutcome> outcomes = new EmittedWorkflowRunner(pods, secrets(project),
                "uid-1").run(workflow);

        List<String> names = new ArrayList<>(outcomes.keySet());
        assertThat(outcomes.values()).as(pods.logs()).allMatch(EmittedWorkflowRunner.TaskOutcome::succeeded);
        assertThat(outcomes.get(names.get(0)).exitCodes()).as(pods.logs()).containsEntry(2, List.of(137, 0))
                .containsEntry(0, List.of(0));
        assertThat(pods.started()).containsExactly(names.get(0), names.get(1), names.get(2), names.get(3));
        assertExactlyOnce("argo", "uid-1");
    }

    @Test
    void aShardExitingTwoFailsItsIndexWithoutRetryAndNothingIsCommitted() throws Exception {
        TestProject project = project("bad");
        List<JsonNode> jobs = emitKubernetes(project, "r1");
        JsonNode workflow = emitArgo(project);
        // The cluster's Secret lacks the database password: every pz process refuses its input (exit 2).
        Map<String, Map<String, String>> secrets = secrets(project);
        Map<String, String> broken = new HashMap<>(credentials);
        broken.remove("PG_PASSWORD");
        secrets.replaceAll((name, secret) -> broken);
        FaultyPods pods = new FaultyPods(project, Set.of());

        Map<String, EmittedJobRunner.JobOutcome> jobOutcomes = new EmittedJobRunner(pods, secrets).runAll(jobs);
        Map<String, EmittedWorkflowRunner.TaskOutcome> taskOutcomes = new EmittedWorkflowRunner(pods, secrets, "uid-2")
                .run(workflow);

        List<EmittedJobRunner.JobOutcome> byOrder = new ArrayList<>(jobOutcomes.values());
        assertThat(byOrder.get(0).complete()).isFalse();
        assertThat(byOrder.get(0).exitCodes().values()).as(pods.logs()).allMatch(codes -> codes.equals(List.of(2)));
        assertThat(byOrder.subList(1, 4)).allMatch(outcome -> !outcome.started());
        List<EmittedWorkflowRunner.TaskOutcome> tasks = new ArrayList<>(taskOutcomes.values());
        assertThat(tasks.get(0).succeeded()).isFalse();
        assertThat(tasks.get(0).exitCodes().values()).as(pods.logs()).allMatch(codes -> codes.equals(List.of(2)));
        assertThat(tasks.subList(1, 4)).allMatch(outcome -> !outcome.started());
        assertThat(pods.logs()).contains("PZ0103");
        assertThat(count("select count(*) from information_schema.tables where table_name like 'bad\\_%" + suffix + "'"))
                .isZero();
    }

    /** Both flows' sinks hold every source row exactly once, and the source's watermark was advanced once, by the run. */
    private void assertExactlyOnce(String dir, String runId) throws SQLException {
        for (String table : List.of(dir + "_a_" + suffix, dir + "_b_" + suffix)) {
            assertThat(count("select count(*) from public." + table)).isEqualTo(5000);
            assertThat(count("select count(distinct id) from public." + table)).isEqualTo(5000);
            assertThat(count("select count(*) from public." + table + " t join public." + source
                    + " s using (id) where t.name = upper(s.name) and t.updated_at = s.updated_at")).isEqualTo(5000);
        }
        assertThat(PostgresProjects.rows("select payload::json->>'value' || '|' || (payload::json->>'runId') from"
                + " emit_state_" + dir + "_" + suffix + ".state_entries where scope = 'watermarks' and state_key ="
                + " 'pg.public." + source + "'")).containsExactly("2026-01-01T01:23:20.000000|" + runId);
    }

    private List<JsonNode> emitKubernetes(TestProject project, String runId) throws Exception {
        CliRun plan = CliRun.pzWithEnv(environment(), project.path(), "plan", "--emit", "kubernetes", "--shards",
                String.valueOf(SHARDS), "--image", "registry.example/pz-emit:1", "--run-id", runId);
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        List<JsonNode> jobs = new ArrayList<>();
        for (Path manifest : PlanEmitTest.manifests(project.resolve(".pz/target/kubernetes"))) {
            jobs.add(PlanEmitTest.yaml().readTree(manifest.toFile()));
        }
        assertThat(jobs).hasSize(4);
        return jobs;
    }

    private JsonNode emitArgo(TestProject project) throws Exception {
        CliRun plan = CliRun.pzWithEnv(environment(), project.path(), "plan", "--emit", "argo", "--shards",
                String.valueOf(SHARDS), "--image", "registry.example/pz-emit:1");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        return PlanEmitTest.yaml().readTree(project.resolve(".pz/target/argo/workflow.yaml").toFile());
    }

    /** The Secret the specs reference by name, holding the database credentials (as a cluster would). */
    private Map<String, Map<String, String>> secrets(TestProject project) throws Exception {
        JsonNode workflow = emitArgo(project);
        String name = workflow.at("/spec/templates/1/container/envFrom/0/secretRef/name").asText();
        return new HashMap<>(Map.of(name, credentials));
    }

    private Map<String, String> environment() {
        Map<String, String> environment = new HashMap<>(System.getenv());
        environment.putAll(credentials);
        return environment;
    }

    private static long count(String query) throws SQLException {
        return Long.parseLong(PostgresProjects.rows(query).get(0));
    }

    /**
     * Pods as pz processes in the test's JVM image: the pod's environment over the machine's, the
     * project as {@code --project}. An attempt whose name ends with one of {@code kills} is killed with
     * SIGKILL once its run directory exists, mid-run.
     */
    private final class FaultyPods implements Pods {
        private final TestProject project;
        private final Set<String> kills;
        private final List<String> started = new ArrayList<>();
        private final Map<String, Path> logs = new ConcurrentHashMap<>();

        FaultyPods(TestProject project, Set<String> kills) {
            this.project = project;
            this.kills = kills;
        }

        @Override
        public int run(String pod, List<String> command, Map<String, String> podEnvironment) throws Exception {
            String unit = pod.substring(0, pod.indexOf('/'));
            synchronized (started) {
                if (!started.contains(unit)) {
                    started.add(unit);
                }
            }
            Map<String, String> environment = new HashMap<>(System.getenv());
            environment.putAll(podEnvironment);
            List<String> arguments = new ArrayList<>(command.subList(1, command.size()));
            arguments.addAll(List.of("--project", project.path().toString()));
            Path log = temp.resolve(pod.replace('/', '_') + ".log");
            logs.put(pod, log);
            Path runs = project.path().resolve(".pz/runs");
            int before = runDirectories(runs);
            PzProcess process = PzProcess.start(log, environment, arguments.toArray(String[]::new));
            if (kills.stream().anyMatch(pod::endsWith)) {
                boolean midRun = process.awaitThenKill(() -> runDirectories(runs) > before, WAIT_MS);
                assertThat(midRun).as(process.log()).isTrue();
            }
            return process.waitFor(WAIT_MS);
        }

        List<String> started() {
            synchronized (started) {
                return List.copyOf(started);
            }
        }

        String logs() {
            StringBuilder text = new StringBuilder();
            logs.forEach((pod, log) -> {
                try {
                    text.append("--- ").append(pod).append('\n').append(Files.exists(log) ? Files.readString(log) : "");
                } catch (java.io.IOException e) {
                    text.append(e);
                }
            });
            return text.toString();
        }

        private static int runDirectories(Path runs) {
            if (!Files.isDirectory(runs)) {
                return 0;
            }
            try (Stream<Path> entries = Files.list(runs)) {
                return (int) entries.filter(Files::isDirectory).count();
            } catch (java.io.IOException e) {
                return 0;
            }
        }
    }
}
