package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.pz.testing.TestProject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz plan --emit}: the neutral plan's exact text, the Kubernetes and Argo specs' shape
 * (shard fan-out, retries keyed on exit codes, order between dependent flows), determinism, and
 * every bad option refused with its code before anything is written.
 */
class PlanEmitTest {
    private static final YAMLMapper YAML = new YAMLMapper();

    @TempDir
    Path temp;

    @Test
    void neutralPlanListsFlowsDependenciesFirstWithTheirCommands() {
        TestProject project = ScaleOutProjects.chained(temp);
        CliRun plan = CliRun.pz(project.path(), "plan", "--emit", "plan", "--shards", "3");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out()).contains("emitted plan for 2 flows: lake.totals, lake.report\n",
                "wrote " + project.resolve(".pz/target/scale-out.json") + "\n");
        String json = project.read(".pz/target/scale-out.json");
        assertThat(json).isEqualTo("""
                {
                  "format": "pz.scale-out/v1",
                  "project": "chained",
                  "flows": [
                    {
                      "name": "lake.totals",
                      "shards": 3,
                      "depends_on": [],
                      "shard_command": [
                        "pz",
                        "run",
                        "--select",
                        "lake.totals",
                        "--shard",
                        "{shard}/3",
                        "--run-id",
                        "{run_id}"
                      ],
                      "commit_command": [
                        "pz",
                        "commit",
                        "--select",
                        "lake.totals",
                        "--run-id",
                        "{run_id}"
                      ]
                    },
                    {
                      "name": "lake.report",
                      "shards": 3,
                      "depends_on": [
                        "lake.totals"
                      ],
                      "shard_command": [
                        "pz",
                        "run",
                        "--select",
                        "lake.report",
                        "--shard",
                        "{shard}/3",
                        "--run-id",
                        "{run_id}"
                      ],
                      "commit_command": [
                        "pz",
                        "commit",
                        "--select",
                        "lake.report",
                        "--run-id",
                        "{run_id}"
                      ]
                    }
                  ],
                  "exit_codes": {
                    "ok": [
                      0
                    ],
                    "retry": [
                      3,
                      75
                    ],
                    "fail": [
                      1,
                      2
                    ]
                  }
                }
                """);
    }

    @Test
    void kubernetesEmitsAnIndexedJobAndACommitJobPerFlowInRunOrder() throws IOException {
        TestProject project = ScaleOutProjects.chained(temp);
        CliRun plan = CliRun.pz(project.path(), "plan", "--emit", "kubernetes", "--shards", "4", "--image",
                "registry.example/chained:1", "--run-id", "nightly-7");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        List<Path> files = manifests(project.resolve(".pz/target/kubernetes"));
        assertThat(files).extracting(file -> file.getFileName().toString()).containsExactly(
                "01-pz-lake-totals-6e5ee1-nightly-7-shards.yaml", "02-pz-lake-totals-6e5ee1-nightly-7-commit.yaml",
                "03-pz-lake-report-a842dc-nightly-7-shards.yaml", "04-pz-lake-report-a842dc-nightly-7-commit.yaml");

        JsonNode shards = YAML.readTree(files.get(2).toFile());
        JsonNode spec = shards.path("spec");
        assertThat(spec.path("completionMode").asText()).isEqualTo("Indexed");
        assertThat(spec.path("completions").asInt()).isEqualTo(4);
        assertThat(spec.path("parallelism").asInt()).isEqualTo(4);
        assertThat(spec.path("backoffLimitPerIndex").asInt()).isEqualTo(3);
        JsonNode rules = spec.path("podFailurePolicy").path("rules");
        assertThat(rules.get(0).path("action").asText()).isEqualTo("FailIndex");
        assertThat(rules.get(0).path("onExitCodes").path("values").toString()).isEqualTo("[1,2]");
        assertThat(rules.get(1).path("action").asText()).isEqualTo("Ignore");
        assertThat(rules.get(1).path("onPodConditions").get(0).path("type").asText()).isEqualTo("DisruptionTarget");
        JsonNode pod = spec.path("template").path("spec");
        assertThat(pod.path("restartPolicy").asText()).isEqualTo("Never");
        JsonNode container = pod.path("containers").get(0);
        assertThat(container.path("image").asText()).isEqualTo("registry.example/chained:1");
        assertThat(container.path("args").toString()).isEqualTo(
                "[\"run\",\"--select\",\"lake.report\",\"--shard\",\"$(JOB_COMPLETION_INDEX)/4\",\"--run-id\",\"nightly-7\"]");
        assertThat(container.path("envFrom").get(0).path("secretRef").path("name").asText()).isEqualTo("chained-pz-env");
        assertThat(shards.path("metadata").path("annotations").path("pz.dev/after").asText())
                .isEqualTo("pz-lake-totals-6e5ee1-nightly-7-commit");

        JsonNode commit = YAML.readTree(files.get(3).toFile());
        assertThat(commit.path("spec").has("completionMode")).isFalse();
        assertThat(commit.path("spec").path("podFailurePolicy").path("rules").get(0).path("action").asText())
                .isEqualTo("FailJob");
        assertThat(commit.path("spec").path("template").path("spec").path("containers").get(0).path("args").toString())
                .isEqualTo("[\"commit\",\"--select\",\"lake.report\",\"--run-id\",\"nightly-7\"]");
        assertThat(commit.path("metadata").path("annotations").path("pz.dev/after").asText())
                .isEqualTo("pz-lake-report-a842dc-nightly-7-shards");
    }

    @Test
    void argoEmitsOneDagWithShardFanOutCommitsAndExitCodeRetries() throws IOException {
        TestProject project = ScaleOutProjects.chained(temp);
        CliRun plan = CliRun.pz(project.path(), "plan", "--emit", "argo", "--shards", "2", "--image", "img:2");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        JsonNode workflow = YAML.readTree(project.resolve(".pz/target/argo/workflow.yaml").toFile());
        JsonNode templates = workflow.path("spec").path("templates");
        JsonNode tasks = templates.get(0).path("dag").path("tasks");
        List<String> lines = new ArrayList<>();
        for (JsonNode task : tasks) {
            lines.add(task.path("name").asText() + " " + task.path("template").asText() + " after "
                    + task.path("dependencies") + " x" + task.path("withSequence").path("count").asText("1"));
        }
        assertThat(lines).containsExactly(
                "lake-totals-6e5ee1-shards shard after  x2",
                "lake-totals-6e5ee1-commit commit after [\"lake-totals-6e5ee1-shards\"] x1",
                "lake-report-a842dc-shards shard after [\"lake-totals-6e5ee1-commit\"] x2",
                "lake-report-a842dc-commit commit after [\"lake-report-a842dc-shards\"] x1");
        for (JsonNode template : List.of(templates.get(1), templates.get(2))) {
            JsonNode retry = template.path("retryStrategy");
            assertThat(retry.path("retryPolicy").asText()).isEqualTo("Always");
            assertThat(retry.path("expression").asText()).isEqualTo(
                    "lastRetry.status == \"Error\" || asInt(lastRetry.exitCode) in [3, 75] || asInt(lastRetry.exitCode) > 128");
        }
        assertThat(templates.get(1).path("container").path("args").toString()).isEqualTo("[\"run\",\"--select\","
                + "\"{{inputs.parameters.flow}}\",\"--shard\",\"{{inputs.parameters.shard}}/{{inputs.parameters.shards}}\","
                + "\"--run-id\",\"{{workflow.uid}}\"]");
    }

    @Test
    void emittedFilesAreByteForByteStableWithLfAndAFinalNewline() throws IOException {
        TestProject project = ScaleOutProjects.chained(temp);
        List<String> first = new ArrayList<>();
        List<String> second = new ArrayList<>();
        for (List<String> texts : List.of(first, second)) {
            assertThat(CliRun.pz(project.path(), "plan", "--emit", "plan").exitCode()).isZero();
            assertThat(CliRun.pz(project.path(), "plan", "--emit", "argo", "--image", "i:1").exitCode()).isZero();
            assertThat(CliRun.pz(project.path(), "plan", "--emit", "kubernetes", "--image", "i:1", "--run-id", "r1")
                    .exitCode()).isZero();
            texts.add(project.read(".pz/target/scale-out.json"));
            texts.add(project.read(".pz/target/argo/workflow.yaml"));
            for (Path manifest : manifests(project.resolve(".pz/target/kubernetes"))) {
                texts.add(Files.readString(manifest));
            }
        }
        assertThat(second).isEqualTo(first);
        assertThat(first).hasSize(6).allSatisfy(text -> assertThat(text).doesNotContain("\r").endsWith("\n")
                .doesNotEndWith("\n\n"));
    }

    @Test
    void aSecondKubernetesEmitReplacesTheManifestsOfTheFirst() throws IOException {
        TestProject project = ScaleOutProjects.chained(temp);
        assertThat(CliRun.pz(project.path(), "plan", "--emit", "kubernetes", "--image", "i:1", "--run-id", "r1")
                .exitCode()).isZero();
        assertThat(CliRun.pz(project.path(), "plan", "--emit", "kubernetes", "--image", "i:1", "--run-id", "r2")
                .exitCode()).isZero();
        assertThat(manifests(project.resolve(".pz/target/kubernetes"))).hasSize(4)
                .allSatisfy(file -> assertThat(file.getFileName().toString()).contains("-r2-"));
    }

    @Test
    void outWritesElsewhereAndTheProjectsTargetGetsNoSpec() {
        TestProject project = ScaleOutProjects.chained(temp.resolve("p"));
        Path out = temp.resolve("specs");
        CliRun plan = CliRun.pz(project.path(), "plan", "--emit", "plan", "--out", out.toString());
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(out.resolve("scale-out.json")).exists();
        assertThat(project.resolve(".pz/target/scale-out.json")).doesNotExist();
    }

    @Test
    void badOptionsAreRefusedTogetherBeforeAnythingIsWritten() {
        TestProject project = ScaleOutProjects.chained(temp);
        assertRefused(project, List.of("--emit", "yaml"), "error PZ0720: pz cannot emit 'yaml'. — hint: use one of plan, "
                + "kubernetes, argo\n");
        assertRefused(project, List.of("--emit", "kubernetes", "--shards", "0"), """
                error PZ0721: --shards must be between 1 and 1000 (got 0). — hint: see `pz plan --help`
                error PZ0721: --emit kubernetes needs --image: the container image that holds pz and the project. — hint: see `pz plan --help`
                error PZ0721: --emit kubernetes needs --run-id: Kubernetes Jobs are made for one run. — hint: see `pz plan --help`
                """);
        assertRefused(project, List.of("--emit", "plan", "--image", "i:1", "--run-id", "-x"), """
                error PZ0721: --image applies to kubernetes and argo; the neutral plan runs no container. — hint: see `pz plan --help`
                error PZ0721: --run-id applies to kubernetes; --emit plan leaves the run id to the orchestrator. — hint: see `pz plan --help`
                error PZ0721: --run-id '-x' must be 1 to 128 letters, digits, '.', '_' or '-', starting with a letter or digit. — hint: see `pz plan --help`
                """);
        assertRefused(project, List.of("--shards", "4"), "error PZ0721: --shards, --image, --run-id and --out only apply "
                + "with --emit. — hint: add --emit with one of plan, kubernetes, argo\n");
        assertRefused(project, List.of("--emit", "argo", "--image", "i:1", "--shards", "1001"),
                "error PZ0721: --shards must be between 1 and 1000 (got 1001). — hint: see `pz plan --help`\n");
    }

    @Test
    void flowsThatReadEachOthersSinksAreRefused() {
        TestProject project = ScaleOutProjects.chained(temp)
                .file("connections.yml", ScaleOutProjects.CONNECTIONS + """
                            report:
                              read:
                                path: out/report.csv
                                format: csv
                                columns:
                                  customer: varchar
                                  doubled: double
                        """)
                .file("out/report.csv", "customer,doubled\n")
                .file("pipelines/totals.sql", """
                        INSERT INTO {{ sink('lake', 'totals') }}
                        select customer, doubled as total from {{ source('lake', 'report') }}
                        """);
        assertRefused(project, List.of("--emit", "plan"), "error PZ0723: the flows lake.report, lake.totals read each "
                + "other's sinks, so no order can run them. — hint: let one of them read a source the other does not write\n");
    }

    @Test
    void aProjectWithoutASinkHasNothingToEmit() {
        TestProject project = ScaleOutProjects.chained(temp).delete("pipelines/report.sql")
                .file("pipelines/totals.sql", "select customer from {{ source('files', 'orders') }}\n");
        CliRun plan = CliRun.pz(project.path(), "plan", "--emit", "plan");
        assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(2);
        assertThat(plan.err()).endsWith("error PZ0722: the project writes no sink, so there is no flow to emit. — hint: "
                + "add a sink() to a pipeline, or run the project with `pz run`\n");
        assertThat(project.resolve(".pz/target/scale-out.json")).doesNotExist();
        assertThat(project.resolve(".pz/runs")).doesNotExist();
    }

    private static void assertRefused(TestProject project, List<String> options, String errors) {
        List<String> arguments = new ArrayList<>(List.of("plan"));
        arguments.addAll(options);
        CliRun plan = CliRun.pz(project.path(), arguments.toArray(String[]::new));
        assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(2);
        assertThat(plan.err()).isEqualTo(errors);
        assertThat(plan.out()).isEmpty();
        assertThat(project.resolve(".pz/target/scale-out.json")).doesNotExist();
        assertThat(project.resolve(".pz/target/kubernetes")).doesNotExist();
        assertThat(project.resolve(".pz/target/argo")).doesNotExist();
        assertThat(project.resolve(".pz/runs")).doesNotExist();
    }

    static List<Path> manifests(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.sorted().toList();
        }
    }

    static ObjectMapper yaml() {
        return YAML;
    }
}
