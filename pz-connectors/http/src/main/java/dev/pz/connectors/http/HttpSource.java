package dev.pz.connectors.http;

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

/**
 * The read side of one http connection: universal tier only, one partition per dataset (a crawl
 * is sequential). The schema comes from the options alone, without a request.
 */
final class HttpSource implements Source {

    private final HttpSettings settings;
    private final int pageCeiling;

    HttpSource(HttpSettings settings, int pageCeiling) {
        this.settings = settings;
        this.pageCeiling = pageCeiling;
    }

    /** Always empty: DuckDB cannot reach an HTTP API offline, and pz pages through it itself. */
    @Override
    public Optional<NativeScan> nativeScan(DatasetSpec spec) {
        return Optional.empty();
    }

    @Override
    public Optional<String> universalReason(DatasetSpec spec) {
        return Optional.of("http pages through the API itself (JSON streamed into Arrow)");
    }

    @Override
    public Schema schema(DatasetSpec spec) {
        return RecordProjector.of(HttpDataset.of(spec), spec.context()).schema();
    }

    @Override
    public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        HttpDataset dataset = HttpDataset.of(spec);
        return List.of(new Partition(spec.connection() + "." + spec.entity(), settings, dataset, spec, pageCeiling));
    }

    @Override
    public void close() {
        // Each reader owns its own client; the source holds none.
    }

    /** The one partition of a dataset: a crawl from its first page. */
    private record Partition(String id, HttpSettings settings, HttpDataset dataset, DatasetSpec spec, int pageCeiling)
            implements ReadPartition {
        @Override
        public ArrowReader open(BufferAllocator allocator, BatchOptions options) {
            return new HttpCrawl(allocator, new HttpTransport(settings), dataset, spec, options, pageCeiling);
        }
    }
}
