package dev.pz.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs an emitted Argo Workflow the way the workflow controller would, each pod a real pz process:
 * the entrypoint's DAG tasks once all their dependencies succeeded (otherwise never), a task with
 * {@code withSequence} fanned out over {@code {{item}}} = 0 … count-1, parameters and
 * {@code {{workflow.uid}}} substituted, and each pod retried while the template's
 * {@code retryStrategy} allows (limit, and the expression weighed on the real exit code; a pod that
 * exits non-zero is in phase {@code Failed}).
 */
final class EmittedWorkflowRunner {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z.A-Z_]+)}}");
    private static final int MOST_PODS_AT_ONCE = 2;

    private final Pods pods;
    private final Map<String, Map<String, String>> secrets;
    private final String uid;

    EmittedWorkflowRunner(Pods pods, Map<String, Map<String, String>> secrets, String uid) {
        this.pods = pods;
        this.secrets = secrets;
        this.uid = uid;
    }

    /** Each task's name → the exit codes of its pods (item → attempts); a task not started maps to nothing. */
    Map<String, TaskOutcome> run(JsonNode workflow) throws Exception {
        Map<String, JsonNode> templates = new HashMap<>();
        workflow.at("/spec/templates").forEach(template -> templates.put(template.path("name").asText(), template));
        JsonNode entry = templates.get(workflow.at("/spec/entrypoint").asText());
        Map<String, TaskOutcome> outcomes = new LinkedHashMap<>();
        List<JsonNode> pending = new ArrayList<>();
        entry.at("/dag/tasks").forEach(pending::add);
        while (!pending.isEmpty()) {
            JsonNode next = pending.stream().filter(task -> dependencies(task).stream().allMatch(outcomes::containsKey))
                    .findFirst().orElseThrow(() -> new IllegalStateException("the DAG has a cycle"));
            pending.remove(next);
            boolean ready = dependencies(next).stream().allMatch(name -> outcomes.get(name).succeeded());
            outcomes.put(next.path("name").asText(), ready ? runTask(next, templates.get(next.path("template").asText()))
                    : TaskOutcome.notStarted());
        }
        return outcomes;
    }

    private static List<String> dependencies(JsonNode task) {
        List<String> names = new ArrayList<>();
        task.path("dependencies").forEach(name -> names.add(name.asText()));
        return names;
    }

    private TaskOutcome runTask(JsonNode task, JsonNode template) throws Exception {
        int items = task.has("withSequence") ? Integer.parseInt(task.at("/withSequence/count").asText()) : 1;
        ExecutorService pool = Executors.newFixedThreadPool(MOST_PODS_AT_ONCE);
        try {
            List<Future<List<Integer>>> pods = new ArrayList<>();
            for (int item = 0; item < items; item++) {
                Map<String, String> values = new HashMap<>(Map.of("workflow.uid", uid, "item", String.valueOf(item)));
                for (JsonNode parameter : task.at("/arguments/parameters")) {
                    values.put("inputs.parameters." + parameter.path("name").asText(),
                            substitute(parameter.path("value").asText(), values));
                }
                String pod = task.path("name").asText() + "/" + item;
                pods.add(pool.submit(() -> runPod(pod, template, values)));
            }
            Map<Integer, List<Integer>> exitCodes = new LinkedHashMap<>();
            for (int item = 0; item < items; item++) {
                exitCodes.put(item, pods.get(item).get());
            }
            return new TaskOutcome(true, exitCodes);
        } finally {
            pool.shutdownNow();
        }
    }

    private List<Integer> runPod(String pod, JsonNode template, Map<String, String> values) throws Exception {
        JsonNode container = template.path("container");
        List<String> command = new ArrayList<>();
        container.path("command").forEach(part -> command.add(substitute(part.asText(), values)));
        container.path("args").forEach(part -> command.add(substitute(part.asText(), values)));
        Map<String, String> environment = SecretEnvironment.of(container, secrets);
        JsonNode retry = template.path("retryStrategy");
        int limit = retry.path("limit").asInt(0);
        List<Integer> exitCodes = new ArrayList<>();
        while (true) {
            int exitCode = pods.run(pod + "/" + (exitCodes.size() + 1), command, environment);
            exitCodes.add(exitCode);
            if (exitCode == 0 || exitCodes.size() > limit || retry.has("expression")
                    && !RetryExpression.retries(retry.path("expression").asText(), "Failed", exitCode)) {
                return exitCodes;
            }
        }
    }

    private static String substitute(String text, Map<String, String> values) {
        Matcher matcher = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String value = values.get(matcher.group(1));
            if (value == null) {
                throw new IllegalStateException("nothing fills {{" + matcher.group(1) + "}} in '" + text + "'");
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    /** Whether the task started, and each item's exit codes attempt by attempt; it succeeded when every item ended in 0. */
    record TaskOutcome(boolean started, Map<Integer, List<Integer>> exitCodes) {
        static TaskOutcome notStarted() {
            return new TaskOutcome(false, Map.of());
        }

        boolean succeeded() {
            return started && exitCodes.values().stream().allMatch(codes -> codes.get(codes.size() - 1) == 0);
        }
    }
}
