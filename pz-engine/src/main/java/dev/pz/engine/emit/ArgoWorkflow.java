package dev.pz.engine.emit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * An Argo Workflow running the whole project: a DAG in which each flow fans its shards out over
 * {@code withSequence} and then commits, and starts only after the commits of the flows it reads.
 * The run id is the workflow's uid, so a retried workflow resumes the same run. Retries follow
 * pz's exit codes: transient (75), fatal (3) and killed-by-signal pods are retried, permanent
 * failures (1, 2) never.
 */
public final class ArgoWorkflow {
    /** Retries of one shard or commit pod before its task fails. */
    public static final int RETRIES = 3;
    static final String RUN_ID = "{{workflow.uid}}";

    private ArgoWorkflow() {
    }

    public static String render(EmitTarget target, List<ScaleOutFlow> flows) {
        List<Object> tasks = new ArrayList<>();
        for (ScaleOutFlow flow : flows) {
            List<String> upstream = flow.dependsOn().stream().map(name -> taskName(name, "commit")).toList();
            Map<String, Object> shards = task(taskName(flow.name(), "shards"), "shard", upstream);
            shards.put("arguments", parameters(flow, "{{item}}"));
            shards.put("withSequence", Map.of("count", String.valueOf(flow.shards())));
            tasks.add(shards);
            Map<String, Object> commit = task(taskName(flow.name(), "commit"), "commit",
                    List.of(taskName(flow.name(), "shards")));
            commit.put("arguments", parameters(flow, null));
            tasks.add(commit);
        }
        Map<String, Object> main = new LinkedHashMap<>();
        main.put("name", "main");
        main.put("dag", Map.of("tasks", tasks));
        String flowInput = "{{inputs.parameters.flow}}";
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("entrypoint", "main");
        spec.put("templates", List.of(main,
                podTemplate(target, "shard", List.of("flow", "shard", "shards"), ScaleOutFlow.shardArguments(flowInput,
                        "{{inputs.parameters.shard}}/{{inputs.parameters.shards}}", RUN_ID)),
                podTemplate(target, "commit", List.of("flow"), ScaleOutFlow.commitArguments(flowInput, RUN_ID))));
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("generateName", "pz-" + KubeNames.of(target.project(), 40) + "-");
        metadata.put("labels", Map.of("app.kubernetes.io/name", "pz"));
        Map<String, Object> workflow = new LinkedHashMap<>();
        workflow.put("apiVersion", "argoproj.io/v1alpha1");
        workflow.put("kind", "Workflow");
        workflow.put("metadata", metadata);
        workflow.put("spec", spec);
        return SpecYaml.render(workflow);
    }

    static String taskName(String flow, String step) {
        return KubeNames.of(flow, 40) + "-" + step;
    }

    private static Map<String, Object> task(String name, String template, List<String> dependencies) {
        Map<String, Object> task = new LinkedHashMap<>();
        task.put("name", name);
        task.put("template", template);
        if (!dependencies.isEmpty()) {
            task.put("dependencies", dependencies);
        }
        return task;
    }

    private static Map<String, Object> parameters(ScaleOutFlow flow, String shard) {
        List<Object> parameters = new ArrayList<>();
        parameters.add(parameter("flow", flow.name()));
        if (shard != null) {
            parameters.add(parameter("shard", shard));
            parameters.add(parameter("shards", String.valueOf(flow.shards())));
        }
        return Map.of("parameters", parameters);
    }

    private static Map<String, Object> parameter(String name, String value) {
        Map<String, Object> parameter = new LinkedHashMap<>();
        parameter.put("name", name);
        parameter.put("value", value);
        return parameter;
    }

    private static Map<String, Object> podTemplate(EmitTarget target, String name, List<String> inputs,
            List<String> arguments) {
        Map<String, Object> template = new LinkedHashMap<>();
        template.put("name", name);
        template.put("inputs", Map.of("parameters", inputs.stream().map(input -> Map.of("name", input)).toList()));
        template.put("retryStrategy", retryStrategy());
        template.put("container", ContainerSpec.of(target, arguments));
        return template;
    }

    /**
     * Every failed attempt is weighed by the expression: an error of the pod itself (deleted,
     * evicted), pz's retryable exit codes, or a signal; anything else (1, 2) ends the task.
     */
    static String retryExpression() {
        String retryable = ScaleOutExitCodes.RETRY.stream().map(String::valueOf).collect(Collectors.joining(", "));
        return "lastRetry.status == \"Error\" || asInt(lastRetry.exitCode) in [" + retryable
                + "] || asInt(lastRetry.exitCode) > " + ScaleOutExitCodes.SIGNALLED_ABOVE;
    }

    private static Map<String, Object> retryStrategy() {
        Map<String, Object> backoff = new LinkedHashMap<>();
        backoff.put("duration", "10s");
        backoff.put("factor", 2);
        backoff.put("maxDuration", "30m");
        Map<String, Object> strategy = new LinkedHashMap<>();
        strategy.put("limit", RETRIES);
        strategy.put("retryPolicy", "Always");
        strategy.put("expression", retryExpression());
        strategy.put("backoff", backoff);
        return strategy;
    }
}
