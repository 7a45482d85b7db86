package dev.pz.connectors.sql;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.NativeSqlWrite;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.WriteSession;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/** Writes tables of an attached database with native SQL writes; it has no universal write (PZ0312). */
public final class AttachedSink implements Sink {

    private final AttachedDatabase database;

    public AttachedSink(AttachedDatabase database) {
        this.database = database;
    }

    @Override
    public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        return Optional.empty();
    }

    @Override
    public Optional<NativeSqlWrite> nativeSqlWrite(OutputSpec spec) {
        return Optional.of(new NativeSqlWrite(database.setupStatements(spec.context()), database.writeStatements(spec),
                AttachedTable.mechanism(database.connector(), spec.strategy())));
    }

    @Override
    public WriteSession beginWrite(OutputSpec spec, Schema schema) {
        throw AttachedSource.universal(database.connector(), spec.context(), "writes");
    }

    @Override
    public void close() {
        // Nothing is opened before the run's session attaches the database.
    }
}
