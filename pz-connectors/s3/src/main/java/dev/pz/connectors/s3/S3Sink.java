package dev.pz.connectors.s3;

import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.files.remote.ObjectLocation;
import dev.pz.connectors.files.remote.RemoteSink;

/**
 * The write side of one s3 connection. DuckDB's COPY writes a temporary in the run's spool (from the
 * staged relation, or on the universal tier from spooled batches) and the connector uploads it to
 * {@code <bucket>/<prefix>/<path>/<output>.<ext>} (replace) or {@code …/<output>-<guid32>.<ext>}
 * (append); the upload's completion publishes the object whole. A {@code partition_by} output uploads
 * one object per calendar bucket of its path's template.
 */
final class S3Sink extends RemoteSink {

    private final S3Stores stores;

    S3Sink(S3Stores stores) {
        super(S3ConnectorFactory.NAME, S3Options.WRITE_FORMAT, true);
        this.stores = stores;
    }

    @Override
    protected S3Stores stores(OutputSpec spec) {
        return stores;
    }

    @Override
    protected ObjectLocation location(OutputSpec spec) {
        return S3Locations.write(stores.settings(), spec);
    }
}
