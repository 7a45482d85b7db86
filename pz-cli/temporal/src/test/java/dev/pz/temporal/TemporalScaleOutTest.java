package dev.pz.temporal;

import static dev.pz.connectors.postgres.ShardedPostgresFlow.count;
import static dev.pz.connectors.postgres.ShardedPostgresFlow.difference;
import static dev.pz.connectors.postgres.ShardedPostgresFlow.sink;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.postgres.PostgresTestServer;
import dev.pz.connectors.postgres.ShardedPostgresFlow;
import dev.pz.testing.TestProject;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.common.converter.DataConverter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz worker} processes and {@code pz submit --engine temporal} against Temporal's test server on
 * a loopback port: the plan's DAG as a workflow (shards in parallel, then the commit; a flow after the
 * flows it depends on), exit codes 1/2 failing without a retry, and a worker killed with SIGKILL in
 * the middle of a step whose step then runs again on the other worker; and the sharded PostgreSQL
 * flow of the CLI's sharded-run tests, emitted in 8 shards, landing the rows of a single run exactly
 * once with its watermark advanced once although a worker died mid-shard.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class TemporalScaleOutTest {
    private static TemporalTestServer temporal;

    @TempDir
    Path temp;

    @BeforeAll
    static void startTemporal() throws Exception {
        temporal = TemporalTestServer.start();
    }

    @AfterAll
    static void stopTemporal() {
        if (temporal != null) {
            temporal.close();
        }
    }

    private TestProject project(String... readOptions) {
        String slow = readOptions.length == 0 ? "{batches: 2, rows: 3}" : readOptions[0];
        return TestProject.in(temp.resolve("project")).projectYml("scaleout")
                .file("connections.yml", "src:\n  connector: memory\n  entities:\n    a:\n      read: {batches: 2, "
                        + "rows: 3}\n    b:\n      read: {batches: 2, rows: 3}\n    slow:\n      read: " + slow
                        + "\nlake:\n  connector: localfiles\n")
                .file("pipelines/a.sql", "INSERT INTO {{ sink('lake', 'a', strategy: 'replace', format: 'csv', path: "
                        + "'out/') }}\nselect * from {{ source('src', 'a') }}\n")
                .file("pipelines/b.sql", "INSERT INTO {{ sink('lake', 'b', strategy: 'replace', format: 'csv', path: "
                        + "'out/') }}\nselect * from {{ source('src', 'b') }}\n")
                .file("pipelines/slow.sql", "INSERT INTO {{ sink('lake', 'slow', strategy: 'replace', format: 'csv', "
                        + "path: 'out/') }}\nselect * from {{ source('src', 'slow') }}\n");
    }

    /** A neutral plan file: per flow its name, shards, dependencies, shard command and commit command. */
    private static String plan(String... flows) {
        return "{\n  \"format\": \"pz.scale-out/v1\",\n  \"project\": \"scaleout\",\n  \"flows\": [\n"
                + String.join(",\n", flows) + "\n  ],\n  \"exit_codes\": {\"ok\": [0], \"retry\": [3, 75], \"fail\": [1, 2]}\n}\n";
    }

    private static String flow(String name, int shards, List<String> dependsOn, String shardCommand,
            String commitCommand) {
        return "    {\"name\": \"" + name + "\", \"shards\": " + shards + ", \"depends_on\": ["
                + dependsOn.stream().map(d -> "\"" + d + "\"").collect(Collectors.joining(", ")) + "], "
                + "\"shard_command\": " + words(shardCommand) + ", \"commit_command\": " + words(commitCommand) + "}";
    }

    private static String words(String command) {
        return List.of(command.split(" ")).stream().map(w -> "\"" + w + "\"").collect(Collectors.joining(", ", "[", "]"));
    }

    private static TemporalTestServer.CliResult submit(TestProject project, String queue, String runId,
            String... extra) {
        return submit(System.getenv(), project, queue, runId, extra);
    }

    private static TemporalTestServer.CliResult submit(Map<String, String> environment, TestProject project,
            String queue, String runId, String... extra) {
        List<String> args = new ArrayList<>(List.of("submit", "--engine", "temporal", "--temporal", temporal.target(),
                "--task-queue", queue, "--run-id", runId, "--project", project.path().toString()));
        args.addAll(List.of(extra));
        return TemporalTestServer.pz(environment, args.toArray(String[]::new));
    }

    /** Each activity's scheduling, start and end as (event id, type, step label, attempt, worker) in history order. */
    private record StepEvent(long id, EventType type, String label, int attempt, String identity) {
    }

    private static List<StepEvent> steps(String workflowId) {
        List<HistoryEvent> history = temporal.history(workflowId);
        Map<Long, String> labels = new java.util.HashMap<>();
        List<StepEvent> events = new ArrayList<>();
        for (HistoryEvent event : history) {
            switch (event.getEventType()) {
                case EVENT_TYPE_ACTIVITY_TASK_SCHEDULED -> {
                    var scheduled = event.getActivityTaskScheduledEventAttributes();
                    Step step = DataConverter.getDefaultInstance().fromPayloads(0, Optional.of(scheduled.getInput()),
                            Step.class, Step.class);
                    String label = step.flow() + " " + step.label();
                    labels.put(event.getEventId(), label);
                    events.add(new StepEvent(event.getEventId(), event.getEventType(), label, 0, ""));
                }
                case EVENT_TYPE_ACTIVITY_TASK_STARTED -> {
                    var started = event.getActivityTaskStartedEventAttributes();
                    events.add(new StepEvent(event.getEventId(), event.getEventType(),
                            labels.get(started.getScheduledEventId()), started.getAttempt(), started.getIdentity()));
                }
                case EVENT_TYPE_ACTIVITY_TASK_COMPLETED -> events.add(new StepEvent(event.getEventId(),
                        event.getEventType(), labels.get(event.getActivityTaskCompletedEventAttributes()
                                .getScheduledEventId()), 0, ""));
                case EVENT_TYPE_ACTIVITY_TASK_FAILED -> events.add(new StepEvent(event.getEventId(),
                        event.getEventType(), labels.get(event.getActivityTaskFailedEventAttributes()
                                .getScheduledEventId()), 0, ""));
                default -> {
                }
            }
        }
        return events;
    }

    private static long idOf(List<StepEvent> events, EventType type, String label) {
        return events.stream().filter(e -> e.type() == type && label.equals(e.label())).mapToLong(StepEvent::id)
                .findFirst().orElseThrow(() -> new AssertionError("no " + type + " for " + label + " in " + events));
    }

    @Test
    void runsShardsThenTheCommitAndEachFlowAfterItsDependencies() throws Exception {
        TestProject project = project().file(".pz/target/scale-out.json", plan(
                flow("b", 1, List.of("a"), "pz ls --select b", "pz run --select b+"),
                flow("a", 2, List.of(), "pz ls --select a", "pz run --select a+")));
        try (WorkerProcess one = WorkerProcess.start(temp.resolve("one.log"), project.path(), temporal.target(), "dag", 2);
                WorkerProcess two = WorkerProcess.start(temp.resolve("two.log"), project.path(), temporal.target(), "dag",
                        2)) {
            TemporalTestServer.CliResult submitted = submit(project, "dag", "dag-1", "--wait");

            assertThat(submitted.exitCode()).as(submitted.toString()).isZero();
            assertThat(submitted.out()).contains("submitted run dag-1: 2 flow(s), 3 shard(s), task queue dag",
                    "flow a: 2 shard(s) committed", "flow b: 1 shard(s) committed", "run dag-1 committed");
        }
        assertThat(Files.readAllLines(project.resolve("out/a.csv"))).hasSize(7);
        assertThat(Files.readAllLines(project.resolve("out/b.csv"))).hasSize(7);

        List<StepEvent> events = steps("dag-1");
        long aCommitScheduled = idOf(events, EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED, "a commit");
        assertThat(idOf(events, EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED, "a shard 0/2")).isLessThan(aCommitScheduled);
        assertThat(idOf(events, EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED, "a shard 1/2")).isLessThan(aCommitScheduled);
        assertThat(idOf(events, EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED, "a commit"))
                .isLessThan(idOf(events, EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED, "b shard 0/1"));
        assertThat(events.stream().filter(e -> e.type() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED))
                .hasSize(5);
    }

    @Test
    void aPermanentFailureIsNotRetriedAndStopsTheFlowsAfterIt() throws Exception {
        TestProject project = project().file(".pz/target/scale-out.json", plan(
                flow("a", 1, List.of(), "pz ls --select no_such_node", "pz run --select a+"),
                flow("b", 1, List.of("a"), "pz ls --select b", "pz run --select b+")));
        TemporalTestServer.CliResult submitted;
        try (WorkerProcess worker = WorkerProcess.start(temp.resolve("w.log"), project.path(), temporal.target(),
                "permanent", 1)) {
            submitted = submit(project, "permanent", "permanent-1", "--wait", "--max-attempts", "4");
        }

        assertThat(submitted.exitCode()).as(submitted.toString()).isEqualTo(2);
        assertThat(submitted.err()).startsWith("error PZ0734: run permanent-1 failed: flow a shard 0/1: pz exited with 2")
                .contains("PZ0210");
        List<StepEvent> events = steps("permanent-1");
        assertThat(events).filteredOn(e -> e.type() == EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED)
                .extracting(StepEvent::label, StepEvent::attempt).containsExactly(org.assertj.core.groups.Tuple.tuple(
                        "a shard 0/1", 1));
        assertThat(events).noneMatch(e -> e.label().equals("a commit") || e.label().startsWith("b "));
        assertThat(project.resolve("out")).doesNotExist();
    }

    @Test
    void aStepOfAWorkerKilledMidRunRunsAgainOnTheOtherWorker() throws Exception {
        TestProject project = project("{batches: 40, rows: 5, sleep_ms: 300}").file(".pz/target/scale-out.json",
                plan(flow("slow", 1, List.of(), "pz run --select slow+", "pz ls --select slow")));
        try (WorkerProcess one = WorkerProcess.start(temp.resolve("one.log"), project.path(), temporal.target(),
                "failover", 1);
                WorkerProcess two = WorkerProcess.start(temp.resolve("two.log"), project.path(), temporal.target(),
                        "failover", 1)) {
            TemporalTestServer.CliResult submitted = submit(project, "failover", "failover-1", "--heartbeat-timeout", "5");
            assertThat(submitted.exitCode()).as(submitted.toString()).isZero();
            WorkerProcess doomed = WorkerProcess.firstToPrint(List.of(one, two), "[slow shard 0/1] start (attempt 1)");
            WorkerProcess survivor = doomed == one ? two : one;
            List<ProcessHandle> orphans = doomed.awaitRunningChild(project.resolve(".pz/runs"));
            doomed.killHard();
            assertThat(doomed.log()).as("killed in the middle of the step").doesNotContain("[slow shard 0/1] exit");

            TemporalTestServer.CliResult again = submit(project, "failover", "failover-1", "--wait");
            assertThat(again.exitCode()).as(again.toString()).isZero();
            assertThat(again.out()).contains("note: run failover-1 was already submitted; nothing new started",
                    "run failover-1 committed");
            assertThat(survivor.log()).contains("[slow shard 0/1] start (attempt 2)", "[slow shard 0/1] exit 0",
                    "[slow commit] exit 0");
            for (ProcessHandle orphan : orphans) {
                orphan.onExit().get(2, TimeUnit.MINUTES);
            }
        }
        assertThat(Files.readAllLines(project.resolve("out/slow.csv"))).hasSize(1 + 40 * 5);
        List<StepEvent> events = steps("failover-1");
        assertThat(events).filteredOn(e -> e.type() == EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED
                && e.label().equals("slow shard 0/1")).extracting(StepEvent::attempt).containsExactly(2);
    }

    @Test
    void anEmittedEightShardFlowWithAWorkerKilledMidShardLandsTheSingleRunRowsOnceAndAdvancesStateOnce()
            throws Exception {
        ShardedPostgresFlow flow = ShardedPostgresFlow.seed(temp);
        Map<String, String> env = flow.environment();
        String target = "temporal_dst_" + Long.toHexString(System.nanoTime());
        String reference = target.replace("dst", "ref");
        TestProject sharded = flow.shardedProject("sharded", target);
        TemporalTestServer.CliResult emitted = TemporalTestServer.pz(env, "plan", "--emit", "plan", "--shards", "8",
                "--project", sharded.path().toString());
        assertThat(emitted.exitCode()).as(emitted.toString()).isZero();

        String killedShard;
        CompletableFuture<TemporalTestServer.CliResult> submitted;
        List<ProcessHandle> orphans;
        try (Connection sourceLock = PostgresTestServer.jdbc();
                WorkerProcess one = WorkerProcess.start(temp.resolve("one.log"), sharded.path(), temporal.target(),
                        "sharded", 1, env);
                WorkerProcess two = WorkerProcess.start(temp.resolve("two.log"), sharded.path(), temporal.target(),
                        "sharded", 1, env)) {
            // Until the lock is released no shard can read the source, so the shard killed below is mid-run.
            sourceLock.setAutoCommit(false);
            try (Statement statement = sourceLock.createStatement()) {
                statement.execute("lock table public." + flow.source() + " in access exclusive mode");
            }
            submitted = CompletableFuture.supplyAsync(() -> submit(env, sharded, "sharded", "sharded-1", "--wait",
                    "--heartbeat-timeout", "5"));
            WorkerProcess.Printed first = WorkerProcess.firstToPrint(List.of(one, two),
                    Pattern.compile("\\[(" + Pattern.quote(sink(target)) + " shard \\d/8)\\] start \\(attempt 1\\)"));
            killedShard = first.match().group(1);
            WorkerProcess doomed = first.worker();
            WorkerProcess survivor = doomed == one ? two : one;
            orphans = doomed.awaitChild();
            awaitAReadBlockedBy(flow.source());
            doomed.killHard();
            sourceLock.commit();
            assertThat(doomed.log()).as("killed in the middle of the shard").doesNotContain("[" + killedShard + "] exit");

            TemporalTestServer.CliResult result = submitted.get(4, TimeUnit.MINUTES);
            assertThat(result.exitCode()).as(result.toString()).isZero();
            assertThat(result.out()).contains("flow " + sink(target) + ": 8 shard(s) committed",
                    "run sharded-1 committed");
            assertThat(survivor.log()).contains("[" + killedShard + "] start (attempt 2)", "[" + killedShard + "] exit 0");
            for (ProcessHandle orphan : orphans) {
                orphan.onExit().get(2, TimeUnit.MINUTES);
            }
            assertThat(steps("sharded-1")).filteredOn(e -> e.type() == EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED
                    && e.label().equals(killedShard)).singleElement().satisfies(started -> {
                        assertThat(started.attempt()).isEqualTo(2);
                        assertThat(started.identity()).startsWith(survivor.identityPrefix());
                    });
        }

        TestProject single = flow.shardedProject("single", reference);
        TemporalTestServer.CliResult plain = TemporalTestServer.pz(env, "run", "--select", sink(reference), "--project",
                single.path().toString());
        assertThat(plain.exitCode()).as(plain.toString()).isZero();
        assertThat(count("select count(*) from public." + target)).isEqualTo(count("select count(*) from public."
                + reference)).isGreaterThan(19_000);
        assertThat(difference(target, reference)).as("the same rows as one run, each once").isZero();
        assertThat(flow.watermark("sharded", flow.source())).containsExactly(ShardedPostgresFlow.WATERMARK
                + "|sharded-1");
        assertThat(flow.watermark("single", flow.source())).singleElement().asString()
                .startsWith(ShardedPostgresFlow.WATERMARK + "|");
    }

    /** Waits until a PostgreSQL session waits for the lock on {@code public.<table>}: a shard's read has begun. */
    private static void awaitAReadBlockedBy(String table) throws Exception {
        while (count("select count(*) from pg_locks where not granted and relation = 'public." + table
                + "'::regclass") == 0) {
            Thread.sleep(50);
        }
    }

    @Test
    void submitsThePlanThatPzPlanEmits() throws Exception {
        TestProject project = project();
        TemporalTestServer.CliResult emitted = TemporalTestServer.pz("plan", "--emit", "plan", "--shards", "3",
                "--project", project.path().toString());
        assertThat(emitted.exitCode()).as(emitted.toString()).isZero();

        TemporalTestServer.CliResult submitted = submit(project, "emitted", "emitted-1");

        assertThat(submitted.exitCode()).as(submitted.toString()).isZero();
        assertThat(submitted.out()).isEqualTo("submitted run emitted-1: 3 flow(s), 9 shard(s), task queue emitted\n");
        List<HistoryEvent> history = temporal.history("emitted-1");
        ScaleOutRun input = DataConverter.getDefaultInstance().fromPayloads(0, Optional.of(history.get(0)
                .getWorkflowExecutionStartedEventAttributes().getInput()), ScaleOutRun.class, ScaleOutRun.class);
        assertThat(input.runId()).isEqualTo("emitted-1");
        assertThat(input.flows()).extracting(dev.pz.cli.scaleout.ScaleOutPlan.Flow::name)
                .containsExactly("lake.a", "lake.b", "lake.slow");
        assertThat(input.flows().get(0).shardCommand(2, "emitted-1")).containsExactly("pz", "run", "--select",
                "lake.a", "--shard", "2/3", "--run-id", "emitted-1");
    }

    @Test
    void anUnreachableTemporalIsOneClearError() throws Exception {
        TestProject project = project().file(".pz/target/scale-out.json", plan(
                flow("a", 1, List.of(), "pz ls --select a", "pz run --select a+")));
        String closed = "127.0.0.1:" + TemporalTestServer.freePort();

        TemporalTestServer.CliResult submitted = TemporalTestServer.pz("submit", "--engine", "temporal", "--temporal",
                closed, "--run-id", "r1", "--project", project.path().toString());
        TemporalTestServer.CliResult worker = TemporalTestServer.pz("worker", "--temporal", closed, "--project",
                project.path().toString());

        for (TemporalTestServer.CliResult result : List.of(submitted, worker)) {
            assertThat(result.exitCode()).as(result.toString()).isEqualTo(2);
            assertThat(result.err()).startsWith("error PZ0731: cannot reach the Temporal server at " + closed)
                    .contains("hint: start the Temporal server or fix --temporal");
        }
        assertThat(project.resolve(".pz/runs")).doesNotExist();
    }
}
