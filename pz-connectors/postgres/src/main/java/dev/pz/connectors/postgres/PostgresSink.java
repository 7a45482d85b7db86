package dev.pz.connectors.postgres;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.WriteSession;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/** The write side of one postgres connection: universal tier only, one session per write. */
final class PostgresSink implements Sink {

    private final PostgresConnectionSettings settings;

    PostgresSink(PostgresConnectionSettings settings) {
        this.settings = settings;
    }

    /**
     * Always empty: DuckDB's postgres extension needs a download and pz never fetches extensions, so
     * every write takes the universal tier.
     */
    @Override
    public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        return Optional.empty();
    }

    /** Connects and starts the COPY at once, so target problems surface before any batch is sent. */
    @Override
    public WriteSession beginWrite(OutputSpec spec, Schema schema) {
        return PostgresWriteSession.begin(settings, spec, schema);
    }

    @Override
    public void close() {
        // Sessions own their connections; the sink holds none.
    }
}
