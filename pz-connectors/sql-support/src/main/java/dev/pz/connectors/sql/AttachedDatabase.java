package dev.pz.connectors.sql;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import java.util.List;

/**
 * A database the run's DuckDB session attaches through a DuckDB extension (a lakehouse catalog, a
 * remote DuckDB): what a native read or write of one of its tables needs.
 */
public interface AttachedDatabase {

    /** The connector's name, for messages and mechanisms ({@code ducklake merge}). */
    String connector();

    /**
     * The idempotent statements that load the extensions and attach the database.
     *
     * @param subject what needs them, for a refusal's message
     * @throws dev.pz.connectors.api.error.PzConnectorException when an extension or a file is missing
     */
    List<String> setupStatements(String subject);

    /** The table an entity names. */
    AttachedTable table(String entity);

    /**
     * Refuses a read that cannot work before anything runs (a missing database file, which an
     * attach would create empty). Nothing by default.
     *
     * @throws dev.pz.connectors.api.error.PzConnectorException PZ0353 with what is missing
     */
    default void checkReadable(DatasetSpec spec) {
    }

    /** A time-travel clause for the read ({@code " at (version => 3)"}), empty by default. */
    default String timeTravel(DatasetSpec spec) {
        return "";
    }

    /** Where the plan says the read comes from; no secret. */
    String location(DatasetSpec spec);

    /** The write statements; by default the attached-table SQL. */
    default List<String> writeStatements(OutputSpec spec) {
        return table(spec.entity()).writeStatements(spec);
    }
}
