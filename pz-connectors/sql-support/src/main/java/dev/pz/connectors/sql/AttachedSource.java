package dev.pz.connectors.sql;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/** Reads tables of an attached database natively; it has no universal read (PZ0312). */
public final class AttachedSource implements Source {

    private final AttachedDatabase database;

    public AttachedSource(AttachedDatabase database) {
        this.database = database;
    }

    @Override
    public Optional<NativeScan> nativeScan(DatasetSpec spec) {
        List<String> setup = database.setupStatements(spec.context());
        database.checkReadable(spec);
        String fragment = database.table(spec.entity()).readFragment(spec, database.timeTravel(spec));
        return Optional.of(new NativeScan(fragment, setup, "attach", database.location(spec), false));
    }

    @Override
    public Schema schema(DatasetSpec spec) {
        throw universal(database.connector(), spec.context(), "reads");
    }

    @Override
    public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        throw universal(database.connector(), spec.context(), "reads");
    }

    /** The refusal of a universal read or write by a connector that only works inside DuckDB (PZ0312). */
    static PzConnectorException universal(String connector, String subject, String verb) {
        return new PzConnectorException(PzCode.NATIVE_PATH_REQUIRED, subject + ": connector '" + connector + "' " + verb
                + " natively only (inside the run's DuckDB)", "remove engine.force_universal");
    }

    @Override
    public void close() {
        // Nothing is opened before the run's session attaches the database.
    }
}
