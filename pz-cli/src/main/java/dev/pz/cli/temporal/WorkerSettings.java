package dev.pz.cli.temporal;

import java.nio.file.Path;
import java.util.List;

/**
 * A worker's settings: the Temporal frontend ({@code host:port}) and namespace, the task queue it
 * polls, the project folder its child processes run in, how many shards or commits it runs at once,
 * and the command that starts a child {@code pz} (the words that replace the plan's leading {@code pz}).
 */
public record WorkerSettings(String target, String namespace, String taskQueue, Path projectDir, int concurrency,
        List<String> pzCommand) {
    public WorkerSettings {
        pzCommand = List.copyOf(pzCommand);
    }
}
