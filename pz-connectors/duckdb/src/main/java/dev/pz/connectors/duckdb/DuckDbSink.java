package dev.pz.connectors.duckdb;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.NativeSqlWrite;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.sql.AttachedTable;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/** Writes tables of the attached file: natively in the run's session, or from batches in a private one. */
final class DuckDbSink implements Sink {

    private final DuckDbDatabase database;

    DuckDbSink(DuckDbDatabase database) {
        this.database = database;
    }

    /** Never a file copy: the write goes into the attached database itself ({@link #nativeSqlWrite}). */
    @Override
    public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        return Optional.empty();
    }

    @Override
    public Optional<NativeSqlWrite> nativeSqlWrite(OutputSpec spec) {
        AttachedTable table = database.table(spec.entity());
        return Optional.of(new NativeSqlWrite(database.setupStatements(), table.writeStatements(spec),
                AttachedTable.mechanism("duckdb", spec.strategy())));
    }

    @Override
    public WriteSession beginWrite(OutputSpec spec, Schema schema) {
        AttachedTable table = database.table(spec.entity());
        return new DuckDbWriteSession(database, table.writeStatements(spec), schema);
    }

    @Override
    public void close() {
        // Sessions own their resources.
    }
}
