package dev.pz.engine.state;

import java.nio.file.Path;
import java.util.List;

/**
 * One prior run as its {@code run_results.json} recorded it.
 * {@code finishedAt} is null until the terminal write; {@code startedAt} is null only in a hand-made file.
 */
public record RunRecord(String runId, String status, String startedAt, String finishedAt, List<NodeRecord> nodes,
        Path directory) {

    public RunRecord {
        nodes = List.copyOf(nodes);
    }
}
