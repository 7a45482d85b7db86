package dev.pz.connectors.duckdb;

import dev.pz.connectors.sql.AttachedTable;
import dev.pz.connectors.sql.ConnectionAliases;
import dev.pz.connectors.sql.DatabaseFile;
import java.util.List;

/**
 * One connection's database file as the run's session sees it: one read-write attach per connection
 * (DuckDB cannot attach a file twice in one process, so reads and writes share it).
 */
record DuckDbDatabase(DatabaseFile file) {

    String alias() {
        return ConnectionAliases.alias("duckdb", file.connection());
    }

    List<String> setupStatements() {
        return List.of("attach if not exists " + file.literal() + " as " + alias());
    }

    AttachedTable table(String entity) {
        return AttachedTable.parse(alias(), entity);
    }
}
