package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.WriteSession;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/** The write side of one sqlserver connection: universal tier only, one session per write. */
final class SqlServerSink implements Sink {

    private final SqlServerConnectionSettings settings;

    SqlServerSink(SqlServerConnectionSettings settings) {
        this.settings = settings;
    }

    /** Always empty: DuckDB's SQL Server extension is not available offline. */
    @Override
    public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        return Optional.empty();
    }

    /** Connects and prepares the target at once, so its problems surface before any batch is sent. */
    @Override
    public WriteSession beginWrite(OutputSpec spec, Schema schema) {
        return SqlServerWriteSession.begin(settings, spec, schema);
    }

    @Override
    public void close() {
        // Sessions own their connections; the sink holds none.
    }
}
