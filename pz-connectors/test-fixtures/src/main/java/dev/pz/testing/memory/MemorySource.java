package dev.pz.testing.memory;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/** The read side of a {@code memory} connection: one partition per dataset, faults at its open. */
final class MemorySource implements Source {
    private final MemoryStore store;

    MemorySource(MemoryStore store) {
        this.store = store;
    }

    @Override
    public Optional<NativeScan> nativeScan(DatasetSpec spec) {
        return Optional.empty();
    }

    @Override
    public void checkUniversalRead(DatasetSpec spec) {
        MemoryConnector.schemaOf(spec);
    }

    @Override
    public Schema schema(DatasetSpec spec) {
        return MemoryConnector.schemaOf(spec);
    }

    @Override
    public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        Schema schema = MemoryConnector.schemaOf(spec);
        return List.of(new ReadPartition() {
            @Override
            public String id() {
                return spec.entity();
            }

            @Override
            public ArrowReader open(BufferAllocator allocator, BatchOptions options) {
                String probe = spec.get(MemoryConnector.PROBE);
                Probes.record(probe, "open");
                MemoryConnector.fault(store, spec.entity(), "read dataset '" + spec.entity() + "'", probe,
                        spec.get(MemoryConnector.FAIL), spec.get(MemoryConnector.TRANSIENT_FAILURES));
                return new MemoryReader(allocator, spec, schema, store.table(spec.entity()));
            }
        });
    }

    @Override
    public void close() {
        // Holds no resources.
    }
}
