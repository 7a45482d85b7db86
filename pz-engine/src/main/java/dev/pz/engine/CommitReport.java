package dev.pz.engine;

import java.util.List;
import java.util.Optional;

/**
 * What {@code pz commit} did: {@code run} is the sink's run when something was published (empty for
 * a run committed before, which changes nothing); {@code notes} say what was committed.
 */
public record CommitReport(Optional<RunReport> run, boolean alreadyCommitted, List<String> notes) {

    public CommitReport {
        notes = List.copyOf(notes);
    }
}
