package dev.pz.cli.scaleout;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The neutral scale-out plan ({@code .pz/target/scale-out.json}, format {@code pz.scale-out/v1}):
 * the project's flows in dependency order, each run as {@code shards} shard commands followed by one
 * commit command. Commands carry the placeholders {@code {shard}} and {@code {run_id}}, which the
 * orchestrator fills (docs/scale-out.md).
 */
public record ScaleOutPlan(String project, List<Flow> flows) {

    public static final String FORMAT = "pz.scale-out/v1";
    public static final String SHARD_PLACEHOLDER = "{shard}";
    public static final String RUN_ID_PLACEHOLDER = "{run_id}";

    public ScaleOutPlan {
        flows = List.copyOf(flows);
    }

    /** One flow: the node name {@code --select} takes, its shard count, the flows it waits for, its commands. */
    public record Flow(String name, int shards, List<String> dependsOn, List<String> shardCommand,
            List<String> commitCommand) {
        public Flow {
            dependsOn = List.copyOf(dependsOn);
            shardCommand = List.copyOf(shardCommand);
            commitCommand = List.copyOf(commitCommand);
        }

        /** Shard {@code index}'s command for run {@code runId}, placeholders filled. */
        public List<String> shardCommand(int index, String runId) {
            return fill(shardCommand, index, runId);
        }

        /** The commit command for run {@code runId}, placeholders filled. */
        public List<String> commitCommand(String runId) {
            return fill(commitCommand, -1, runId);
        }

        private List<String> fill(List<String> command, int index, String runId) {
            List<String> filled = new ArrayList<>(command.size());
            for (String word : command) {
                String value = word.replace(RUN_ID_PLACEHOLDER, runId);
                if (index >= 0) {
                    value = value.replace(SHARD_PLACEHOLDER, Integer.toString(index));
                }
                filled.add(value);
            }
            return filled;
        }
    }

    /**
     * The plan reduced to the named flows (every flow when {@code names} is empty); dependencies on
     * flows left out are dropped, since those flows are not part of this run.
     */
    public ScaleOutPlan only(Set<String> names) {
        if (names.isEmpty()) {
            return this;
        }
        List<Flow> kept = new ArrayList<>();
        for (Flow flow : flows) {
            if (names.contains(flow.name())) {
                List<String> deps = flow.dependsOn().stream().filter(names::contains).toList();
                kept.add(new Flow(flow.name(), flow.shards(), deps, flow.shardCommand(), flow.commitCommand()));
            }
        }
        return new ScaleOutPlan(project, kept);
    }
}
