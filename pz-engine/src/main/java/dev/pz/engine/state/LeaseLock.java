package dev.pz.engine.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.json.Json;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The run lock of a backend that only offers keyed compare-and-set (http): a lease entry
 * {@code locks/run} naming the run, its holder and when it expires. Taking it is a compare-and-set
 * against an absent or expired lease; the holder renews it every {@link #RENEW_EVERY}, so a run that
 * dies leaves a lease that others may take over once it expired ({@link #TIME_TO_LIVE}). Machines'
 * clocks must agree to well within that time.
 */
final class LeaseLock implements StateBackend.RunLock {
    static final Duration TIME_TO_LIVE = Duration.ofSeconds(120);
    static final Duration RENEW_EVERY = Duration.ofSeconds(30);
    private static final String KEY = "run";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final StateBackend backend;
    private final String runId;
    private final Clock clock;
    private final ScheduledExecutorService renewer;
    private StateEntry held;

    private LeaseLock(StateBackend backend, String runId, Clock clock, StateEntry held) {
        this.backend = backend;
        this.runId = runId;
        this.clock = clock;
        this.held = held;
        this.renewer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "pz-state-lease");
            thread.setDaemon(true);
            return thread;
        });
        renewer.scheduleWithFixedDelay(this::renew, RENEW_EVERY.toMillis(), RENEW_EVERY.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    static StateBackend.RunLock acquire(StateBackend backend, String runId) {
        return acquire(backend, runId, Clock.systemUTC());
    }

    static StateBackend.RunLock acquire(StateBackend backend, String runId, Clock clock) {
        for (int attempt = 0; attempt < 3; attempt++) {
            Optional<StateEntry> current = backend.get(StateScope.LOCKS, KEY);
            Optional<Lease> lease = current.flatMap(entry -> Lease.parse(entry.payload()));
            if (lease.isPresent() && lease.get().expiresAt().isAfter(clock.instant())
                    && !lease.get().runId().equals(runId)) {
                throw inFlight(backend, lease.get());
            }
            if (backend.compareAndSet(StateScope.LOCKS, KEY, current.orElse(null), payload(runId, clock))) {
                Optional<StateEntry> mine = backend.get(StateScope.LOCKS, KEY)
                        .filter(entry -> Lease.parse(entry.payload()).map(Lease::runId).filter(runId::equals).isPresent());
                if (mine.isPresent()) {
                    return new LeaseLock(backend, runId, clock, mine.get());
                }
            }
        }
        Lease other = backend.get(StateScope.LOCKS, KEY).flatMap(entry -> Lease.parse(entry.payload()))
                .orElse(new Lease("another run", "another machine", Instant.EPOCH));
        throw inFlight(backend, other);
    }

    private synchronized void renew() {
        try {
            if (held != null && backend.compareAndSet(StateScope.LOCKS, KEY, held, payload(runId, clock))) {
                held = backend.get(StateScope.LOCKS, KEY).orElse(null);
            }
        } catch (RuntimeException unreachable) {
            // The next renewal tries again; the lease lasts several renewal periods.
        }
    }

    @Override
    public synchronized void close() {
        renewer.shutdownNow();
        try {
            if (held != null) {
                backend.compareAndSet(StateScope.LOCKS, KEY, held, null);
            }
        } catch (RuntimeException unreachable) {
            // The lease expires on its own.
        }
        held = null;
    }

    private static String payload(String runId, Clock clock) {
        Map<String, Object> lease = new LinkedHashMap<>();
        lease.put("runId", runId);
        lease.put("holder", holder());
        lease.put("expiresAt", clock.instant().plus(TIME_TO_LIVE).toString());
        return Json.compact(lease);
    }

    private static String holder() {
        return ManagementFactory.getRuntimeMXBean().getName();
    }

    private static PzException inFlight(StateBackend backend, Lease lease) {
        return new PzException(new PzError(PzCode.STATE_RUN_IN_FLIGHT, "run '" + lease.runId()
                + "' is in flight for this project (held by " + lease.holder() + " in state backend "
                + backend.description() + ", lease until " + lease.expiresAt() + ")", null, 0,
                "wait for it to finish, then run again; two runs of one project would race on its outputs and state"));
    }

    private record Lease(String runId, String holder, Instant expiresAt) {
        static Optional<Lease> parse(String payload) {
            try {
                JsonNode node = MAPPER.readTree(payload);
                return Optional.of(new Lease(node.path("runId").asText("another run"),
                        node.path("holder").asText("another machine"), Instant.parse(node.path("expiresAt").asText())));
            } catch (IOException | DateTimeParseException e) {
                return Optional.empty();
            }
        }
    }
}
