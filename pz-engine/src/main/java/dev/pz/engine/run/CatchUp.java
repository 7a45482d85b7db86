package dev.pz.engine.run;

import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.events.WatermarkCandidate;
import dev.pz.engine.execute.WatermarkWindow;
import dev.pz.engine.state.Watermark;
import dev.pz.engine.model.Project;
import dev.pz.engine.state.StateBackend;
import dev.pz.engine.state.StateBackends;
import dev.pz.engine.state.WatermarkStore;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The verdict {@code pz run --until-caught-up} takes between passes: computed from the stored
 * watermarks exactly as the next pass's windows would be.
 */
public final class CatchUp {

    /** Where the windowed sources of a run stand. */
    public enum Verdict {
        /** No source in the run has a window with a stop ({@code until}). */
        NO_STOP,
        /** Every windowed source with an {@code until} would be caught up on the next pass. */
        CAUGHT_UP,
        /** At least one windowed source with an {@code until} still has a slice to extract. */
        PENDING
    }

    private CatchUp() {
    }

    public static Verdict verdict(CompiledDag dag, Set<String> effective, Project project) {
        Map<String, WatermarkCandidate> stored = stored(project);
        boolean anyStop = false;
        for (String id : effective) {
            if (!(dag.node(id) instanceof SourceLoadNode node) || node.incremental() == null
                    || node.incremental().window() == null || node.incremental().window().until() == null) {
                continue;
            }
            anyStop = true;
            try {
                if (!WatermarkWindow.of(node, stored).orElseThrow().caughtUp()) {
                    return Verdict.PENDING;
                }
            } catch (RuntimeException mismatch) {
                // A stored watermark the window cannot read fails the next pass; not caught up.
                return Verdict.PENDING;
            }
        }
        return anyStop ? Verdict.CAUGHT_UP : Verdict.NO_STOP;
    }

    /** The stored watermarks (values only), for comparing before and after a pass. */
    public static Map<String, WatermarkCandidate> stored(Project project) {
        Map<String, WatermarkCandidate> stored = new HashMap<>();
        Map<String, Watermark> all;
        try (StateBackend state = StateBackends.open(project.state(), project.directory())) {
            all = WatermarkStore.on(state).all();
        }
        if (all != null) {
            all.forEach((key, w) -> stored.put(key, new WatermarkCandidate(w.cursor(), w.type(), w.value())));
        }
        return stored;
    }
}
