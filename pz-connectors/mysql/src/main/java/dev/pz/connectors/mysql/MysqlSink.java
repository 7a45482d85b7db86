package dev.pz.connectors.mysql;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.WriteSession;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/** The write side of one mysql connection: universal tier, one staging table per write. */
final class MysqlSink implements Sink {

    private final MysqlSettings settings;

    MysqlSink(MysqlSettings settings) {
        this.settings = settings;
    }

    @Override
    public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        return Optional.empty();
    }

    @Override
    public WriteSession beginWrite(OutputSpec spec, Schema schema) {
        return new MysqlWriteSession(settings, spec, schema);
    }

    @Override
    public void close() {
        // Sessions own their connections.
    }
}
