package dev.pz.engine;

import java.util.List;

/**
 * What {@code pz clean} did (or, dry, would do): run directories swept (whole, or their staging
 * databases) and kept, bytes freed, live runs skipped, stale restore workdirs swept, temporary files
 * of killed runs deleted, one warning per directory that could not be cleaned, and whether no run
 * directory remains for {@code pz retry}.
 */
public record CleanReport(int swept, int kept, long freedBytes, List<String> liveRuns, int workdirs, long workdirBytes,
        int temporaryFiles, long temporaryBytes, List<String> warnings, boolean noRunLeft) {

    public CleanReport {
        liveRuns = List.copyOf(liveRuns);
        warnings = List.copyOf(warnings);
    }
}
