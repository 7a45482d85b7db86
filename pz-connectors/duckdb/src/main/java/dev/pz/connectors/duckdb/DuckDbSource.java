package dev.pz.connectors.duckdb;

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

/** Reads a table of the attached file natively; there is no universal read. */
final class DuckDbSource implements Source {

    private final DuckDbDatabase database;

    DuckDbSource(DuckDbDatabase database) {
        this.database = database;
    }

    /**
     * The table, or a select of the contract's columns within the watermark bounds. A missing file
     * is refused (PZ0353): the read-write attach would otherwise create an empty database.
     */
    @Override
    public Optional<NativeScan> nativeScan(DatasetSpec spec) {
        String fragment = database.table(spec.entity()).readFragment(spec);
        database.file().missingForRead(spec.entity(), "duckdb").ifPresent(refusal -> {
            throw refusal;
        });
        return Optional.of(new NativeScan(fragment, database.setupStatements(), "attach",
                database.file().path().getFileName() + " table " + spec.entity(), false));
    }

    @Override
    public Schema schema(DatasetSpec spec) {
        throw universal(spec);
    }

    @Override
    public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        throw universal(spec);
    }

    private static PzConnectorException universal(DatasetSpec spec) {
        return new PzConnectorException(PzCode.NATIVE_PATH_REQUIRED, "dataset '" + spec.entity()
                + "': connector 'duckdb' reads natively only", "remove engine.force_universal");
    }

    @Override
    public void close() {
        // Nothing is opened before the run's session attaches the file.
    }
}
