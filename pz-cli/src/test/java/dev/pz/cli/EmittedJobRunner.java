package dev.pz.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs emitted Kubernetes Jobs the way the Job controller would, each pod a real pz process: Jobs
 * in file order, each only when the Jobs its {@code pz.dev/after} annotation names completed; an
 * Indexed Job's indexes with {@code JOB_COMPLETION_INDEX} in the environment and {@code $(VAR)}
 * expanded in the arguments; the pod failure policy applied to each exit code (FailIndex, FailJob,
 * Ignore, else the failure counts), {@code backoffLimitPerIndex} per index, {@code backoffLimit}
 * for a plain Job; a Job with a failed index does not complete. The container's environment comes
 * from the Secrets its {@code envFrom} names (given to the runner, as a cluster holds them).
 * Disruptions never happen here, so rules on pod conditions never match.
 */
final class EmittedJobRunner {
    private static final Pattern VARIABLE = Pattern.compile("\\$\\$|\\$\\(([A-Za-z_][A-Za-z0-9_]*)\\)");
    private static final int MOST_PODS_AT_ONCE = 2;

    private final Pods pods;
    private final Map<String, Map<String, String>> secrets;

    EmittedJobRunner(Pods pods, Map<String, Map<String, String>> secrets) {
        this.pods = pods;
        this.secrets = secrets;
    }

    /** Each Job's name → its outcome, in file order; a Job whose predecessors did not complete is not started. */
    Map<String, JobOutcome> runAll(List<JsonNode> jobs) throws Exception {
        Map<String, JobOutcome> outcomes = new LinkedHashMap<>();
        for (JsonNode job : jobs) {
            String name = job.at("/metadata/name").asText();
            String after = job.at("/metadata/annotations").path("pz.dev/after").asText("");
            boolean ready = after.isEmpty() || List.of(after.split(",")).stream()
                    .allMatch(predecessor -> outcomes.containsKey(predecessor) && outcomes.get(predecessor).complete());
            outcomes.put(name, ready ? run(job) : JobOutcome.notStarted());
        }
        return outcomes;
    }

    JobOutcome run(JsonNode job) throws Exception {
        JsonNode spec = job.path("spec");
        boolean indexed = "Indexed".equals(spec.path("completionMode").asText());
        int completions = spec.path("completions").asInt(1);
        int limit = indexed ? spec.path("backoffLimitPerIndex").asInt() : spec.path("backoffLimit").asInt(6);
        JsonNode container = spec.at("/template/spec/containers/0");
        String name = job.at("/metadata/name").asText();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(MOST_PODS_AT_ONCE,
                spec.path("parallelism").asInt(1)));
        try {
            List<Future<IndexOutcome>> indexes = new ArrayList<>();
            for (int index = 0; index < completions; index++) {
                int current = index;
                indexes.add(pool.submit(() -> runIndex(name, indexed ? current : null, container, spec, limit)));
            }
            Map<Integer, List<Integer>> exitCodes = new LinkedHashMap<>();
            boolean failedJob = false;
            int failedIndexes = 0;
            for (int index = 0; index < completions; index++) {
                IndexOutcome outcome = indexes.get(index).get();
                exitCodes.put(index, outcome.exitCodes());
                failedJob |= outcome.failsJob();
                failedIndexes += outcome.succeeded() ? 0 : 1;
            }
            return new JobOutcome(true, !failedJob && failedIndexes == 0, exitCodes);
        } finally {
            pool.shutdownNow();
        }
    }

    private IndexOutcome runIndex(String job, Integer index, JsonNode container, JsonNode spec, int limit)
            throws Exception {
        Map<String, String> environment = SecretEnvironment.of(container, secrets);
        if (index != null) {
            environment.put("JOB_COMPLETION_INDEX", String.valueOf(index));
        }
        container.path("env").forEach(variable -> environment.put(variable.path("name").asText(),
                expand(variable.path("value").asText(), environment)));
        List<String> command = new ArrayList<>();
        container.path("command").forEach(part -> command.add(expand(part.asText(), environment)));
        container.path("args").forEach(part -> command.add(expand(part.asText(), environment)));
        List<Integer> exitCodes = new ArrayList<>();
        int counted = 0;
        while (true) {
            int exitCode = pods.run(job + "/" + (index == null ? 0 : index) + "/" + (exitCodes.size() + 1), command,
                    environment);
            exitCodes.add(exitCode);
            if (exitCode == 0) {
                return new IndexOutcome(true, false, exitCodes);
            }
            String action = action(spec.at("/podFailurePolicy/rules"), container.path("name").asText(), exitCode);
            switch (action) {
                case "FailIndex" -> {
                    return new IndexOutcome(false, false, exitCodes);
                }
                case "FailJob" -> {
                    return new IndexOutcome(false, true, exitCodes);
                }
                case "Ignore" -> {
                }
                default -> counted++;
            }
            if (counted > limit) {
                return new IndexOutcome(false, false, exitCodes);
            }
        }
    }

    /** The action of the first rule that matches a container's exit code; {@code Count} when none does. */
    static String action(JsonNode rules, String containerName, int exitCode) {
        for (JsonNode rule : rules) {
            JsonNode codes = rule.path("onExitCodes");
            if (codes.isMissingNode()) {
                continue;
            }
            if (codes.has("containerName") && !codes.path("containerName").asText().equals(containerName)) {
                continue;
            }
            boolean listed = false;
            for (JsonNode value : codes.path("values")) {
                listed |= value.asInt() == exitCode;
            }
            if (listed == "In".equals(codes.path("operator").asText())) {
                return rule.path("action").asText();
            }
        }
        return "Count";
    }

    /** Kubernetes' expansion of a container's command and arguments: {@code $(VAR)} when defined, {@code $$} → {@code $}. */
    static String expand(String text, Map<String, String> environment) {
        Matcher matcher = VARIABLE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String replacement = matcher.group(1) == null ? "$"
                    : environment.getOrDefault(matcher.group(1), matcher.group());
            matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    record IndexOutcome(boolean succeeded, boolean failsJob, List<Integer> exitCodes) {
    }

    /** Whether the Job started and completed, and each index's exit codes attempt by attempt. */
    record JobOutcome(boolean started, boolean complete, Map<Integer, List<Integer>> exitCodes) {
        static JobOutcome notStarted() {
            return new JobOutcome(false, false, Map.of());
        }

        Set<Integer> indexes() {
            return exitCodes.keySet();
        }
    }
}
