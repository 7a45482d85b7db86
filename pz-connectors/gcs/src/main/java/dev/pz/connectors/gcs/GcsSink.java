package dev.pz.connectors.gcs;

import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.files.remote.ObjectLocation;
import dev.pz.connectors.files.remote.RemoteSink;

/**
 * Writes one object per output: natively, the run's DuckDB COPYs into a local temporary and the
 * upload publishes it; on the universal tier the batches are spooled and a private DuckDB writes the
 * same file. Replace overwrites {@code <prefix>/<output>.<ext>}; append adds
 * {@code <prefix>/<output>-<guid32>.<ext>}; a {@code partition_by} output uploads one object per
 * calendar bucket of its path's template.
 */
final class GcsSink extends RemoteSink {

    private final GcsStores stores;

    GcsSink(GcsStores stores) {
        super(GcsConnectorFactory.NAME, GcsOptions.WRITE_FORMAT, true);
        this.stores = stores;
    }

    @Override
    protected ObjectLocation location(OutputSpec spec) {
        return GcsLocation.of(stores.settings(), spec.connection(), spec, spec.get(GcsOptions.WRITE_PATH));
    }

    @Override
    protected GcsStores stores(OutputSpec spec) {
        return stores;
    }
}
