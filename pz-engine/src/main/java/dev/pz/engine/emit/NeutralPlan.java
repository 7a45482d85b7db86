package dev.pz.engine.emit;

import dev.pz.engine.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code scale-out.json}, the neutral plan any orchestrator can wrap (format
 * {@code pz.scale-out/v1}): the flows in dependency order, each with its shard count, the flows it
 * waits for, the shard command with {@code {shard}} and {@code {run_id}} left for the orchestrator
 * to fill, and the commit command; then which exit codes mean ok, retry and fail.
 */
public final class NeutralPlan {
    public static final String FORMAT = "pz.scale-out/v1";
    public static final String SHARD_PLACEHOLDER = "{shard}";
    public static final String RUN_ID_PLACEHOLDER = "{run_id}";

    private NeutralPlan() {
    }

    public static String render(String project, List<ScaleOutFlow> flows) {
        List<Object> entries = new ArrayList<>();
        for (ScaleOutFlow flow : flows) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", flow.name());
            entry.put("shards", (long) flow.shards());
            entry.put("depends_on", flow.dependsOn());
            entry.put("shard_command", command(flow.shardArguments(SHARD_PLACEHOLDER, RUN_ID_PLACEHOLDER)));
            entry.put("commit_command", command(flow.commitArguments(RUN_ID_PLACEHOLDER)));
            entries.add(entry);
        }
        Map<String, Object> exitCodes = new LinkedHashMap<>();
        exitCodes.put("ok", longs(ScaleOutExitCodes.OK));
        exitCodes.put("retry", longs(ScaleOutExitCodes.RETRY));
        exitCodes.put("fail", longs(ScaleOutExitCodes.FAIL));
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("format", FORMAT);
        root.put("project", project);
        root.put("flows", entries);
        root.put("exit_codes", exitCodes);
        return Json.indented(root) + "\n";
    }

    private static List<String> command(List<String> arguments) {
        List<String> command = new ArrayList<>(List.of("pz"));
        command.addAll(arguments);
        return command;
    }

    private static List<Long> longs(List<Integer> codes) {
        return codes.stream().map(Integer::longValue).toList();
    }
}
