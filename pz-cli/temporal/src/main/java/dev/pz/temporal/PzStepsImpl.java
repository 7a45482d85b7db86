package dev.pz.temporal;

/** Both activities run their step's pz command the same way; they differ in name for Temporal's history. */
final class PzStepsImpl implements PzSteps {
    private final ChildPz child;

    PzStepsImpl(ChildPz child) {
        this.child = child;
    }

    @Override
    public void shard(Step step) {
        child.run(step);
    }

    @Override
    public void commit(Step step) {
        child.run(step);
    }
}
