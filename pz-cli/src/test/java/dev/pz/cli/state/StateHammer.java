package dev.pz.cli.state;

import dev.pz.engine.model.StateConfig;
import dev.pz.engine.state.StateBackend;
import dev.pz.engine.state.StateBackends;
import dev.pz.engine.state.StateEntry;
import dev.pz.engine.state.StateScope;
import dev.pz.engine.state.Watermark;
import dev.pz.engine.state.WatermarkStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * One of several processes writing the same keys of a shared state backend at once. Each process
 * (index {@code p} of {@code n}) does, {@code rounds} times: increment a counter by a compare-and-set
 * loop on the backend, and advance the watermark {@code hammer.max} to one of its own values (p, p+n,
 * p+2n, ... in shuffled order), as a run advances after its sinks committed. After each advance it
 * reads the watermark back: it must never be below what this process saw before (no regression) nor
 * below what it just advanced to (no lost advance). Prints {@code ok} or the violation; exits 0 or 1.
 *
 * <p>Arguments: {@code <backend> <index> <processes> <rounds> <setting>=<value>...}.
 */
public final class StateHammer {
    static final String COUNTER = "hammer.counter";
    static final String MAXIMUM = "hammer.max";

    private StateHammer() {
    }

    public static void main(String[] args) {
        String backendName = args[0];
        int index = Integer.parseInt(args[1]);
        int processes = Integer.parseInt(args[2]);
        int rounds = Integer.parseInt(args[3]);
        Map<String, Object> settings = new LinkedHashMap<>();
        for (int i = 4; i < args.length; i++) {
            String[] pair = args[i].split("=", 2);
            settings.put(pair[0], pair[1]);
        }
        List<Long> values = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            values.add((long) index + (long) round * processes);
        }
        Collections.shuffle(values, new Random(index));
        try (StateBackend backend = StateBackends.open(new StateConfig(backendName, settings, false), Path.of("."))) {
            WatermarkStore watermarks = WatermarkStore.on(backend);
            long seen = -1;
            for (long value : values) {
                increment(backend);
                Watermark candidate = new Watermark("id", "bigint", Long.toString(value), "run-" + index);
                watermarks.advance(MAXIMUM, candidate, null);
                long stored = Long.parseLong(watermarks.get(MAXIMUM).orElseThrow().value());
                if (stored < seen || stored < value) {
                    System.out.println("violation: process " + index + " advanced to " + value + " after seeing " + seen
                            + " and then read " + stored);
                    System.exit(1);
                }
                seen = stored;
            }
        }
        System.out.println("ok");
        System.exit(0);
    }

    private static void increment(StateBackend backend) {
        while (true) {
            Optional<StateEntry> current = backend.get(StateScope.SYNC_STATE, COUNTER);
            long count = current.map(entry -> Long.parseLong(entry.payload().replaceAll("[^0-9]", ""))).orElse(0L);
            String next = "{\"token\":\"" + (count + 1) + "\"}";
            if (backend.compareAndSet(StateScope.SYNC_STATE, COUNTER, current.orElse(null), next)) {
                return;
            }
        }
    }
}
