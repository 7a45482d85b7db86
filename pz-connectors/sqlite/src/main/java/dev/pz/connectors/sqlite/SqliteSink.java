package dev.pz.connectors.sqlite;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/** Writes tables of the file, one transaction per write. */
final class SqliteSink implements Sink {

    private final SqliteDatabase database;

    SqliteSink(SqliteDatabase database) {
        this.database = database;
    }

    @Override
    public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        return Optional.empty();
    }

    @Override
    public WriteSession beginWrite(OutputSpec spec, Schema schema) {
        if (spec.strategy() == WriteStrategy.MERGE) {
            throw new PzConnectorException(PzCode.WRITE_MODE_UNSUPPORTED, spec.context()
                    + ": connector 'sqlite' does not support strategy merge", "use append or replace");
        }
        return new SqliteWriteSession(database, spec, schema);
    }

    @Override
    public void close() {
        // Sessions own their connections.
    }
}
