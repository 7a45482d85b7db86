package dev.pz.engine;

import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.events.WatermarkCandidate;
import dev.pz.engine.model.Project;
import dev.pz.engine.run.CatchUp;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * {@code pz run --until-caught-up}: passes run back to back, each from the watermarks the previous
 * one stored, until every windowed source with a stop ({@code until} or a SQL ceiling) is caught up,
 * a pass advances nothing, or {@code maxRuns} passes ran. The caller runs each pass and stops on its
 * own when a pass does not succeed; the loop judges the passes that did.
 */
public final class CatchUpLoop {
    private final CompiledDag dag;
    private final RunTarget target;
    private final Project project;
    private final Integer maxRuns;
    private int passes;

    CatchUpLoop(CompiledDag dag, RunTarget target, Project project, Integer maxRuns) {
        this.dag = dag;
        this.target = target;
        this.project = project;
        this.maxRuns = maxRuns;
    }

    /** Call before running a pass: remembers the stored watermarks the pass starts from. */
    public Pass next() {
        passes++;
        return new Pass(passes, Guard.call(() -> CatchUp.stored(project)));
    }

    /** The passes started so far. */
    public int passes() {
        return passes;
    }

    /** One pass of the loop, numbered from 1. */
    public final class Pass {
        private final int number;
        private final Map<String, WatermarkCandidate> before;

        private Pass(int number, Map<String, WatermarkCandidate> before) {
            this.number = number;
            this.before = before;
        }

        public int number() {
            return number;
        }

        /** After the pass succeeded: why the loop stops now, or empty to run another pass. */
        public Optional<String> stopReason() {
            return Guard.call(() -> {
                CatchUp.Verdict verdict = CatchUp.verdict(dag, target.effective(), project);
                if (verdict == CatchUp.Verdict.NO_STOP) {
                    return Optional.of("no windowed source with a stop (`until` or a SQL ceiling) in this run");
                }
                if (verdict == CatchUp.Verdict.CAUGHT_UP) {
                    return Optional.of("caught up");
                }
                if (maxRuns != null && number >= maxRuns) {
                    return Optional.of("max runs (" + maxRuns + ") reached before every source caught up -- run again"
                            + " to continue from the stored watermarks");
                }
                if (before.equals(CatchUp.stored(project))) {
                    return Optional.of("no watermark advanced in run " + number + " -- check `pz state show` and the"
                            + " run's sinks");
                }
                return Optional.empty();
            });
        }
    }
}
