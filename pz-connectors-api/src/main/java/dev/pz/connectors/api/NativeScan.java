package dev.pz.connectors.api;

import java.util.List;
import java.util.Objects;

/**
 * A read DuckDB performs itself. {@code sqlFragment} is usable after FROM (e.g.
 * {@code read_csv('/abs/orders.csv', …)}); the engine lands it with
 * {@code create table … as select * from <fragment>}. {@code setupStatements} are idempotent and run
 * once per run. {@code mechanism} and {@code location} are for the plan's reason text and must hold
 * no secret: e.g. {@code read_csv} over {@code data/orders.csv}. {@code schemaInferred} is true
 * when DuckDB invents the schema (no {@code columns:} contract). {@code sizeBytes} is the size of what
 * DuckDB will read when known (a local file), else -1: with DuckDB's own progress it shows how far
 * the read has got. A read of remote objects carries a {@code spoolFetch}: at run time the engine
 * calls it and lands the fragment it returns (over local copies) instead of {@code sqlFragment},
 * which then only describes the read. {@code sniffFragment}, when not null, is a {@code sniff_csv(…)}
 * call over the same single file with the same dialect options: the engine asks it which date and
 * timestamp formats DuckDB's sniffer chose for the inferred schema.
 */
public record NativeScan(String sqlFragment, List<String> setupStatements, String mechanism, String location,
        boolean schemaInferred, long sizeBytes, SpoolFetch spoolFetch, String sniffFragment) {

    public NativeScan {
        Objects.requireNonNull(sqlFragment, "sqlFragment");
        setupStatements = List.copyOf(setupStatements);
        Objects.requireNonNull(mechanism, "mechanism");
    }

    /** A read of files DuckDB opens itself, their size not known ahead. */
    public NativeScan(String sqlFragment, List<String> setupStatements, String mechanism, String location,
            boolean schemaInferred) {
        this(sqlFragment, setupStatements, mechanism, location, schemaInferred, -1, null, null);
    }

    /** A read of local files DuckDB opens itself, {@code sizeBytes} in all. */
    public NativeScan(String sqlFragment, List<String> setupStatements, String mechanism, String location,
            boolean schemaInferred, long sizeBytes) {
        this(sqlFragment, setupStatements, mechanism, location, schemaInferred, sizeBytes, null, null);
    }

    /** A read of remote objects, fetched into the run's spool first. */
    public NativeScan(String sqlFragment, List<String> setupStatements, String mechanism, String location,
            boolean schemaInferred, SpoolFetch spoolFetch) {
        this(sqlFragment, setupStatements, mechanism, location, schemaInferred, -1, spoolFetch, null);
    }

    /** Any read without a sniff to consult. */
    public NativeScan(String sqlFragment, List<String> setupStatements, String mechanism, String location,
            boolean schemaInferred, long sizeBytes, SpoolFetch spoolFetch) {
        this(sqlFragment, setupStatements, mechanism, location, schemaInferred, sizeBytes, spoolFetch, null);
    }
}
