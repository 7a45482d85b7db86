package dev.pz.engine.execute;

import dev.pz.engine.compile.Node;
import dev.pz.engine.events.RunListener;
import dev.pz.engine.model.EngineConfig;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * A run's circuit breakers ({@code engine.breaker}): one per connection, shared by its reads and
 * writes, created when a node of that connection first runs. Without {@code engine.breaker} there
 * are none, and pipelines and checks never have one.
 */
final class Breakers {
    private final EngineConfig.BreakerConfig config;
    private final RunListener listener;
    private final LongSupplier nanoClock;
    private final Map<String, CircuitBreaker> byConnection = new ConcurrentHashMap<>();

    Breakers(EngineConfig.BreakerConfig config, RunListener listener, LongSupplier nanoClock) {
        this.config = config;
        this.listener = listener;
        this.nanoClock = nanoClock;
    }

    Optional<CircuitBreaker> of(Node node) {
        if (config == null) {
            return Optional.empty();
        }
        return Instances.connectionOf(node).map(connection -> byConnection.computeIfAbsent(connection,
                name -> new CircuitBreaker(config.failureThreshold(), config.coolDown(), nanoClock,
                        (from, to, trigger, coolDownMs) -> listener.breakerStateChanged(Instances.key(name),
                                from.word(), to.word(), trigger, coolDownMs))));
    }
}
