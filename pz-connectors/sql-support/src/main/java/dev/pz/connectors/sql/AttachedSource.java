package dev.pz.connectors.sql;

import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads tables of an attached database natively; it has no universal read (PZ0312), and it knows a
 * table's schema only from the dataset's {@code columns:} contract.
 */
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

    /** The {@code columns:} contract: the database is not attached before the run, so nothing else is known. */
    @Override
    public Schema schema(DatasetSpec spec) {
        return contractSchema(database.connector(), spec);
    }

    /**
     * The schema a contract declares, for {@code pz validate --connect}; without a contract a refusal
     * naming {@code columns:}.
     */
    public static Schema contractSchema(String connector, DatasetSpec spec) {
        if (spec.columns() == null || spec.columns().isEmpty()) {
            throw new PzConnectorException(spec.context() + ": connector '" + connector + "' can describe a table only"
                    + " through its columns: contract -- declare columns: to check it, or skip --connect", false);
        }
        List<Field> fields = new ArrayList<>();
        spec.columns().forEach((name, type) -> fields.add(Field.nullable(name, ContractTypes.fromWord(type)
                .orElseThrow(() -> new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, ContractTypes.unknown(name, type),
                        ContractTypes.unknownHint())).arrowType())));
        return new Schema(fields);
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
