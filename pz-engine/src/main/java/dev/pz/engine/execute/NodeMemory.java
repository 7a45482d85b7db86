package dev.pz.engine.execute;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.engine.artifacts.ByteCounts;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * The Arrow memory of one universal node: an allocator of its own, so that buffers a connector never
 * released fail that node (PZ0357) and nothing else. A child of a shared allocator would stay registered
 * with its parent after a leak and make the whole run fail when the parent closes.
 */
final class NodeMemory implements AutoCloseable {
    private final BufferAllocator allocator;
    private final String node;
    private final String connector;
    private final ArrowPeak runPeak;

    private NodeMemory(String node, String connector, ArrowPeak runPeak) {
        this.allocator = new RootAllocator();
        this.node = node;
        this.connector = connector;
        this.runPeak = runPeak;
    }

    /** The memory of node {@code node}, whose peak is reported to {@code runPeak} when it closes. */
    static NodeMemory open(String node, String connector, ArrowPeak runPeak) {
        return new NodeMemory(node, connector, runPeak);
    }

    BufferAllocator allocator() {
        return allocator;
    }

    /**
     * @throws PzConnectorException PZ0357 when memory is still allocated: the node's readers, batches and write
     *         session are all closed by now, so what is left was kept by the connector
     */
    @Override
    public void close() {
        runPeak.record(allocator.getPeakMemoryAllocation());
        long leaked = allocator.getAllocatedMemory();
        if (leaked == 0) {
            allocator.close();
            return;
        }
        try {
            allocator.close();
        } catch (IllegalStateException expected) {
            // Arrow refuses to close an allocator that still holds buffers; the leak is reported below.
        }
        throw new PzConnectorException(PzCode.PROTOCOL_VIOLATION, "connector '" + connector + "' leaked "
                + ByteCounts.format(leaked) + " of Arrow memory: still allocated after node '" + node
                + "' ended (a reader, batch or write session it did not release)", "report this to the connector's"
                        + " author; the memory stays allocated until pz exits");
    }
}
