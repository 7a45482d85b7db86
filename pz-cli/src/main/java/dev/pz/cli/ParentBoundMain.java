package dev.pz.cli;

import dev.pz.cli.temporal.ChildPzCommand;
import java.util.Optional;
import sun.misc.Signal;

/**
 * A {@code pz} started by a worker: {@link Main} with a watch on the worker's process. When the
 * worker is gone (killed with SIGKILL, which gives it no chance to stop its children), this process
 * raises SIGTERM on itself, so a run cancels cleanly: pending nodes skipped, nothing published, no
 * state advanced, exit 3.
 */
public final class ParentBoundMain {

    private ParentBoundMain() {
    }

    public static void main(String[] args) {
        String parent = System.getProperty(ChildPzCommand.PARENT_PID_PROPERTY);
        Optional<ProcessHandle> worker = parent == null ? Optional.empty() : ProcessHandle.of(Long.parseLong(parent));
        if (parent != null && worker.isEmpty()) {
            System.exit(ExitCodes.FATAL);
        }
        worker.ifPresent(handle -> handle.onExit().thenRun(() -> Signal.raise(new Signal("TERM"))));
        Main.main(args);
    }
}
