package dev.pz.engine.execute;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the nodes of fused and streamed chains hand on during one run: the finished COPY of each fused
 * sink (by sink id), written by its pipeline or source node and published by the sink, the counts a
 * streamed chain leaves for its pipeline and sink nodes (see {@link StreamedChain}), and the pipelines
 * whose chain is replayed the staged way after its COPY failed (see {@link FusedSource}).
 */
public final class FusedHandOff {
    private final Map<String, CopiedFile> copies = new ConcurrentHashMap<>();
    private final Set<String> replayed = ConcurrentHashMap.newKeySet();

    void put(String sinkId, CopiedFile copied) {
        copies.put(sinkId, copied);
    }

    /** The sink's finished COPY, still held for it; null when none ran. */
    CopiedFile peek(String sinkId) {
        return copies.get(sinkId);
    }

    /** The sink's finished COPY, handed over (it is no longer held); null when none ran. */
    CopiedFile take(String sinkId) {
        return copies.remove(sinkId);
    }

    /** Marks the chain of {@code pipelineId} to run the staged way from its source load on. */
    void replayStaged(String pipelineId) {
        replayed.add(pipelineId);
    }

    boolean replayed(String pipelineId) {
        return replayed.contains(pipelineId);
    }
}
