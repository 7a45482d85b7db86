package dev.pz.engine.run;

import dev.pz.engine.events.NodeResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What {@code pz retry} takes over from the prior run: the source loads whose staged tables are
 * copied instead of re-extracted (by node id, with the row count the prior run recorded), and the
 * sink writes that committed then and are carried forward without running.
 */
public record RetryPlan(String priorRunId, Path priorStaging, Map<String, Long> reuse, List<NodeResult> carriedForward) {

    public RetryPlan {
        reuse = Map.copyOf(reuse);
        carriedForward = List.copyOf(carriedForward);
    }
}
