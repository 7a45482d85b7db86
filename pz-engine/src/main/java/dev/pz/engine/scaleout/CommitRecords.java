package dev.pz.engine.scaleout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.engine.state.StateBackend;
import dev.pz.engine.state.StateEntry;
import dev.pz.engine.state.StateScope;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Which runs of a sharded flow were committed, in the state backend's {@code scale-out} scope under
 * {@code <sink>/<run id>}: a commit first claims the key ({@code publishing}, with a token only it
 * knows), and marks it {@code committed} once the sink and the watermark are written. Every change
 * is a compare-and-set, so of two commits of one run exactly one publishes.
 */
final class CommitRecords {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A run's record: {@code status} is publishing or committed; {@code claim} the token of its commit. */
    record Record(String status, String claim, StateEntry entry) {
        boolean committed() {
            return "committed".equals(status);
        }
    }

    private final StateBackend backend;

    CommitRecords(StateBackend backend) {
        this.backend = backend;
    }

    static String key(String sink, String runId) {
        return sink + "/" + runId;
    }

    Optional<Record> get(String key) {
        return backend.get(StateScope.SCALE_OUT, key).map(entry -> {
            try {
                JsonNode payload = JSON.readTree(entry.payload());
                return new Record(payload.path("status").asText(), payload.path("claim").asText(), entry);
            } catch (JsonProcessingException e) {
                return new Record("unreadable", "", entry);
            }
        });
    }

    /** Claims an unclaimed run; false when another commit claimed it first. */
    boolean claim(String key, String claim, String at) {
        return backend.compareAndSet(StateScope.SCALE_OUT, key, null, payload("publishing", claim, at));
    }

    /** Marks the run committed; false when the claim is no longer {@code mine}. */
    boolean markCommitted(String key, Record mine, String at) {
        return backend.compareAndSet(StateScope.SCALE_OUT, key, mine.entry(), payload("committed", mine.claim(), at));
    }

    /** Gives a claim up after a failed publish, so a later commit may try again. */
    void release(String key, Record mine) {
        backend.compareAndSet(StateScope.SCALE_OUT, key, mine.entry(), null);
    }

    private static String payload(String status, String claim, String at) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("status", status);
        payload.put("claim", claim);
        payload.put("at", at);
        try {
            return JSON.writeValueAsString(payload);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
