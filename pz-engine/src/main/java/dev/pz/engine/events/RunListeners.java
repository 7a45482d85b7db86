package dev.pz.engine.events;


import java.util.List;
import java.util.function.Consumer;

/** Fans run events out to several listeners; a throwing listener never disturbs the run. */
final class RunListeners implements RunListener {
    private final List<RunListener> listeners;

    RunListeners(List<RunListener> listeners) {
        this.listeners = List.copyOf(listeners);
    }

    private void each(Consumer<RunListener> event) {
        for (RunListener listener : listeners) {
            try {
                event.accept(listener);
            } catch (RuntimeException ignored) {
                // A renderer or artifact writer must not change a run's outcome.
            }
        }
    }

    @Override
    public void runStarted(String runId, String projectName, int nodeCount) {
        each(listener -> listener.runStarted(runId, projectName, nodeCount));
    }

    @Override
    public void nodeStarted(NodeRef node) {
        each(listener -> listener.nodeStarted(node));
    }

    @Override
    public void nodeMetered(NodeRef node, NodeMeter meter) {
        each(listener -> {
            if (listener.wantsMeters()) {
                listener.nodeMetered(node, meter);
            }
        });
    }

    @Override
    public boolean wantsMeters() {
        return listeners.stream().anyMatch(RunListener::wantsMeters);
    }

    @Override
    public void nodeProgress(NodeRef node, long rows, long bytes, long batches) {
        each(listener -> listener.nodeProgress(node, rows, bytes, batches));
    }

    @Override
    public void retryScheduled(NodeRef node, int attempt, int maxAttempts, long delayMs, String reason) {
        each(listener -> listener.retryScheduled(node, attempt, maxAttempts, delayMs, reason));
    }

    @Override
    public void breakerStateChanged(String instance, String oldState, String newState, String trigger,
            long coolDownMs) {
        each(listener -> listener.breakerStateChanged(instance, oldState, newState, trigger, coolDownMs));
    }

    @Override
    public void schemaObserved(NodeRef node, List<SchemaColumn> observed, String hintsHash) {
        each(listener -> listener.schemaObserved(node, observed, hintsHash));
    }

    @Override
    public void lossyIntegerInferenceDetected(NodeRef node, String connection, String entity, List<String> columns) {
        each(listener -> listener.lossyIntegerInferenceDetected(node, connection, entity, columns));
    }

    @Override
    public void ambiguousDateInferenceDetected(NodeRef node, String connection, String entity, List<String> columns,
            String format) {
        each(listener -> listener.ambiguousDateInferenceDetected(node, connection, entity, columns, format));
    }

    @Override
    public void sourceDriftDetected(NodeRef node, String connection, String entity, String policy,
            List<SchemaChange> changes, List<SchemaColumn> observed, String hintsHash) {
        each(listener -> listener.sourceDriftDetected(node, connection, entity, policy, changes, observed, hintsHash));
    }

    @Override
    public void mergeKeyDuplicatesDetected(NodeRef node, String output, List<String> keys, long duplicateGroups,
            long extraRows) {
        each(listener -> listener.mergeKeyDuplicatesDetected(node, output, keys, duplicateGroups, extraRows));
    }

    @Override
    public void nodeCompleted(NodeResult result) {
        each(listener -> listener.nodeCompleted(result));
    }

    @Override
    public void runCompleted(RunStatus status, int succeeded, int failed, int skipped, long durationMs) {
        each(listener -> listener.runCompleted(status, succeeded, failed, skipped, durationMs));
    }
}
