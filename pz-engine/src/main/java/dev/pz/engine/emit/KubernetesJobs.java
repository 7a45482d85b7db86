package dev.pz.engine.emit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kubernetes manifests for one run: per flow an Indexed Job whose pods run the shards (the index
 * from {@code JOB_COMPLETION_INDEX}, retried per index, an index failed at once on pz's permanent
 * exit codes, disruptions not counted) and a Job that commits. Plain Kubernetes starts every Job it
 * is given at once, so each manifest is its own file, numbered in the order they must run, and
 * names the Jobs it must follow in the {@code pz.dev/after} annotation.
 */
public final class KubernetesJobs {
    /** Retries of one shard index (and of the commit) before it counts as failed. */
    public static final int RETRIES = 3;
    static final String AFTER_ANNOTATION = "pz.dev/after";
    private static final String INDEX_VARIABLE = "$(JOB_COMPLETION_INDEX)";

    private KubernetesJobs() {
    }

    /** File name → manifest, in the order the Jobs must run. */
    public static Map<String, String> render(EmitTarget target, List<ScaleOutFlow> flows) {
        Map<String, String> files = new LinkedHashMap<>();
        int position = 0;
        for (ScaleOutFlow flow : flows) {
            List<String> after = flow.dependsOn().stream().map(upstream -> jobName(target, upstream, "commit")).toList();
            String shards = jobName(target, flow.name(), "shards");
            files.put(fileName(++position, shards), SpecYaml.render(shardJob(target, flow, shards, after)));
            String commit = jobName(target, flow.name(), "commit");
            files.put(fileName(++position, commit), SpecYaml.render(commitJob(target, flow, commit, shards)));
        }
        return files;
    }

    private static String fileName(int position, String job) {
        return String.format("%02d-%s.yaml", position, job);
    }

    /** At most 57 characters, so an index pod's host name ({@code <job>-<index>}) fits in 63. */
    static String jobName(EmitTarget target, String flow, String step) {
        return "pz-" + KubeNames.of(flow, 26) + "-" + KubeNames.of(target.runId(), 20) + "-" + step;
    }

    private static Map<String, Object> shardJob(EmitTarget target, ScaleOutFlow flow, String name, List<String> after) {
        List<String> arguments = literal(flow.shardArguments(INDEX_VARIABLE, target.runId()));
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("completionMode", "Indexed");
        spec.put("completions", flow.shards());
        spec.put("parallelism", flow.shards());
        spec.put("backoffLimitPerIndex", RETRIES);
        spec.put("maxFailedIndexes", 0);
        spec.put("podFailurePolicy", failurePolicy("FailIndex"));
        spec.put("template", podTemplate(target, flow, arguments));
        return job(target, flow, name, after, spec);
    }

    private static Map<String, Object> commitJob(EmitTarget target, ScaleOutFlow flow, String name, String shards) {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("completions", 1);
        spec.put("parallelism", 1);
        spec.put("backoffLimit", RETRIES);
        spec.put("podFailurePolicy", failurePolicy("FailJob"));
        spec.put("template", podTemplate(target, flow, literal(flow.commitArguments(target.runId()))));
        return job(target, flow, name, List.of(shards), spec);
    }

    private static Map<String, Object> job(EmitTarget target, ScaleOutFlow flow, String name, List<String> after,
            Map<String, Object> spec) {
        Map<String, Object> annotations = new LinkedHashMap<>();
        annotations.put("pz.dev/flow", flow.name());
        annotations.put("pz.dev/run-id", target.runId());
        if (!after.isEmpty()) {
            annotations.put(AFTER_ANNOTATION, String.join(",", after));
        }
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("name", name);
        metadata.put("labels", labels(target, flow));
        metadata.put("annotations", annotations);
        Map<String, Object> job = new LinkedHashMap<>();
        job.put("apiVersion", "batch/v1");
        job.put("kind", "Job");
        job.put("metadata", metadata);
        job.put("spec", spec);
        return job;
    }

    private static Map<String, Object> labels(EmitTarget target, ScaleOutFlow flow) {
        Map<String, Object> labels = new LinkedHashMap<>();
        labels.put("app.kubernetes.io/name", "pz");
        labels.put("app.kubernetes.io/part-of", KubeNames.of(target.project(), 63));
        labels.put("pz.dev/flow", KubeNames.of(flow.name(), 63));
        return labels;
    }

    /**
     * Exit codes 1 and 2 end the index (or the commit Job) without retries; a pod the cluster
     * disrupted (evicted, preempted, its node drained) is not counted against the retries.
     */
    private static Map<String, Object> failurePolicy(String permanentAction) {
        Map<String, Object> onExitCodes = new LinkedHashMap<>();
        onExitCodes.put("containerName", ContainerSpec.NAME);
        onExitCodes.put("operator", "In");
        onExitCodes.put("values", ScaleOutExitCodes.FAIL);
        Map<String, Object> permanent = new LinkedHashMap<>();
        permanent.put("action", permanentAction);
        permanent.put("onExitCodes", onExitCodes);
        Map<String, Object> disruption = new LinkedHashMap<>();
        disruption.put("action", "Ignore");
        disruption.put("onPodConditions", List.of(Map.of("type", "DisruptionTarget")));
        return Map.of("rules", List.of(permanent, disruption));
    }

    private static Map<String, Object> podTemplate(EmitTarget target, ScaleOutFlow flow, List<String> arguments) {
        Map<String, Object> pod = new LinkedHashMap<>();
        pod.put("restartPolicy", "Never");
        pod.put("containers", List.of(ContainerSpec.of(target, arguments)));
        Map<String, Object> template = new LinkedHashMap<>();
        template.put("metadata", Map.of("labels", labels(target, flow)));
        template.put("spec", pod);
        return template;
    }

    /**
     * Kubernetes expands {@code $(VAR)} in a container's arguments; every {@code $(} that is not
     * the completion index is doubled so it reaches pz as written.
     */
    private static List<String> literal(List<String> arguments) {
        List<String> escaped = new ArrayList<>();
        for (String argument : arguments) {
            escaped.add(argument.replace("$(", "$$(").replace("$" + INDEX_VARIABLE, INDEX_VARIABLE));
        }
        return escaped;
    }
}
