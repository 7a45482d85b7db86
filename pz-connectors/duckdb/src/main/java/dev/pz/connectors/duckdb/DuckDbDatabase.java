package dev.pz.connectors.duckdb;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.sql.AttachedDatabase;
import dev.pz.connectors.sql.AttachedTable;
import dev.pz.connectors.sql.ConnectionAliases;
import dev.pz.connectors.sql.DatabaseFile;
import java.util.List;

/**
 * One connection's database file as the run's session sees it: one read-write attach per connection
 * (DuckDB cannot attach a file twice in one process, so reads and writes share it).
 */
record DuckDbDatabase(DatabaseFile file) implements AttachedDatabase {

    @Override
    public String connector() {
        return DuckDbConnectorFactory.NAME;
    }

    String alias() {
        return ConnectionAliases.alias("duckdb", file.connection());
    }

    List<String> setupStatements() {
        return List.of("attach if not exists " + file.literal() + " as " + alias());
    }

    @Override
    public List<String> setupStatements(String subject) {
        return setupStatements();
    }

    /** A missing file is refused (PZ0353): the read-write attach would create an empty database. */
    @Override
    public void checkReadable(DatasetSpec spec) {
        file.missingForRead(spec.entity(), "duckdb").ifPresent(refusal -> {
            throw refusal;
        });
    }

    @Override
    public AttachedTable table(String entity) {
        return AttachedTable.parse(alias(), entity);
    }

    @Override
    public String location(DatasetSpec spec) {
        return file.path().getFileName() + " table " + spec.entity();
    }
}
