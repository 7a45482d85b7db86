package dev.pz.engine.run;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.engine.events.EngineFailures;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.NodeStatus;
import dev.pz.engine.events.RunStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The notes that tell a user what the run's record says once the machine got in the way, so the
 * next step a run prints is the one {@code pz runs} and {@code pz retry} agree with: when
 * run_results.json could not take the terminal status it still says {@code running} (listed so,
 * refused by {@code pz retry} as interrupted: the next step is {@code pz run}); when it did, and
 * nodes failed for want of space, permission or a lock, {@code pz retry} re-runs them.
 */
final class RecordingNotes {

    private RecordingNotes() {
    }

    /**
     * @param unrecorded why the terminal snapshot could not be written, or null when it was
     */
    static List<String> of(RunStatus status, List<NodeResult> results, RuntimeException unrecorded) {
        List<String> notes = new ArrayList<>();
        if (unrecorded != null) {
            String remedy = EngineFailures.classify(unrecorded, "run `pz run` again").map(PzError::hint)
                    .orElse("fix what stopped the write, then run `pz run` again");
            notes.add("run_results.json could not record this run's end (" + unrecorded.getMessage() + "): `pz runs` "
                    + "lists it as running and `pz retry` refuses it as interrupted — " + remedy);
            return notes;
        }
        if (status != RunStatus.COMPLETED_WITH_FAILURES) {
            return notes;
        }
        Map<PzCode, Integer> environmentFailures = new TreeMap<>();
        for (NodeResult result : results) {
            if (result.status() == NodeStatus.FAILED && result.error() != null
                    && EngineFailures.isEnvironmentCode(result.error().code())) {
                environmentFailures.merge(result.error().code(), 1, Integer::sum);
            }
        }
        environmentFailures.forEach((code, count) -> notes.add(count + " node(s) failed with " + code.code() + " — "
                + EngineFailures.remedy(code) + ", then `pz retry` re-runs what failed"));
        return notes;
    }
}
