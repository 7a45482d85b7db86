package dev.pz.engine.events;

/** A run's status, as run_results.json and events write it. */
public enum RunStatus {
    RUNNING("running"), SUCCESS("success"), COMPLETED_WITH_FAILURES("completed_with_failures"), FATAL("fatal");

    private final String word;

    RunStatus(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }
}
